// Builds whatever is missing or older than its sources.
import { spawnSync } from 'node:child_process'
import { staleTargets } from './build-state.mjs'

export function ensureBuilt() {
  for (const target of staleTargets()) {
    console.log(`Building the ${target.name}...`)
    const started = Date.now()
    // Always a production build, whoever asks: a caller's NODE_ENV (a test runner's `test`) would make Vite build the
    // web app for development, whose page never registers its service worker (features/offline/register.ts).
    const res = spawnSync('npm', ['run', 'build', '-w', target.workspace, '--silent'], {
      stdio: 'inherit',
      cwd: new URL('..', import.meta.url).pathname,
      env: { ...process.env, NODE_ENV: 'production' },
    })
    if (res.status !== 0) {
      console.error(`Building the ${target.name} failed.`)
      process.exit(res.status ?? 1)
    }
    console.log(`Built the ${target.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  }
}
