// The ERP's changes while the traffic runs: stock deltas (in SQL or through POST /api/erp/stock) and price deltas,
// each every few seconds, timed.
import { performance } from 'node:perf_hooks'
import { setTimeout as delay } from 'node:timers/promises'
import { withClient } from '../lib/postgres.mjs'
import { zipf } from './random.mjs'

const { fetch } = globalThis

/** The ERP's delta: `rows` (branch, product) pairs, popular products more often, each given a new quantity. */
export function stockChanger({ databaseUrl, base, via, catalogue, rows, everySeconds, random }) {
  const product = zipf(catalogue.products.all.length, 0.8, random)
  const batch = () => {
    const seen = new Set()
    const out = []
    while (out.length < rows) {
      const id = catalogue.products.all[product()]
      const branch = catalogue.branches[Math.floor(random() * catalogue.branches.length)]
      const key = `${branch}:${id}`
      if (seen.has(key)) continue
      seen.add(key)
      out.push({ id, branch, qty: Math.floor(random() * 200) })
    }
    return out
  }
  const send = async (changes) => {
    if (via === 'erp') {
      // POST /api/erp/stock (docs/erp-interchange.md).
      const res = await fetch(`${base}/api/erp/stock`, {
        method: 'POST',
        headers: { authorization: `Bearer ${process.env.BENCH_ERP_API_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(changes.map((c) => ({ ProductCode: catalogue.codes.get(c.id), LocationID: c.branch, QtyAvailable: c.qty }))),
      })
      if (!res.ok) throw new Error(`POST /api/erp/stock answered ${res.status}: ${(await res.text()).slice(0, 200)}`)
      return
    }
    await withClient(databaseUrl, (db) =>
      db.query(
        `INSERT INTO stock (location_id, product_id, qty_available)
         SELECT * FROM unnest($1::text[], $2::int[], $3::int[])
         ON CONFLICT (location_id, product_id) DO UPDATE SET qty_available = EXCLUDED.qty_available`,
        [changes.map((c) => c.branch), changes.map((c) => c.id), changes.map((c) => c.qty)],
      ),
    )
  }
  return periodically(everySeconds, rows, () => send(batch()))
}

/** Runs `work` every `everySeconds` until stopped, timing each run: { log: { batches, rows, ms }, stop() }. */
function periodically(everySeconds, rows, work) {
  const log = { batches: 0, rows: 0, ms: [] }
  let stopped = false
  const loop = (async () => {
    while (!stopped && everySeconds > 0 && rows > 0) {
      await delay(everySeconds * 1000)
      if (stopped) break
      const started = performance.now()
      await work()
      log.ms.push(Math.round(performance.now() - started))
      log.batches++
      log.rows += rows
    }
  })()
  return {
    log,
    async stop() {
      stopped = true
      await loop
    },
  }
}

/**
 * The ERP's price delta (a products.csv of changed prices, decision 0097): `rows` products, popular ones more
 * often, each a cent dearer or cheaper, in one UPDATE, whose triggers tell every instance as an import's would.
 */
export function priceChanger({ databaseUrl, catalogue, rows, everySeconds, random }) {
  const product = zipf(catalogue.products.all.length, 0.8, random)
  const batch = () => {
    const ids = new Set()
    while (ids.size < Math.min(rows, catalogue.products.all.length)) ids.add(catalogue.products.all[product()])
    return [...ids]
  }
  return periodically(everySeconds, rows, () =>
    withClient(databaseUrl, (db) =>
      db.query(
        `UPDATE products SET unit_price_cents = unit_price_cents + CASE WHEN unit_price_cents > 100 AND random() < 0.5 THEN -1 ELSE 1 END
          WHERE id = ANY($1::int[])`,
        [batch()],
      ),
    ),
  )
}
