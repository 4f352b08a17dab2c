// Builds whatever is missing or older than its sources.
import { spawnSync } from 'node:child_process'
import { staleTargets } from './build-state.mjs'

export function ensureBuilt() {
  for (const target of staleTargets()) {
    console.log(`Building the ${target.name}...`)
    const started = Date.now()
    const res = spawnSync('npm', ['run', 'build', '-w', target.workspace, '--silent'], { stdio: 'inherit', cwd: new URL('..', import.meta.url).pathname })
    if (res.status !== 0) {
      console.error(`Building the ${target.name} failed.`)
      process.exit(res.status ?? 1)
    }
    console.log(`Built the ${target.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  }
}
