// npm run bench:history: p50/p99 latency of the account-history lists (orders first page and a deep page,
// invoice search, back orders) for the account with 20,000+ orders, on PostgreSQL with the large data set,
// each beside a hello-world route of the same server, then the query plans of those lists
// (scripts/history-plans.ts; --no-plans leaves them out).
//
//   npm run bench:history [-- --seconds 10 --connections 10 --port 3293 --seed --cold --no-plans --json results.json]
//
// --cold starts the server with CACHE_SECONDS=0 (its session and history-page caches off): every request runs
// its queries, which is what the p99 target is about; without it the pages cycled are served from memory.
// BENCH_DATABASE_URL (default postgres://127.0.0.1:5432/bench) names the database. It must hold the large
// data set with its demo logins (bigfarm/Bigfarm2026 is the 20,000-order account); --seed creates the
// database and loads it when it is missing or empty (a few minutes).
// A script, not a test: the figures depend on the machine. The target (p99 under 50 ms) is checked.
import { spawnSync } from 'node:child_process'
import { benchArgs, ensureLargeData, measure, measureHello, printResult, startBenchServer, withHelloRatio } from './lib/bench.mjs'
import { buildIfStaleOrExit } from './lib/build.mjs'
import { machine, writeJson } from './lib/figures.mjs'
import { call, signIn } from './lib/http.mjs'
import { root } from './lib/paths.mjs'
import { printable, query } from './lib/postgres.mjs'

const databaseUrl = process.env.BENCH_DATABASE_URL || 'postgres://127.0.0.1:5432/bench'
const LOGIN = { username: 'bigfarm', password: 'Bigfarm2026' }
const MIN_ORDERS = 20_000

/** A few of every kind of thing a person types into the invoice search, taken from the account's own history. */
async function searchTerms(accountId) {
  const rows = await query(
    databaseUrl,
    `SELECT invoice, sales_order, customer_purchase_order FROM invoices WHERE account_id = $1 ORDER BY id DESC OFFSET 300 LIMIT 2000`,
    [accountId],
  )
  const every = (n) => rows.filter((_, i) => i % n === 0)
  return [
    ...every(100).map((r) => r.sales_order), // the order screen's lookup of an order's invoices
    ...every(200).map((r) => r.invoice),
    ...every(200)
      .map((r) => r.customer_purchase_order)
      .filter((po) => po.startsWith('PO-')),
    'restock',
    'drench',
    'shearing',
    'fencing job',
    'in31',
  ]
}

/** Runs the history scenarios (and the query plans unless `plans` is false); returns what --json writes. */
export async function benchHistory({ seconds, connections, port, seed = false, plans = true, cold = false }) {
  buildIfStaleOrExit()
  const lines = await ensureLargeData({ databaseUrl, table: 'order_lines', min: 2_000_000, load: seed, command: 'npm run bench:history' })
  const [account] = await query(
    databaseUrl,
    `SELECT a.id, a.code, count(o.id)::int AS orders FROM customer_accounts a JOIN users u ON u.account_id = a.id JOIN orders o ON o.account_id = a.id
     WHERE lower(u.username) = $1 GROUP BY a.id, a.code`,
    [LOGIN.username],
  )
  if (!account || account.orders < MIN_ORDERS)
    throw new Error(`${LOGIN.username} should have at least ${MIN_ORDERS} orders (has ${account?.orders ?? 'no account'})`)
  const sites = (await query(databaseUrl, `SELECT site_code FROM delivery_sites WHERE account_id = $1 ORDER BY site_code`, [account.id])).map(
    (r) => r.site_code,
  )
  console.log(
    `Database: ${printable(databaseUrl)} (${lines.toLocaleString('en-AU')} order lines). Account ${account.code}: ${account.orders.toLocaleString('en-AU')} orders. ` +
      `${connections} connections, ${seconds} s a scenario${cold ? ', caches off (CACHE_SECONDS=0)' : ''}.`,
  )

  const server = await startBenchServer({ databaseUrl, port, env: cold ? { CACHE_SECONDS: '0' } : {} })
  let missed = false
  let output
  try {
    const base = server.base
    const token = await signIn(base, LOGIN.username, LOGIN.password)
    const headers = { authorization: `Bearer ${token}` }

    const allTime = 'startDate=2000-01-01'
    const lastPage = Math.ceil(account.orders / 100)
    const deepPages = Array.from({ length: 20 }, (_, i) => lastPage - i)
    const first = await call(base, 'GET', '/api/orders', { token })
    const deep = await call(base, 'GET', `/api/orders?${allTime}&page=${lastPage}`, { token })
    if (first.status !== 200 || first.body.length !== 100) throw new Error(`the first page of orders did not answer 100 orders (${first.status})`)
    if (deep.status !== 200 || deep.body.length !== account.orders % 100)
      throw new Error(`the last page did not answer ${account.orders % 100} orders (${deep.status})`)
    const terms = await searchTerms(account.id)

    const scenarios = [
      ['orders, first page', [{ path: '/api/orders' }, ...sites.map((s) => ({ path: `/api/orders?branch=${s}` }))]],
      [`orders, deep page (pages ${deepPages.at(-1)}-${lastPage})`, deepPages.map((p) => ({ path: `/api/orders?${allTime}&page=${p}` }))],
      ['invoices search', terms.map((t) => ({ path: `/api/invoices?search=${encodeURIComponent(t)}` }))],
      [
        'back orders',
        [
          { path: '/api/back-orders' },
          { path: '/api/back-orders?page=2' },
          ...sites.map((s) => ({ path: `/api/back-orders?branch=${s}` })),
          { path: `/api/back-orders?${allTime}` },
        ],
      ],
    ]

    const hello = await measureHello({ base, connections, seconds })
    printResult('hello world (baseline)', hello)
    const measured = {}
    for (const [title, requests] of scenarios) measured[title] = await measure({ base, connections, seconds, requests, headers, title })
    const results = withHelloRatio(measured, hello)
    for (const [title, r] of Object.entries(results)) printResult(title, r)

    console.log('\nTargets:')
    const targets = []
    for (const [title, r] of Object.entries(results)) {
      const met = r.p99 < 50 && r.non2xx + r.errors === 0
      missed ||= !met
      const label = `${title}: p99 ${r.p99} ms under 50 ms${r.non2xx + r.errors ? `, ${r.non2xx + r.errors} failed requests` : ''}`
      targets.push({ label, met })
      console.log(`  ${met ? 'met    ' : 'MISSED '} ${label}`)
    }
    output = {
      bench: 'history',
      caches: cold ? 'off' : 'on',
      database: printable(databaseUrl),
      account: account.code,
      orders: account.orders,
      machine: await machine(databaseUrl),
      connections,
      seconds,
      hello,
      results,
      targets,
    }
  } finally {
    await server.stop()
  }

  if (plans) {
    console.log('\nQuery plans (EXPLAIN ANALYZE, the queries as the server builds them):\n')
    const res = spawnSync('node', ['--import', 'tsx', 'scripts/history-plans.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
    })
    if (res.status !== 0) missed = true
  }
  return { ...output, missed }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = benchArgs(
    { seconds: 10, connections: 10, port: 3293 },
    { seed: { type: 'boolean', default: false }, cold: { type: 'boolean', default: false }, 'no-plans': { type: 'boolean', default: false } },
  )
  benchHistory({ ...args, plans: !args['no-plans'] })
    .then(({ missed, ...result }) => {
      writeJson(args.json, result)
      if (missed) process.exitCode = 2
    })
    .catch((error) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    })
}
