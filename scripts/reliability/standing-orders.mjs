// npm run reliability:standing-orders — standing orders run exactly once with two instances on one PostgreSQL
// database, one of them killed with SIGKILL in the middle of the runs and started again.
//
//   npm run reliability:standing-orders [-- --owners 60 --kills 3 --port 4540 --keep]
//
// The demo data is loaded into reliability_standing (RELIABILITY_DATABASE_URL's server); --owners users of their
// own on on-terms accounts each get two saved lists of three stocked products and two weekly standing orders: one
// due today, one whose runs of one to three weeks were all missed (the portal "was down"), and every fourth owner a
// third due in two days (its reminder is due). Instances A and B start at once, and each instance's scheduler ticks
// at start, so both reach for the same runs; A is killed --kills times at a random moment while the runs are being
// placed, and started again. Once nothing is due, with both stopped, the database is checked: each standing order
// has exactly one run for its due day, placed, with one order whose lines are its list's and whose purchase order
// number is its prefix and that day, one confirmation e-mail, and its next run after today; a missed run says it
// was late; each reminder was e-mailed once.
import { setTimeout as delay } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { printable } from '../lib/postgres.mjs'
import { createSuiteDatabase, dropSuiteDatabase, ensureServerBuilt, run, seedDemo, startSuiteServer } from '../lib/reliability.mjs'
import { createUsers, onTermsAccounts } from '../lib/users.mjs'

const { values: args } = parseArgs({
  options: {
    owners: { type: 'string', default: '60' },
    kills: { type: 'string', default: '3' },
    port: { type: 'string', default: '4540' },
    keep: { type: 'boolean', default: false },
  },
})
const OWNERS = Number(args.owners)
const KILLS = Number(args.kills)
const PORT = Number(args.port)
const DB_NAME = 'reliability_standing'
/** How long the runs may take in all before the script gives up. */
const DEADLINE_MS = 180_000

const pad = (n) => String(n).padStart(2, '0')
/** A day as the server's scheduler counts days: the local calendar day, YYYY-MM-DD. */
const localDay = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
const addDays = (day, n) => {
  const [y, m, d] = day.split('-').map(Number)
  return localDay(new Date(y, m - 1, d + n))
}

async function prepare(client, today) {
  const accounts = await onTermsAccounts(client)
  const users = await createUsers(client, { prefix: 'rel-standing', accounts, count: OWNERS })
  const form = {
    DeliveryName: 'Reliability Farm',
    Address1: '1 Test Road',
    Address2: '',
    City: 'Hamilton',
    State: 'VIC',
    PostalCode: '3300',
    Contact: 'Rel Owner',
    Email: 'owner@reliability.example',
    Phone: '03 5572 1800',
    Fax: '',
    CarrierName: 'Own truck',
    CarrierInstructions: '',
    OrderDesc: 'Standing order',
    DeliveryType: 1,
  }
  const planned = [] // { id, dueOn, late, prefix, lines, reminder }
  for (const [i, user] of users.entries()) {
    // Nine products with plenty at the owner's branch, so that every line is taken off the stock.
    const { rows: products } = await client.query(
      `INSERT INTO stock (location_id, product_id, qty_available)
       SELECT $1, id, 100000 FROM products WHERE active ORDER BY id OFFSET $2 LIMIT 9
       ON CONFLICT (location_id, product_id) DO UPDATE SET qty_available = 100000
       RETURNING product_id`,
      [user.branch, (i * 9) % 300],
    )
    products.sort((x, y) => x.product_id - y.product_id)
    const kinds = [
      { dueOn: today, late: false, reminder: false },
      { dueOn: addDays(today, -7 * ((i % 3) + 1)), late: true, reminder: false },
      ...(i % 4 === 0 ? [{ dueOn: addDays(today, 2), late: false, reminder: true }] : []),
    ]
    for (const [k, kind] of kinds.entries()) {
      const lines = products.slice(k * 3, k * 3 + 3).map((p, j) => ({ productId: p.product_id, quantity: j + 1 }))
      const { rows: list } = await client.query(`INSERT INTO order_lists (account_id, created_by, name) VALUES ($1, $2, $3) RETURNING id`, [
        user.accountId,
        user.id,
        `Standing ${i}-${k}`,
      ])
      for (const l of lines)
        await client.query(`INSERT INTO order_list_lines (list_id, product_id, quantity) VALUES ($1, $2, $3)`, [list[0].id, l.productId, l.quantity])
      const prefix = `REL${i}-${k}-`
      const { rows } = await client.query(
        `INSERT INTO standing_orders (account_id, user_id, list_id, location_id, every_weeks, first_run_on, next_run_on, po_prefix, delivery)
         VALUES ($1, $2, $3, $4, 1, $5, $5, $6, $7) RETURNING id`,
        [user.accountId, user.id, list[0].id, user.branch, kind.dueOn, prefix, JSON.stringify(form)],
      )
      planned.push({ id: rows[0].id, ...kind, prefix, lines, email: `${user.username}@reliability.example` })
    }
  }
  return planned
}

/** Standing orders of the script's still due (a run not yet placed) or not yet reminded of. */
async function outstanding(client, planned, today) {
  const ids = planned.map((p) => p.id)
  const { rows } = await client.query(
    `SELECT count(*) FILTER (WHERE next_run_on <= $2)::int AS due,
            count(*) FILTER (WHERE next_run_on > $2 AND next_run_on <= $2::date + 3 AND reminded_for IS DISTINCT FROM next_run_on)::int AS reminders
     FROM standing_orders WHERE id = ANY($1::int[]) AND status = 'active'`,
    [ids, today],
  )
  return rows[0]
}

async function verify(client, planned, today) {
  const problems = []
  const problem = (text) => problems.length < 50 && problems.push(text)
  for (const p of planned) {
    const { rows: runs } = await client.query(
      `SELECT run_on::text, ran_on::text, outcome, message, order_id FROM standing_order_runs WHERE standing_order_id = $1`,
      [p.id],
    )
    const { rows: so } = await client.query(`SELECT next_run_on::text, reminded_for::text FROM standing_orders WHERE id = $1`, [p.id])
    if (p.reminder) {
      if (runs.length !== 0) problem(`standing order ${p.id} (due ${p.dueOn}) has ${runs.length} runs before its day`)
      const { rows: mails } = await client.query(`SELECT count(*)::int AS n FROM email_outbox WHERE to_address = $1 AND subject LIKE $2`, [
        p.email,
        `Your standing order "Standing %" runs on %`,
      ])
      if (so[0].reminded_for !== p.dueOn) problem(`standing order ${p.id}: not reminded of its run on ${p.dueOn}`)
      if (mails[0].n < 1) problem(`standing order ${p.id}: no reminder e-mail`)
      continue
    }
    if (runs.length !== 1) {
      problem(`standing order ${p.id} (due ${p.dueOn}) has ${runs.length} runs, not 1`)
      continue
    }
    const [r] = runs
    if (r.run_on !== p.dueOn || r.outcome !== 'placed')
      problem(`standing order ${p.id}: run ${r.run_on} ${r.outcome} (${r.message}), expected ${p.dueOn} placed`)
    if (p.late !== /was due on/.test(r.message))
      problem(`standing order ${p.id}: ${p.late ? 'a late run does not say so' : 'an on-time run says it was late'}: ${r.message}`)
    if (!(so[0].next_run_on > today)) problem(`standing order ${p.id}: next run ${so[0].next_run_on} is not after today`)
    const po = `${p.prefix}${p.dueOn.replaceAll('-', '')}`
    const { rows: orders } = await client.query(`SELECT id FROM orders WHERE customer_purchase_order = $1`, [po])
    if (orders.length !== 1) {
      problem(`standing order ${p.id}: ${orders.length} orders with purchase order ${po}, not 1`)
      continue
    }
    if (orders[0].id !== r.order_id) problem(`standing order ${p.id}: its run names order ${r.order_id}, the order is ${orders[0].id}`)
    const { rows: lines } = await client.query(`SELECT product_id, qty_ordered FROM order_lines WHERE order_id = $1 ORDER BY line_no`, [orders[0].id])
    const got = JSON.stringify(lines.map((l) => [l.product_id, l.qty_ordered]))
    const want = JSON.stringify(p.lines.map((l) => [l.productId, l.quantity]))
    if (got !== want) problem(`standing order ${p.id}: order lines ${got}, list ${want}`)
    const { rows: mails } = await client.query(`SELECT count(*)::int AS n FROM email_outbox WHERE subject LIKE $1`, [`% (your PO ${po})`])
    if (mails[0].n !== 1) problem(`standing order ${p.id}: ${mails[0].n} confirmation e-mails, not 1`)
  }
  return problems
}

run('reliability:standing-orders', async () => {
  ensureServerBuilt()
  const url = await createSuiteDatabase(DB_NAME)
  console.log(`Database: ${printable(url)}; loading the demo data`)
  seedDemo({ url })
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const today = localDay(new Date())
  let a
  let b
  try {
    // The demo's own standing orders are left out of the count: they are paused for the run.
    await client.query(`UPDATE standing_orders SET status = 'paused'`)
    const planned = await prepare(client, today)
    const due = planned.filter((p) => !p.reminder).length
    console.log(`${OWNERS} owners, ${due} runs due (${planned.filter((p) => p.late).length} of them missed earlier), ${planned.length - due} reminders due`)
    const started = Date.now()
    a = startSuiteServer({ name: 'standing-a', port: PORT, url })
    b = startSuiteServer({ name: 'standing-b', port: PORT + 1, url })
    await Promise.all([a.ready(), b.ready()])
    let kills = 0
    for (let k = 0; k < KILLS; k++) {
      const left = await outstanding(client, planned, today)
      if (left.due === 0) break
      await delay(100 + Math.random() * 900)
      await a.kill('SIGKILL')
      kills += 1
      const after = await outstanding(client, planned, today)
      console.log(`  kill ${k + 1} of instance A with ${after.due} runs still due; restarting it`)
      a = startSuiteServer({ name: 'standing-a', port: PORT, url })
      await a.ready()
    }
    for (;;) {
      const left = await outstanding(client, planned, today)
      if (left.due === 0 && left.reminders === 0) break
      if (Date.now() - started > DEADLINE_MS) return [`after ${DEADLINE_MS / 1000} s, ${left.due} runs and ${left.reminders} reminders are still due`]
      await delay(250)
    }
    const seconds = (Date.now() - started) / 1000
    await Promise.all([a.stop(), b.stop()])
    const problems = await verify(client, planned, today)
    console.log(`All runs placed and reminders sent ${seconds.toFixed(1)} s after the instances started; ${kills} kills of instance A mid-run`)
    if (kills === 0 && KILLS > 0) problems.push('the runs were all placed before instance A could be killed: nothing was tried')
    return problems
  } finally {
    await Promise.all([a?.stop(), b?.stop()])
    await client.end()
    if (!args.keep) await dropSuiteDatabase(DB_NAME).catch(() => {})
  }
})
