// The database side of the kill test (scripts/reliability/kill.mjs): the demo data and the buyers' users before
// the run, and after it, with the server stopped, every acknowledged order checked against what is stored.
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { createSuiteDatabase, seedDemo } from '../../lib/reliability.mjs'
import { createUsers, onTermsAccounts } from '../../lib/users.mjs'

/** The database as a `query(sql, params) -> { rows }`, from the script (the server stopped, for PGlite). */
async function openDb(target) {
  if (target.url) {
    const client = new pg.Client({ connectionString: target.url })
    await client.connect()
    return { query: (text, params) => client.query(text, params), close: () => client.end() }
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const db = await PGlite.create({ dataDir: target.dataDir, extensions: { pg_trgm } })
  return { query: (text, params) => db.query(text, params), close: () => db.close() }
}

/** An amount the API answers in dollars, in cents. */
export const cents = (dollars) => Math.round(Number(dollars) * 100)
export const sameLines = (a, b) => JSON.stringify(a) === JSON.stringify(b)

export async function prepare(engine, buyerCount) {
  const target = engine === 'postgres' ? { url: await createSuiteDatabase('reliability_kill') } : { dataDir: join(tmpdir(), 'reliability-kill-pglite') }
  if (target.dataDir) rmSync(target.dataDir, { recursive: true, force: true })
  seedDemo(target)
  const db = await openDb(target)
  try {
    const accounts = (await onTermsAccounts(db)).slice(0, buyerCount)
    if (accounts.length < buyerCount) throw new Error(`only ${accounts.length} on-terms accounts for ${buyerCount} buyers`)
    const users = await createUsers(db, { prefix: 'rel-kill', accounts, count: buyerCount })
    const branches = [...new Set(users.map((u) => u.branch))]
    const pools = new Map()
    for (const branch of branches) {
      const { rows } = await db.query(`SELECT p.id FROM products p JOIN stock s ON s.product_id = p.id AND s.location_id = $1 WHERE p.active ORDER BY p.id`, [
        branch,
      ])
      pools.set(
        branch,
        rows.map((r) => r.id),
      )
    }
    const { rows: stock } = await db.query(`SELECT location_id, product_id, qty_available FROM stock WHERE location_id = ANY($1::text[])`, [branches])
    return { target, users, pools, stockBefore: new Map(stock.map((s) => [`${s.location_id}/${s.product_id}`, Number(s.qty_available)])) }
  } finally {
    await db.close()
  }
}

export async function verify(run, prepared) {
  const db = await openDb(prepared.target)
  try {
    const userIds = prepared.users.map((u) => u.id)
    const { rows: orders } = await db.query(
      `SELECT o.id, o.sales_order, o.idempotency_key, o.num_lines, o.extended_ex_cents::float8 AS ex, o.tax_cents::float8 AS tax,
              o.extended_inc_cents::float8 AS inc, o.created_at, o.location_id,
              (SELECT count(*) FROM order_lines l WHERE l.order_id = o.id)::int AS line_count,
              (SELECT coalesce(sum(l.extended_ex_cents), 0) FROM order_lines l WHERE l.order_id = o.id)::float8 AS lines_ex,
              (SELECT coalesce(sum(l.tax_cents), 0) FROM order_lines l WHERE l.order_id = o.id)::float8 AS lines_tax,
              (SELECT coalesce(sum(l.extended_inc_cents), 0) FROM order_lines l WHERE l.order_id = o.id)::float8 AS lines_inc,
              (SELECT count(*) FROM email_outbox m WHERE m.subject LIKE 'Order ' || o.sales_order || ' received%')::int AS mails
       FROM orders o WHERE o.user_id = ANY($1::int[]) ORDER BY o.id`,
      [userIds],
    )
    const { rows: lines } = await db.query(
      `SELECT l.order_id, l.line_no, l.product_id, l.qty_ordered, l.qty_back_ordered, l.unit_price_cents::float8 AS price,
              l.extended_ex_cents::float8 AS ex, l.tax_cents::float8 AS tax, l.extended_inc_cents::float8 AS inc
       FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.user_id = ANY($1::int[]) ORDER BY l.order_id, l.line_no`,
      [userIds],
    )
    const linesOf = new Map()
    for (const l of lines) linesOf.set(l.order_id, [...(linesOf.get(l.order_id) ?? []), l])
    const byKey = new Map(orders.map((o) => [o.idempotency_key, o]))
    const checks = { acknowledgedFound: 0, halfWritten: 0, unacknowledged: 0, mailMismatch: 0 }

    // Every acknowledged order is there, as acknowledged.
    for (const ack of run.acks) {
      const o = byKey.get(ack.key)
      if (!o) {
        run.problem(`acknowledged order ${ack.salesOrder} (key ${ack.key}) is missing`)
        continue
      }
      checks.acknowledgedFound++
      if (o.id !== ack.orderId || o.sales_order !== ack.salesOrder)
        run.problem(`key ${ack.key}: acknowledged ${ack.salesOrder} (#${ack.orderId}), stored ${o.sales_order} (#${o.id})`)
      if (o.ex !== ack.totals.ex || o.tax !== ack.totals.tax || o.inc !== ack.totals.inc)
        run.problem(`${ack.salesOrder}: totals ${o.ex}/${o.tax}/${o.inc}, acknowledged ${ack.totals.ex}/${ack.totals.tax}/${ack.totals.inc}`)
      const stored = (linesOf.get(o.id) ?? []).map((l) => [l.line_no, l.product_id, l.qty_ordered, l.qty_back_ordered, l.price, l.ex, l.tax, l.inc])
      const acked = ack.items.map((i) => [
        i.LineNo,
        i.ProductID,
        i.QuantityOrdered,
        i.QuantityBackOrdered,
        cents(i.UnitPrice),
        cents(i.ExtendedTotalEx),
        cents(i.TaxTotal),
        cents(i.ExtendedTotalInc),
      ])
      if (!sameLines(stored, acked))
        run.problem(`${ack.salesOrder}: stored lines ${JSON.stringify(stored)} differ from the acknowledged ${JSON.stringify(acked)}`)
    }
    // No order that was not acknowledged, none half-written.
    const ackedKeys = new Set(run.acks.map((a) => a.key))
    for (const o of orders) {
      if (!ackedKeys.has(o.idempotency_key)) {
        checks.unacknowledged++
        run.problem(`order ${o.sales_order} (key ${o.idempotency_key}) exists but was never acknowledged`)
      }
      if (o.line_count === 0 || o.line_count !== o.num_lines || o.ex !== o.lines_ex || o.tax !== o.lines_tax || o.inc !== o.lines_inc) {
        checks.halfWritten++
        run.problem(
          `order ${o.sales_order} is half-written: ${o.line_count} of ${o.num_lines} lines, totals ${o.ex}/${o.tax}/${o.inc} vs lines ${o.lines_ex}/${o.lines_tax}/${o.lines_inc}`,
        )
      }
      if (o.mails !== 1) {
        checks.mailMismatch++
        run.problem(`order ${o.sales_order} has ${o.mails} confirmation e-mails`)
      }
    }
    // Stock: what it was, less what the orders allocated.
    const allocated = new Map()
    const branchOf = new Map(orders.map((o) => [o.id, o.location_id]))
    for (const l of lines) {
      const k = `${branchOf.get(l.order_id)}/${l.product_id}`
      allocated.set(k, (allocated.get(k) ?? 0) + l.qty_ordered - l.qty_back_ordered)
    }
    const branches = [...new Set(prepared.users.map((u) => u.branch))]
    const { rows: stockAfter } = await db.query(`SELECT location_id, product_id, qty_available FROM stock WHERE location_id = ANY($1::text[])`, [branches])
    let stockRows = 0
    for (const s of stockAfter) {
      const k = `${s.location_id}/${s.product_id}`
      const expected = (prepared.stockBefore.get(k) ?? 0) - (allocated.get(k) ?? 0)
      if (Number(s.qty_available) !== expected) run.problem(`stock ${k}: ${s.qty_available}, expected ${expected}`)
      else stockRows++
    }
    const { rows: carts } = await db.query(`SELECT count(*)::int AS n FROM cart_lines l JOIN carts c ON c.id = l.cart_id WHERE c.user_id = ANY($1::int[])`, [
      userIds,
    ])
    if (carts[0].n !== 0) run.problem(`${carts[0].n} lines left in the buyers' carts after their last order`)
    // Orders whose answer was lost: placed before the kill (the retry answered them) or by the retry.
    const killTimes = run.kills.map((k) => k.at)
    let beforeKill = 0
    let byRetry = 0
    for (const ack of run.acks.filter((a) => a.inDoubt)) {
      const o = byKey.get(ack.key)
      if (!o) continue
      const created = new Date(o.created_at).getTime()
      const killAfter = killTimes.find((t) => t >= created - 5)
      if (killAfter !== undefined && ack.ackedAt > killAfter) beforeKill++
      else byRetry++
    }
    return { orders: orders.length, lines: lines.length, stockRows, beforeKill, byRetry, ...checks }
  } finally {
    await db.close()
  }
}
