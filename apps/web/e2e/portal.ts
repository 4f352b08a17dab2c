import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// A second portal for the journeys that need other settings (error reporting, the Mastercard Gateway): its own
// port, its own embedded database, started from the build as `npm start` would.

export type Portal = { base: string; stop: () => Promise<void> }

const root = new URL('../../..', import.meta.url).pathname
/** What the server prints once it listens (apps/server/src/main.ts). */
const READY = 'Trade ordering portal is running at'

/** The portals this worker started: stopped with it even when a hook times out before its afterAll could. */
const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/** A port nobody listens on right now. Another process may still take it before the portal binds it. */
export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

/**
 * Starts a portal with `env` added to the usual settings (on a port and database directory of its own, or on
 * those given: a restart of an earlier one), and resolves when that very process says it is
 * listening: not when something answers at its port (on a shared machine another server may hold it). A port
 * taken between choosing it and binding it is chosen again.
 */
export async function startPortal(env: Record<string, string>, at: { port: number; dataDir: string } | null = null): Promise<Portal> {
  for (let attempt = 1; ; attempt++) {
    const port = at?.port ?? (await freePort())
    const base = `http://127.0.0.1:${port}`
    // A directory of the caller's is the caller's to empty (a restart keeps its database); our own is thrown away.
    const ours = !at
    const dataDir = at?.dataDir ?? join(tmpdir(), `portal-e2e-extra-${port}`)
    if (ours) rmSync(dataDir, { recursive: true, force: true })
    const child = spawn('node', ['apps/server/dist/main.js'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: base, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    running.add(child)
    child.once('exit', () => running.delete(child))
    const outcome = await listening(child)
    if (outcome === 'ready') {
      return {
        base,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) {
            const exited = new Promise((resolve) => child.once('exit', resolve))
            child.kill('SIGTERM')
            await exited
          }
          if (ours) rmSync(dataDir, { recursive: true, force: true })
        },
      }
    }
    if (ours) rmSync(dataDir, { recursive: true, force: true })
    if (!outcome.includes('EADDRINUSE') || attempt >= 5 || at) throw new Error(`the portal at ${base} did not start:\n${outcome}`)
  }
}

/** 'ready' once the process prints its ready line; what it wrote to stderr if it exits first. */
function listening(child: ChildProcess): Promise<'ready' | string> {
  return new Promise((resolve) => {
    let out = ''
    let err = ''
    child.stdout!.setEncoding('utf8')
    child.stderr!.setEncoding('utf8')
    // Both pipes are read to the end, so that a chatty server never blocks on a full pipe.
    child.stdout!.on('data', (chunk: string) => {
      if (out.length < 100_000) out += chunk
      if (out.includes(READY)) resolve('ready')
    })
    child.stderr!.on('data', (chunk: string) => {
      if (err.length < 100_000) err += chunk
    })
    child.once('exit', (code, signal) => resolve(`exited with ${signal ?? code}\n${err.slice(-4000)}`))
  })
}
