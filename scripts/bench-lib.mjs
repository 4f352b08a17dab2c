// What the benchmark scripts share: options, the PostgreSQL database and its data, building and starting the
// server, autocannon runs, the hello-world baseline of the same server, and the machine the figures come from.
// Scripts, not tests: the figures depend on the machine.
import autocannon from 'autocannon'
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, loadavg, totalmem, tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { staleTargets } from './build-state.mjs'

export const root = new URL('..', import.meta.url).pathname
const { fetch } = globalThis

/** The options every bench script takes, with its own defaults; `extra` adds the script's own. */
export function benchArgs(defaults, extra = {}) {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: String(defaults.seconds) },
      connections: { type: 'string', default: String(defaults.connections ?? 10) },
      port: { type: 'string', default: String(defaults.port) },
      json: { type: 'string' },
      ...extra,
    },
  })
  return { ...values, seconds: Number(values.seconds), connections: Number(values.connections), port: Number(values.port) }
}

/** A PostgreSQL URL with a user: PGUSER, else the operating-system user, else postgres (as the portal does). */
export function withUser(url) {
  const u = new URL(url)
  if (!u.username) u.username = process.env.PGUSER || process.env.USER || 'postgres'
  return u
}

/** The URL without its password, for printing. */
export const printable = (url) => url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1@')

export async function query(databaseUrl, text, params = []) {
  const client = new pg.Client({ connectionString: withUser(databaseUrl).toString() })
  await client.connect()
  try {
    return (await client.query(text, params)).rows
  } finally {
    await client.end()
  }
}

/** Rows of a table: -1 when the database does not exist, 0 when the table does not. */
export async function rowCount(databaseUrl, table) {
  try {
    const [{ ok }] = await query(databaseUrl, `SELECT to_regclass($1) IS NOT NULL AS ok`, [table])
    if (!ok) return 0
    return Number((await query(databaseUrl, `SELECT count(*) AS n FROM ${table}`))[0].n)
  } catch (error) {
    if (error.code === '3D000') return -1
    throw error
  }
}

export async function createDatabase(databaseUrl) {
  const admin = withUser(databaseUrl)
  const name = admin.pathname.slice(1)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`)
  } finally {
    await client.end()
  }
}

/** Runs the seed command (apps/server/dist/seed.js) into the database. */
export function seed(databaseUrl, scale, reset = false) {
  const res = spawnSync('node', ['apps/server/dist/seed.js', '--scale', scale, ...(reset ? ['--reset'] : [])], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrl },
  })
  if (res.status !== 0) process.exit(res.status ?? 1)
}

/**
 * Makes sure the database holds the large data set (at least `min` rows in `table`); with `load` it creates
 * the database and loads the set when it is missing or smaller, otherwise it stops with how to load it.
 */
export async function ensureLargeData({ databaseUrl, table, min, load, command }) {
  let count = await rowCount(databaseUrl, table)
  if (count >= min) return count
  if (!load) {
    console.error(
      `${printable(databaseUrl)} does not hold the large data set (${count < 0 ? 'no such database' : `${count} rows in ${table}`}).\n` +
        `Load it with: ${command} -- --seed   (or: DATABASE_URL=${printable(databaseUrl)} node apps/server/dist/seed.js --scale large)`,
    )
    process.exit(1)
  }
  if (count < 0) await createDatabase(databaseUrl)
  console.log(`Loading the large data set into ${printable(databaseUrl)} (a few minutes)...`)
  seed(databaseUrl, 'large', count > 0)
  count = await rowCount(databaseUrl, table)
  return count
}

/** Builds the server bundle (and, when asked, the web app) when it is older than its sources. */
export function buildIfStale(workspaces = ['@portal/server']) {
  for (const target of staleTargets()) {
    if (!workspaces.includes(target.workspace)) continue
    console.log(`Building the ${target.name}...`)
    const res = spawnSync('npm', ['run', 'build', '-w', target.workspace, '--silent'], { cwd: root, stdio: 'inherit' })
    if (res.status !== 0) process.exit(res.status ?? 1)
  }
}

async function isUp(url) {
  try {
    return (await fetch(url)).ok
  } catch {
    return false
  }
}

/**
 * Starts the built server (apps/server/dist/main.js) on 127.0.0.1:port with `env` on top of this process's
 * environment and waits until `readyPath` answers. Returns { base, stop() }.
 * `command` runs something else (scripts/start.mjs for what `npm start` does); `dataDir: true` gives the
 * embedded database a fresh directory that stop() removes.
 */
export async function startServer({ port, env = {}, readyPath = '/api/site', command = 'apps/server/dist/main.js', dataDir = false, timeoutMs = 120_000 }) {
  const base = `http://127.0.0.1:${port}`
  if (await isUp(`${base}/api/site`)) throw new Error(`Port ${port} is in use: choose another with --port.`)
  const dir = dataDir ? mkdtempSync(join(tmpdir(), 'bench-portal-')) : null
  const child = spawn('node', [command], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true, // its own process group, so that stop() also ends a build it started
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      ...(dir ? { DATA_DIR: dir } : {}),
      ...env,
    },
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const kill = () => {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
  process.once('exit', kill)
  const stop = async () => {
    kill()
    // The embedded database writes until it has closed; the directory goes after the process.
    await Promise.race([exited, delay(15_000)])
    if (dir) rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`the server stopped with code ${child.exitCode}`)
    }
    if (await isUp(`${base}${readyPath}`)) return { base, stop, pid: child.pid }
    await delay(250)
  }
  await stop()
  throw new Error(`the server did not start within ${timeoutMs / 1000} s`)
}

/**
 * Production mode refuses to start without an https PUBLIC_URL, an SMTP server and real payment settings
 * (docs/decisions/0017-operations-settings-errors-health-metrics.md): stand-ins that nothing in a benchmark reaches.
 */
export const PRODUCTION_STAND_INS = {
  PUBLIC_URL: 'https://bench.portal.invalid',
  SMTP_URL: 'smtp://127.0.0.1:9',
  SECUREPAY_URL: 'https://test.api.securepay.com.au/directpost/authorise',
  SECUREPAY_MERCHANT_ID: 'BENCH01',
  SECUREPAY_PASSWORD: 'bench-only-transaction-password',
}

/** Starts the server on PostgreSQL for a benchmark: production mode, the hello-world route on. */
export function startBenchServer({ databaseUrl, port, env = {} }) {
  return startServer({
    port,
    readyPath: '/api/hello',
    env: { NODE_ENV: 'production', ...PRODUCTION_STAND_INS, DATABASE_URL: databaseUrl, BENCH_HELLO: '1', DATABASE_POOL_SIZE: '20', ...env },
  })
}

export async function call(base, method, path, { token, body } = {}) {
  const res = await fetch(`${base}/api/${path.replace(/^\/?(api\/)?/, '')}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text() }
}

export async function signIn(base, username, password) {
  const res = await call(base, 'POST', 'login', { body: { username, password } })
  if (res.status !== 200) throw new Error(`sign-in as ${username} failed (${res.status}): is this the data set with demo logins?`)
  return res.body.token
}

/**
 * One autocannon scenario: 2 s of warm-up (JIT, pool, caches), then `seconds` measured. The requests are
 * cycled through, so that no single cached plan or page flatters the figure.
 * Returns { rps, p50, p99, max, requests, non2xx, errors }.
 */
export async function measure({ base, connections, seconds, requests, headers = {}, title, warmup = 2 }) {
  const list = requests.map((r) => ({ method: 'GET', ...r }))
  if (warmup > 0) await autocannon({ url: base, connections, duration: warmup, headers, requests: list })
  const result = await autocannon({ url: base, connections, duration: seconds, title, headers, requests: list })
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

/** The do-nothing GET /api/hello of the same server, at the same connections: the ceiling the others compare to. */
export const measureHello = ({ base, connections, seconds }) => measure({ base, connections, seconds, requests: [{ path: '/api/hello' }], title: 'hello world' })

/** Adds each result's throughput as a share of hello world's. */
export function withHelloRatio(results, hello) {
  return Object.fromEntries(Object.entries(results).map(([title, r]) => [title, { ...r, helloRatio: hello.rps ? Number((r.rps / hello.rps).toFixed(3)) : null }]))
}

const pad = (value, width) => String(value).padStart(width)

export function printResult(title, r, width = 36) {
  const failed = r.non2xx + r.errors ? `  (${r.non2xx} non-2xx, ${r.errors} errors)` : ''
  const ratio = r.helloRatio !== undefined && r.helloRatio !== null ? `   ${(r.helloRatio * 100).toFixed(1).padStart(5)} % of hello` : ''
  console.log(`${title.padEnd(width)} ${pad(r.rps, 7)} req/s   p50 ${pad(r.p50, 4)} ms   p99 ${pad(r.p99, 4)} ms${ratio}${failed}`)
}

/** The machine and software the figures come from. */
export async function machine(databaseUrl) {
  const info = {
    cores: cpus().length,
    cpu: cpus()[0]?.model?.trim() ?? 'unknown',
    memoryGiB: Number((totalmem() / 1024 ** 3).toFixed(1)),
    node: process.version,
    postgres: null,
  }
  if (databaseUrl) {
    try {
      info.postgres = (await query(databaseUrl, 'SHOW server_version'))[0].server_version
    } catch {
      // no server: left out
    }
  }
  return info
}

/** The load average (1 minute) now: on a shared machine the figures mean little without it. */
export const load = () => Number(loadavg()[0].toFixed(2))

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

export function writeJson(path, data) {
  if (path) writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`)
}
