import { resolve } from 'node:path'
import type { Plugin } from 'vite'

/**
 * Builds `file` as an entry of its own and puts its script first in index.html's head. Vite folds every module
 * script of index.html into one entry, which runs only once all of its imports (React) are in; this one runs
 * as soon as it is here (src/preload-screen.ts: it starts fetching the opened screen's code).
 */
export function earlyEntry(file: string): Plugin {
  let root = process.cwd()
  return {
    name: 'portal:early-entry',
    apply: 'build',
    config(config) {
      root = resolve(config.root ?? process.cwd())
      return { build: { rolldownOptions: { input: { index: resolve(root, 'index.html'), early: resolve(root, file) } } } }
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const target = resolve(root, file)
        const chunk = Object.values(context.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId === target)
        if (!chunk) throw new Error(`portal:early-entry: no chunk for ${file}`)
        return [{ tag: 'script', attrs: { type: 'module', crossorigin: true, src: `/${chunk.fileName}` }, injectTo: 'head-prepend' }]
      },
    },
  }
}
