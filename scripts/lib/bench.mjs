// What the benchmark scripts share: their options, the large data set, the server in production mode with its
// hello-world route, autocannon runs and their printing. Scripts, not tests: the figures depend on the machine.
import autocannon from 'autocannon'
import { parseArgs } from 'node:util'
import { createDatabase, printable, rowCount, seed, withClient } from './postgres.mjs'
import { startServer } from './server.mjs'

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

/** Runs the seed command (apps/server/dist/seed.js) into the database, showing its progress. */
export const seedShowingProgress = (databaseUrl, scale, reset = false) => seed({ url: databaseUrl, scale, reset, inherit: true })

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
  seedShowingProgress(databaseUrl, 'large', count > 0)
  count = await rowCount(databaseUrl, table)
  return count
}

/**
 * Vacuums the tables the benchmarks write by the thousand (cart lines, carts, sessions, cart requests, stock)
 * before a measured run. On a server with autovacuum off (this machine's) the dead rows
 * of earlier runs pile up and every read goes through them: 474,000 in cart_lines after a day of runs tripled a
 * cart add's PostgreSQL time (decision 0098). Production runs autovacuum (docs/deployment.md).
 */
export const vacuumWritten = (databaseUrl) => withClient(databaseUrl, (db) => db.query('VACUUM ANALYZE cart_lines, carts, sessions, cart_requests, stock'))

/**
 * Starts the built server (apps/server/dist/main.js) on 127.0.0.1:port with `env` on top of this process's
 * environment and waits until `readyPath` answers. Returns { base, pid, stop() }.
 * `command` runs something else (scripts/start.mjs for what `npm start` does); `dataDir: true` gives the
 * embedded database a fresh directory that stop() removes.
 */
export const startServerWithOutput = ({ port, env = {}, readyPath = '/api/site', command, nodeArgs, dataDir = false, timeoutMs = 120_000 }) =>
  startServer({
    nodeArgs,
    port,
    readyPath,
    command,
    dataDir: dataDir || undefined,
    timeoutMs,
    inherit: true,
    group: true,
    env: { PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
  })

/**
 * Production mode refuses to start without an https PUBLIC_URL, an SMTP server and real payment settings
 * (docs/decisions/0017-operations-settings-errors-health-metrics.md): stand-ins that nothing in a benchmark reaches.
 */
const PRODUCTION_STAND_INS = {
  PUBLIC_URL: 'https://bench.portal.invalid',
  SMTP_URL: 'smtp://127.0.0.1:9',
  SECUREPAY_URL: 'https://test.api.securepay.com.au/directpost/authorise',
  SECUREPAY_MERCHANT_ID: 'BENCH01',
  SECUREPAY_PASSWORD: 'bench-only-transaction-password',
  // Production mode starts only with a distributor's own identity (decision 0075).
  DISTRIBUTOR_NAME: 'Bench Rural Supplies',
  DISTRIBUTOR_ABN: '33 618 240 660',
  DISTRIBUTOR_PHONE: '03 5572 1800',
  DISTRIBUTOR_EMAIL: 'orders@bench.portal.invalid',
  DISTRIBUTOR_ADDRESS: '1 Bench Street, Hamilton VIC 3300',
}

/** Starts the server on PostgreSQL for a benchmark: production mode, the hello-world route on. */
export function startBenchServer({ databaseUrl, port, env = {} }) {
  return startServerWithOutput({
    port,
    // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": the server's CPU profile, written as it stops.
    nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [],
    readyPath: '/api/hello',
    env: {
      NODE_ENV: 'production',
      ...PRODUCTION_STAND_INS,
      DATABASE_URL: databaseUrl,
      BENCH_HELLO: '1',
      DATABASE_POOL_SIZE: '20',
      ...env,
    },
  })
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
export const measureHello = ({ base, connections, seconds, warmup }) =>
  measure({ base, connections, seconds, requests: [{ path: '/api/hello' }], title: 'hello world', warmup })

/** Adds each result's throughput as a share of hello world's. */
export function withHelloRatio(results, hello) {
  return Object.fromEntries(
    Object.entries(results).map(([title, r]) => [title, { ...r, helloRatio: hello.rps ? Number((r.rps / hello.rps).toFixed(3)) : null }]),
  )
}

const pad = (value, width) => String(value).padStart(width)

export function printResult(title, r, width = 36) {
  const failed = r.non2xx + r.errors ? `  (${r.non2xx} non-2xx, ${r.errors} errors)` : ''
  const ratio = r.helloRatio !== undefined && r.helloRatio !== null ? `   ${(r.helloRatio * 100).toFixed(1).padStart(5)} % of hello` : ''
  console.log(`${title.padEnd(width)} ${pad(r.rps, 7)} req/s   p50 ${pad(r.p50, 4)} ms   p99 ${pad(r.p99, 4)} ms${ratio}${failed}`)
}
