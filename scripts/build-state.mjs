// Tells whether the server bundle and the web build are older than their sources.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname

function newest(path) {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  let max = 0
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'e2e') continue
    max = Math.max(max, newest(join(path, entry)))
  }
  return max
}

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : -1)

export const targets = [
  {
    name: 'server',
    workspace: '@portal/server',
    output: join(root, 'apps/server/dist/main.js'),
    sources: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', 'packages/contract/src'],
  },
  {
    name: 'web app',
    workspace: '@portal/web',
    output: join(root, 'apps/web/dist/index.html'),
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/vite-plugins',
      'apps/web/public',
      'apps/web/package.json',
      'packages/contract/src',
    ],
  },
]

export function staleTargets() {
  return targets.filter((t) => mtime(t.output) < Math.max(...t.sources.map((s) => newest(join(root, s)))))
}
