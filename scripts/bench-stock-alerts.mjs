// npm run bench:stock-alerts: the ERP's stock delta with back-in-stock requests waiting (decision 0087).
//
// On its own PostgreSQL database (BENCH_ALERTS_DATABASE_URL, default postgres://127.0.0.1:5432/bench_alerts; the
// demo data is loaded into it when it is empty): --waiting requests (default 5,000) of the demo's users are opened on
// stock rows set to 0, then one POST /api/erp/stock of --rows rows (default 10,000) brings those rows and others
// back. It reports how long the route took to answer (the ERP interchange's target: a 10,000-row delta visible in
// under 2 s), the same delta with no request waiting beside it, and how long until every request's e-mail was in
// the outbox. Not a test: figures for docs/benchmarks.md.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { startBenchServer } from './lib/bench.mjs'
import { buildIfStaleOrExit } from './lib/build.mjs'
import { load } from './lib/figures.mjs'
import { printable, withUser } from './lib/postgres.mjs'

const databaseUrl = process.env.BENCH_ALERTS_DATABASE_URL || 'postgres://127.0.0.1:5432/bench_alerts'

async function ensureDatabase() {
  const url = withUser(databaseUrl)
  const name = url.pathname.slice(1)
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() })
  await admin.connect()
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount > 0
  if (!exists) await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const db = new pg.Client({ connectionString: url.toString() })
  await db.connect()
  const seeded =
    (await db.query(`SELECT to_regclass('products') IS NOT NULL AS t`)).rows[0].t && (await db.query('SELECT count(*)::int AS n FROM products')).rows[0].n > 0
  if (!seeded) {
    console.log('Loading the demo data...')
    execFileSync('node', ['apps/server/dist/seed.js'], { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url.toString() } })
  }
  return db
}

/** `rows` stock rows, the first `waiting` of them set to 0 with a request each (users in turn); the delta that raises them all. */
async function prepare(db, rows, waiting) {
  await db.query(`UPDATE stock_alerts SET closed_at = now(), closed_as = 'cancelled' WHERE closed_at IS NULL`)
  // The demo stocks fewer rows than a delta sends: copies of its products (BENCH-n) until there are enough, and
  // every product gets a row at every trading branch.
  await db.query(
    `WITH need AS (SELECT greatest(0, ceil($1::numeric / (SELECT count(*) FROM branches WHERE trading)) - (SELECT count(*) FROM products WHERE active))::int AS n),
          model AS (SELECT brand_code, category_id, unit_price_cents FROM products WHERE active ORDER BY id LIMIT 1)
     INSERT INTO products (product_code, description, brand_code, category_id, unit_price_cents)
     SELECT 'BENCH-' || g, 'Bench product ' || g, m.brand_code, m.category_id, m.unit_price_cents FROM need, model m, generate_series(1, need.n) g
     ON CONFLICT (product_code) DO NOTHING`,
    [rows],
  )
  await db.query(
    `INSERT INTO stock (product_id, location_id, qty_available) SELECT p.id, b.location_id, 0 FROM products p CROSS JOIN branches b
     WHERE p.active AND b.trading ON CONFLICT DO NOTHING`,
  )
  const picked = (
    await db.query(
      `SELECT p.product_code, p.id, s.location_id, s.qty_available FROM stock s JOIN products p ON p.id = s.product_id
       JOIN branches b ON b.location_id = s.location_id WHERE p.active AND b.trading ORDER BY random() LIMIT $1`,
      [rows],
    )
  ).rows
  if (picked.length < rows) throw new Error(`only ${picked.length} stock rows`)
  const awaited = picked.slice(0, waiting)
  if (awaited.length > 0) {
    await db.query(
      `UPDATE stock s SET qty_available = 0 FROM unnest($1::int[], $2::text[]) AS x(id, loc) WHERE s.product_id = x.id AND s.location_id = x.loc`,
      [awaited.map((r) => r.id), awaited.map((r) => r.location_id)],
    )
    await db.query(
      `WITH u AS (SELECT users.id, row_number() OVER (ORDER BY users.id) - 1 AS n, count(*) OVER () AS total FROM users JOIN customer_accounts ca ON ca.id = users.account_id WHERE users.active AND ca.active AND NOT ca.is_elders)
       INSERT INTO stock_alerts (user_id, product_id, location_id)
       SELECT u.id, x.id, x.loc FROM unnest($1::int[], $2::text[]) WITH ORDINALITY AS x(id, loc, i) JOIN u ON u.n = x.i % u.total
       ON CONFLICT DO NOTHING`,
      [awaited.map((r) => r.id), awaited.map((r) => r.location_id)],
    )
  }
  const opened = (await db.query(`SELECT count(*)::int AS n FROM stock_alerts WHERE closed_at IS NULL`)).rows[0].n
  const body = picked.map((r) => ({
    ProductCode: r.product_code,
    LocationID: r.location_id,
    QtyAvailable: r.qty_available + 1 + Math.floor(Math.random() * 50),
  }))
  return { body, opened }
}

async function delta(base, key, body) {
  const started = performance.now()
  const res = await globalThis.fetch(`${base}/api/erp/stock`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = await res.json()
  if (res.status !== 200) throw new Error(`POST /api/erp/stock answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`)
  return { started, answeredMs: Math.round(performance.now() - started) }
}

export async function benchStockAlerts({ rows = 10_000, waiting = 5_000, port = 3479, runs = 3 } = {}) {
  buildIfStaleOrExit()
  const db = await ensureDatabase()
  const key = randomBytes(36).toString('base64url')
  console.log(`Database: ${printable(databaseUrl)}. Load average ${load()}.`)
  const server = await startBenchServer({ databaseUrl, port, env: { ERP_API_KEY: key } })
  const figures = []
  try {
    for (let i = 0; i < runs; i++) {
      const plain = await prepare(db, rows, 0)
      const without = await delta(server.base, key, plain.body)
      const { body, opened } = await prepare(db, rows, waiting)
      const before = (await db.query(`SELECT count(*)::int AS n FROM email_outbox`)).rows[0].n
      const withAlerts = await delta(server.base, key, body)
      let sentMs = null
      for (;;) {
        const open = (await db.query(`SELECT count(*)::int AS n FROM stock_alerts WHERE closed_at IS NULL`)).rows[0].n
        if (open === 0) {
          sentMs = Math.round(performance.now() - withAlerts.started)
          break
        }
        if (performance.now() - withAlerts.started > 120_000) break
        await sleep(20)
      }
      const mails = (await db.query(`SELECT count(*)::int AS n FROM email_outbox`)).rows[0].n - before
      figures.push({ rows, waiting: opened, answeredWithoutMs: without.answeredMs, answeredMs: withAlerts.answeredMs, allSentMs: sentMs, mails })
      console.log(
        `Run ${i + 1}: ${rows.toLocaleString('en-AU')} rows; no request waiting: answered in ${without.answeredMs} ms; ` +
          `${opened.toLocaleString('en-AU')} waiting: answered in ${withAlerts.answeredMs} ms, every e-mail in the outbox after ${sentMs ?? 'more than 120,000'} ms (${mails} e-mails)`,
      )
    }
    const slowest = Math.max(...figures.map((f) => f.answeredMs))
    console.log(
      `Target: the delta answers in under 2 s with the requests waiting: ${slowest < 2000 ? 'met' : 'NOT met'} (slowest ${slowest} ms). Load average after: ${load()}.`,
    )
    return figures
  } finally {
    await server.stop()
    await db.end()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values: args } = parseArgs({
    options: {
      rows: { type: 'string', default: '10000' },
      waiting: { type: 'string', default: '5000' },
      runs: { type: 'string', default: '3' },
      port: { type: 'string', default: '3479' },
    },
  })
  benchStockAlerts({ rows: Number(args.rows), waiting: Number(args.waiting), runs: Number(args.runs), port: Number(args.port) }).catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
