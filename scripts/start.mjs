// npm start: build what is not built, then run the portal as this process's child. A SIGTERM, SIGINT or SIGHUP
// sent to this process (its pid, or npm's: package.json execs this script, so npm's signal reaches it) goes on
// to the portal, which closes its database and gives up the data directory's lock; this process waits for it
// and ends with its exit code. Run in this process instead, the portal would outlive a `sh -c` wrapper killed
// by its pid, still serving and holding the database.
import { spawn } from 'node:child_process'
import { constants } from 'node:os'
import { fileURLToPath } from 'node:url'
import { ensureBuilt } from './ensure-built.mjs'

const FORWARDED = ['SIGTERM', 'SIGINT', 'SIGHUP']

ensureBuilt()
const server = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url))
const child = spawn(process.execPath, [...process.execArgv, server, ...process.argv.slice(2)], { stdio: 'inherit' })

for (const signal of FORWARDED) {
  process.on(signal, () => {
    // Ctrl-C reaches both processes (one process group); the portal shuts down once however often it is told.
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
  })
}

child.on('error', (error) => {
  console.error(`The portal could not be started: ${error.message}`)
  process.exit(1)
})

child.on('exit', (code, signal) => {
  // Killed by a signal: the shell's convention, 128 + the signal's number.
  process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1))
})
