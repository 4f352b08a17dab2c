// npm run dev: the API with reload (tsx watch) on PORT (default 3000) and Vite's dev server on 5173, proxying to it.
import { spawn } from 'node:child_process'

const root = new URL('..', import.meta.url).pathname
const api = process.env.API_PROXY_TARGET ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { stdio: 'inherit', cwd: root }),
  spawn('npx', ['vite', '--host'], { stdio: 'inherit', cwd: `${root}/apps/web`, env: { ...process.env, API_PROXY_TARGET: api } }),
]
const stop = () => children.forEach((c) => c.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const c of children)
  c.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  })
