// The portal as a child process of a script (benchmarks, reliability suite): started on 127.0.0.1 with the
// script's settings, waited for, stopped (SIGTERM, SIGKILL as the backstop) or killed; its RSS; free ports.
import { spawn } from 'node:child_process'
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { clearTimeout, setTimeout } from 'node:timers'
import { setTimeout as delay } from 'node:timers/promises'
import { root } from './paths.mjs'

export const logDir = join(tmpdir(), 'reliability-logs')
const logsStarted = new Set()

/** Settings of the parent's environment a server of a script never inherits unless given again. */
const NOT_INHERITED = ['DATABASE_URL', 'DATA_DIR', 'PUBLIC_URL', 'SMTP_URL', 'SENTRY_DSN']

/**
 * Starts `command` (apps/server/dist/main.js) on 127.0.0.1:port and returns at once a handle:
 * { base, pid, proc, exited, alive, ready(), stop(), kill(signal), stderr() }.
 * - `url` (PostgreSQL) or `dataDir` (PGlite; `true` for a fresh temporary directory that stop() removes);
 * - `env` on top of the parent's environment less DATABASE_URL, DATA_DIR, PUBLIC_URL, SMTP_URL, SENTRY_DSN
 *   (`inherit: true` keeps them, for scripts/start.mjs run as `npm start` would be);
 * - `log`: the server's output goes to $TMPDIR/reliability-logs/<name>-<port>.log (else stdout is dropped and
 *   stderr shown);
 * - `nodeArgs`: options for node itself (`--cpu-prof` and the like, which NODE_OPTIONS does not take);
 * - `group`: its own process group, so that stop() also ends a build scripts/start.mjs started.
 */
export function spawnServer({
  name = 'server',
  port,
  url,
  dataDir,
  env = {},
  command = 'apps/server/dist/main.js',
  nodeArgs = [],
  readyPath = '/api/site',
  log = false,
  inherit = false,
  group = false,
}) {
  const base = `http://127.0.0.1:${port}`
  const tempDir = dataDir === true ? mkdtempSync(join(tmpdir(), 'bench-portal-')) : null
  const childEnv = { ...process.env }
  if (!inherit) for (const key of NOT_INHERITED) delete childEnv[key]
  Object.assign(childEnv, {
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    ...(url ? { DATABASE_URL: url } : {}),
    ...(tempDir ? { DATA_DIR: tempDir } : dataDir ? { DATA_DIR: dataDir } : {}),
    ...env,
  })
  const started = performance.now()
  const proc = spawn('node', [...nodeArgs, command], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: group })
  let logFile = null
  if (log) {
    mkdirSync(logDir, { recursive: true })
    logFile = join(logDir, `${name}-${port}.log`)
    // One log per server name and port, started afresh by each run of a script (restarts append to it).
    const stream = createWriteStream(logFile, { flags: logsStarted.has(logFile) ? 'a' : 'w' })
    logsStarted.add(logFile)
    stream.write(`\n--- ${new Date().toISOString()} start pid ${proc.pid}\n`)
    proc.stdout.pipe(stream, { end: false })
    proc.stderr.pipe(stream, { end: false })
  } else {
    proc.stdout.resume()
    proc.stderr.pipe(process.stderr, { end: false })
  }
  let stderr = ''
  proc.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-4000)
  })
  const exited = new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })))
  const signal = (sig) => {
    try {
      if (group) process.kill(-proc.pid, sig)
      else proc.kill(sig)
    } catch {
      // already gone
    }
  }
  const onExit = () => signal('SIGTERM')
  process.once('exit', onExit)
  proc.once('exit', () => process.removeListener('exit', onExit))
  const server = {
    name,
    port,
    base,
    proc,
    pid: proc.pid,
    logFile,
    exited,
    get alive() {
      return proc.exitCode === null && proc.signalCode === null
    },
    /** Resolves once `readyPath` answers 200, with the milliseconds it took; rejects if the server stops first. */
    async ready(timeoutMs = 300_000) {
      const deadline = Date.now() + timeoutMs
      while (Date.now() < deadline) {
        if (!server.alive)
          throw new Error(`${name} (port ${port}) stopped while starting (code ${proc.exitCode}, signal ${proc.signalCode}):\n${stderr.trim()}`)
        if (await probe(`${base}${readyPath}`)) return performance.now() - started
        await delay(100)
      }
      throw new Error(`${name} (port ${port}) did not start within ${timeoutMs / 1000} s${logFile ? `; log: ${logFile}` : ''}`)
    },
    async kill(sig = 'SIGKILL') {
      if (server.alive) signal(sig)
      return exited
    },
    /** A graceful stop (SIGTERM), with SIGKILL after 15 s as the backstop; removes a temporary data directory. */
    async stop() {
      if (server.alive) {
        signal('SIGTERM')
        const timer = setTimeout(() => signal('SIGKILL'), 15_000)
        await exited
        clearTimeout(timer)
      }
      if (tempDir) rmSync(tempDir, { recursive: true, force: true })
      return exited
    },
    stderr: () => stderr,
  }
  return server
}

/** spawnServer, then waits until it answers (refusing a port already in use); stops it if it does not come up. */
export async function startServer({ timeoutMs = 120_000, ...options }) {
  if (await probe(`http://127.0.0.1:${options.port}/api/site`)) throw new Error(`Port ${options.port} is in use: choose another with --port.`)
  const server = spawnServer(options)
  try {
    await server.ready(timeoutMs)
  } catch (error) {
    await server.stop()
    throw error
  }
  return server
}

function probe(url) {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: 2000 }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode === 200))
    })
    req.on('error', () => resolve(false))
    req.on('timeout', () => {
      req.destroy()
      resolve(false)
    })
  })
}

/** Resident set size of a process in MiB, from /proc/<pid>/status (null once it is gone). */
export function rssMiB(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) / 1024 : null
  } catch {
    return null
  }
}

/** A TCP port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}
