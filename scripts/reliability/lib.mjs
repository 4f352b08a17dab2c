// Shared pieces of the reliability suite (scripts/reliability/*.mjs): databases of its own, the server
// started as a child process (apps/server/dist/main.js), an HTTP client on 127.0.0.1, RSS samples, figures.
import { Buffer } from 'node:buffer'
import { spawn, spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { createWriteStream, readFileSync, mkdirSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { clearTimeout, setTimeout } from 'node:timers'
import { setTimeout as delay } from 'node:timers/promises'
import pg from 'pg'
import { staleTargets } from '../build-state.mjs'

export const root = new URL('../..', import.meta.url).pathname
export const logDir = join(tmpdir(), 'reliability-logs')
const logsStarted = new Set()

/** The PostgreSQL server the suite makes its own databases on (`reliability_*`); a database name in it is ignored. */
export const serverUrl = process.env.RELIABILITY_DATABASE_URL || 'postgres://127.0.0.1:5432/postgres'

export function databaseUrl(name) {
  const u = new URL(serverUrl)
  if (!u.username) u.username = process.env.PGUSER || process.env.USER || 'postgres'
  u.pathname = `/${name}`
  return u.toString()
}

/** A URL safe to print (no password). */
export const printable = (url) => url.replace(/\/\/[^@/]*@/, '//')

export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

const checkName = (name) => {
  if (!/^reliability_[a-z0-9_]+$/.test(name)) throw new Error(`refusing to touch database ${name}: the suite only uses reliability_* databases`)
  return name
}

export async function dropDatabase(name) {
  await withClient(databaseUrl('postgres'), (c) => c.query(`DROP DATABASE IF EXISTS ${checkName(name)} WITH (FORCE)`))
}

/** A new, empty database (an older one of the same name is dropped first). */
export async function createDatabase(name) {
  await dropDatabase(name)
  await withClient(databaseUrl('postgres'), (c) => c.query(`CREATE DATABASE ${checkName(name)}`))
  return databaseUrl(name)
}

/** Builds the server bundle when its sources are newer (as the bench scripts do). */
export function ensureServerBuilt() {
  if (!staleTargets().some((t) => t.workspace === '@portal/server')) return
  console.log('Building the server...')
  const res = spawnSync('npm', ['run', 'build', '-w', '@portal/server', '--silent'], { cwd: root, stdio: 'inherit' })
  if (res.status !== 0) throw new Error('building the server failed')
}

/** The demo data set (with the demo logins) into a PostgreSQL database or a PGlite directory. */
export function seedDemo({ url, dataDir }) {
  const env = { ...process.env }
  delete env.DATABASE_URL
  delete env.DATA_DIR
  if (url) env.DATABASE_URL = url
  else env.DATA_DIR = dataDir
  const res = spawnSync('node', ['apps/server/dist/seed.js', '--scale', 'demo'], { cwd: root, env, encoding: 'utf8' })
  if (res.status !== 0) throw new Error(`seeding failed:\n${res.stderr}${res.stdout}`)
}

/**
 * The portal as its own process. NODE_ENV=test rather than production: production mode refuses to start
 * without an https PUBLIC_URL, an SMTP server and real payment-provider settings, none of which exist on
 * 127.0.0.1, and it differs from test mode in nothing the suite measures (the sandboxes and the dev outbox
 * page are not used). DEMO_MODE=false: the scripts seed their own data and create their own users.
 */
export function startServer({ name, port, url, dataDir, env = {} }) {
  mkdirSync(logDir, { recursive: true })
  const logFile = join(logDir, `${name}-${port}.log`)
  // One log per server name and port, started afresh by each run of a script (restarts append to it).
  const log = createWriteStream(logFile, { flags: logsStarted.has(logFile) ? 'a' : 'w' })
  logsStarted.add(logFile)
  const childEnv = { ...process.env }
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'PUBLIC_URL', 'SMTP_URL', 'SENTRY_DSN']) delete childEnv[key]
  Object.assign(childEnv, {
    NODE_ENV: 'test',
    DEMO_MODE: 'false',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    IP_LOOKUP_URL: 'off',
    ...(url ? { DATABASE_URL: url } : { DATA_DIR: dataDir }),
    ...env,
  })
  const started = performance.now()
  const proc = spawn('node', ['apps/server/dist/main.js'], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] })
  log.write(`\n--- ${new Date().toISOString()} start pid ${proc.pid}\n`)
  proc.stdout.pipe(log, { end: false })
  proc.stderr.pipe(log, { end: false })
  let stderr = ''
  proc.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-4000)
  })
  const exited = new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })))
  const base = `http://127.0.0.1:${port}`
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
    /** Resolves once the server answers, with the milliseconds it took; rejects if it stops first. */
    async ready(timeoutMs = 300_000) {
      const deadline = Date.now() + timeoutMs
      while (Date.now() < deadline) {
        if (!server.alive)
          throw new Error(`${name} (port ${port}) stopped while starting (code ${proc.exitCode}, signal ${proc.signalCode}):\n${stderr.trim()}`)
        const ok = await probe(base)
        if (ok) return performance.now() - started
        await delay(100)
      }
      throw new Error(`${name} (port ${port}) did not start within ${timeoutMs / 1000} s; log: ${logFile}`)
    },
    async kill(signal = 'SIGKILL') {
      if (!server.alive) return exited
      proc.kill(signal)
      return exited
    },
    /** A graceful stop (SIGTERM), with SIGKILL as the backstop. */
    async stop() {
      if (!server.alive) return exited
      proc.kill('SIGTERM')
      const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000)
      const result = await exited
      clearTimeout(timer)
      return result
    },
    stderr: () => stderr,
  }
  return server
}

function probe(base) {
  return new Promise((resolve) => {
    const req = http.get(`${base}/api/site`, { agent: false, timeout: 2000 }, (res) => {
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

/** A failure on the way (refused, reset, timed out): no HTTP answer at all. */
export class TransportError extends Error {
  constructor(cause) {
    super(cause.code || cause.message)
    this.code = cause.code || 'ERROR'
  }
}

/**
 * A small keep-alive HTTP client for JSON APIs: resolves with { status, body, ms } for every HTTP
 * answer, rejects with a TransportError when there is none.
 */
export function httpClient(base, { sockets = 64, timeoutMs = 30_000 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets })
  const { hostname, port } = new URL(base)
  function request(method, path, { token, body, headers = {} } = {}) {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body))
    const started = performance.now()
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent,
          hostname,
          port,
          method,
          path,
          timeout: timeoutMs,
          headers: {
            accept: 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks = []
          res.on('data', (c) => chunks.push(c))
          res.on('error', (e) => reject(new TransportError(e)))
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8')
            let parsed = text
            if ((res.headers['content-type'] || '').includes('json') && text) {
              try {
                parsed = JSON.parse(text)
              } catch {
                // leave it as text
              }
            }
            resolve({ status: res.statusCode, body: parsed, ms: performance.now() - started })
          })
        },
      )
      req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })))
      req.on('error', (e) => reject(new TransportError(e)))
      if (payload) req.write(payload)
      req.end()
    })
  }
  return { request, close: () => agent.destroy() }
}

export const newKey = () => randomUUID()

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}

/** Requests of one kind: statuses, transport errors and latencies. */
export class Tally {
  constructor() {
    this.statuses = new Map()
    this.errors = new Map()
    this.latencies = []
  }
  add(status, ms) {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1)
    this.latencies.push(ms)
  }
  fail(code) {
    this.errors.set(code, (this.errors.get(code) ?? 0) + 1)
  }
  get count() {
    return this.latencies.length
  }
  count5xx() {
    let n = 0
    for (const [s, c] of this.statuses) if (s >= 500) n += c
    return n
  }
  countNon2xx() {
    let n = 0
    for (const [s, c] of this.statuses) if (s < 200 || s >= 300) n += c
    return n
  }
  errorCount() {
    let n = 0
    for (const c of this.errors.values()) n += c
    return n
  }
  summary() {
    const sorted = Float64Array.from(this.latencies).sort()
    return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.length ? sorted[sorted.length - 1] : NaN }
  }
  statusText() {
    const parts = [...this.statuses].sort((a, b) => a[0] - b[0]).map(([s, c]) => `${s}: ${c}`)
    for (const [code, c] of this.errors) parts.push(`${code}: ${c}`)
    return parts.join(', ')
  }
}

export const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-')

/** Runs the async main, prints a FAILED/PASSED line and sets the exit code. */
export function run(title, main) {
  main().then(
    (failures) => {
      if (failures.length) {
        console.log(`\n${title}: FAILED`)
        for (const f of failures) console.log(`  - ${f}`)
        process.exitCode = 1
      } else {
        console.log(`\n${title}: PASSED`)
      }
    },
    (error) => {
      console.error(`\n${title}: FAILED (${error instanceof Error ? error.stack || error.message : error})`)
      process.exitCode = 1
    },
  )
}

/** The on-terms (not cash-sale, not reseller) accounts, with their default branches, in id order. */
export async function onTermsAccounts(client) {
  return (await client.query(`SELECT id, default_branch FROM customer_accounts WHERE upper(trim(sales_category)) <> 'CAS' AND NOT is_elders ORDER BY id`)).rows
}

/**
 * Users of the suite's own, spread round-robin over the given accounts. They sign in with the demo
 * password Trade2026: their hash is the demo user trade's (argon2id, salted; the same hash works for any row).
 */
export async function createUsers(client, { prefix, accounts, count }) {
  const hash = (await client.query(`SELECT password_hash FROM users WHERE username = 'trade'`)).rows[0]?.password_hash
  if (!hash) throw new Error('the demo user trade is missing: was the database seeded with the demo logins?')
  const users = []
  for (let i = 0; i < count; i++) {
    const account = accounts[i % accounts.length]
    const username = `${prefix}-${i}`
    const { rows } = await client.query(
      `INSERT INTO users (account_id, username, name, email, role, password_hash) VALUES ($1, $2, $3, $4, 'User', $5) RETURNING id`,
      [account.id, username, `Reliability user ${i}`, `${username}@reliability.example`, hash],
    )
    users.push({ id: rows[0].id, username, password: 'Trade2026', accountId: account.id, branch: account.default_branch })
  }
  return users
}

/** The checkout form of POST /api/orders for a branch. */
export const orderForm = (branch, po) => ({
  DeliveryName: 'Reliability Farm Supplies',
  Address1: '1 Test Road',
  Address2: '',
  City: 'Wagga Wagga',
  State: 'NSW',
  PostalCode: '2650',
  Contact: 'Reliability Buyer',
  Email: 'buyer@reliability.example',
  Phone: '02 6900 0000',
  Fax: '',
  CarrierName: 'Toll',
  CarrierInstructions: '',
  PurchaseOrder: po,
  OrderDesc: 'Reliability suite order',
  DeliveryType: 1,
  warehouse: branch,
})

export const cents = (dollars) => Math.round(Number(dollars) * 100)
