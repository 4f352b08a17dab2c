// Builds what a script runs (the server bundle, the web app) when it is older than its sources.
import { spawnSync } from 'node:child_process'
import { staleTargets } from '../build-state.mjs'
import { root } from './paths.mjs'

export function buildIfStale(workspaces = ['@portal/server']) {
  for (const target of staleTargets()) {
    if (!workspaces.includes(target.workspace)) continue
    console.log(`Building the ${target.name}...`)
    const res = spawnSync('npm', ['run', 'build', '-w', target.workspace, '--silent'], { cwd: root, stdio: 'inherit' })
    if (res.status !== 0) throw new Error(`building the ${target.name} failed`)
  }
}

/** buildIfStale for a script that cannot go on without the build: on failure it prints why and stops the process. */
export function buildIfStaleOrExit(workspaces) {
  try {
    buildIfStale(workspaces)
  } catch (error) {
    console.error(error.message)
    process.exit(1)
  }
}
