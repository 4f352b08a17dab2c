import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { bearer, checkoutForm, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'
import { fillCart, setListPrice, setStock, stockOf, visibleProducts } from '../../../test/payments'

/**
 * The credit limit kept (credit.ts, decision 0086): an order on account counts its total inc GST against the
 * account's available credit (limit less balance less the portal's orders not yet invoiced) under the account's
 * lock, in placement.placeOrder, whichever way its lines reached the cart.
 */

let t: TestContext
let tokens: { trade: string; staff: string; cash: string; elders: string }
let ids: { trade: number; staff: number; account: number }
let pool: number[]
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const PHONE = '02 6921 4455'

beforeAll(async () => {
  t = await startTestApp()
  const [trade, staff, cash, elders] = await Promise.all([DEMO.trade, DEMO.staff, DEMO.cash, DEMO.elders].map((who) => signIn(t.app, who)))
  tokens = { trade: trade!, staff: staff!, cash: cash!, elders: elders! }
  const users = await t.db.selectFrom('users').select(['id', 'username', 'account_id']).where('username', 'in', ['trade', 'staff']).execute()
  const trader = users.find((u) => u.username === 'trade')!
  ids = { trade: trader.id, staff: users.find((u) => u.username === 'staff')!.id, account: trader.account_id }
  pool = await visibleProducts(t.db)
})
afterAll(async () => t?.close())
beforeEach(async () => {
  await t.db.updateTable('customer_accounts').set({ on_hold: false, credit_mode: null }).where('id', '=', ids.account).execute()
})

const nextProduct = () => {
  const id = pool.shift()
  if (id === undefined) throw new Error('product pool exhausted')
  return id
}

/** A product at $10.00 list with plenty of stock at WAG, `qty` of it alone in the user's cart; answers the cart's total in cents. */
async function cartOf(userId: number, qty: number, token: string) {
  const product = nextProduct()
  await setListPrice(t.db, product, 1000)
  await setStock(t.db, product, 'WAG', 500)
  await fillCart(t.db, userId, 'WAG', [{ productId: product, qty }])
  const summary = await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(token) })
  return { product, totalCents: Math.round(summary.json().Value * 100) }
}

const credit = async (token = tokens.trade) => (await t.app.inject({ method: 'GET', url: '/api/cart/credit', headers: bearer(token) })).json().credit

/** Sets the account's credit rule, with its limit such that `availableCents` is left now (the balance at 0). */
async function setCredit(rule: { mode: 'warn' | 'block' | null; onHold?: boolean; availableCents: number }) {
  const uninvoiced = Math.round((await credit()).NotYetInvoiced * 100)
  await t.db
    .updateTable('customer_accounts')
    .set({ credit_mode: rule.mode, on_hold: rule.onHold ?? false, balance_cents: 0, credit_limit_cents: rule.availableCents + uninvoiced })
    .where('id', '=', ids.account)
    .execute()
}

const order = (po: string, extra: Record<string, unknown> = {}, token = tokens.trade, key: string = crypto.randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...bearer(token), 'idempotency-key': key },
    payload: checkoutForm({ PurchaseOrder: po, ...extra }),
  })

const ordersWithPo = (po: string) =>
  t.db.selectFrom('orders').select(['id', 'sales_order', 'available_credit_cents']).where('customer_purchase_order', '=', po).execute()

const cartLines = (userId: number) =>
  t.db
    .selectFrom('cart_lines')
    .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
    .select(['product_id', 'quantity'])
    .where('carts.user_id', '=', userId)
    .execute()

describe('the account’s credit shown (GET /api/cart/credit)', () => {
  it('answers limit, balance, orders not yet invoiced and available credit; an order adds to what is not invoiced until an invoice takes it', async () => {
    await t.db.updateTable('customer_accounts').set({ credit_limit_cents: 2_000_000, balance_cents: 512_345 }).where('id', '=', ids.account).execute()
    const before = await credit()
    expect(before).toMatchObject({ CreditLimit: 20000, Balance: 5123.45, CreditMode: null, OnHold: false, AccountsPhone: PHONE })
    expect(before.AvailableCredit).toBeCloseTo(20000 - 5123.45 - before.NotYetInvoiced, 2)

    const { totalCents } = await cartOf(ids.trade, 3, tokens.trade)
    expect((await order('CREDIT-SHOWN')).statusCode).toBe(201)
    const after = await credit()
    expect(Math.round(after.NotYetInvoiced * 100)).toBe(Math.round(before.NotYetInvoiced * 100) + totalCents)
    expect(Math.round(after.AvailableCredit * 100)).toBe(Math.round(before.AvailableCredit * 100) - totalCents)

    // The ERP invoices it: the balance holds it now, so it is no longer counted as not yet invoiced.
    const [placed] = await ordersWithPo('CREDIT-SHOWN')
    await sql`INSERT INTO invoices (invoice, account_id, order_id, transaction_date, invoice_date, due_date, sales_location, extended_inc_cents)
      VALUES ('INV-CREDIT-1', ${ids.account}, ${placed!.id}, '2026-12-01', '2026-12-01', '2027-01-25', 'WAG', ${totalCents})`.execute(t.db)
    expect(Math.round((await credit()).NotYetInvoiced * 100)).toBe(Math.round(before.NotYetInvoiced * 100))
    // A cancelled order is not counted either.
    await t.db.updateTable('orders').set({ status: 'Cancelled' }).where('id', '=', placed!.id).execute()
    await t.db.deleteFrom('invoices').where('invoice', '=', 'INV-CREDIT-1').execute()
    expect(Math.round((await credit()).NotYetInvoiced * 100)).toBe(Math.round(before.NotYetInvoiced * 100))
  })

  it('answers null for a cash-sale account and a reseller', async () => {
    expect(await credit(tokens.cash)).toBeNull()
    expect(await credit(tokens.elders)).toBeNull()
  })
})

describe('the credit rule at checkout on account', () => {
  it('places an order up to the available credit, and keeps that credit on the order', async () => {
    const { totalCents } = await cartOf(ids.trade, 2, tokens.trade)
    await setCredit({ mode: 'block', availableCents: totalCents })
    const res = await order('CREDIT-UNDER')
    expect(res.statusCode, res.body).toBe(201)
    expect((await ordersWithPo('CREDIT-UNDER'))[0]).toMatchObject({ available_credit_cents: totalCents })
  })

  it('warn: refuses an order past the limit until the buyer confirms it, then places it', async () => {
    const { product, totalCents } = await cartOf(ids.trade, 4, tokens.trade)
    await setCredit({ mode: 'warn', availableCents: totalCents - 1 })
    const refused = await order('CREDIT-WARN')
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ error: 'credit_limit_confirm' })
    expect(refused.json().message).toContain('past its credit limit')
    expect(await ordersWithPo('CREDIT-WARN')).toEqual([])
    expect(await cartLines(ids.trade)).toEqual([{ product_id: product, quantity: 4 }])
    expect((await order('CREDIT-WARN', { creditConfirmed: false })).statusCode).toBe(409)

    const placed = await order('CREDIT-WARN', { creditConfirmed: true })
    expect(placed.statusCode, placed.body).toBe(201)
    expect((await ordersWithPo('CREDIT-WARN'))[0]).toMatchObject({ available_credit_cents: totalCents - 1 })
  })

  it('block: refuses an order past the limit, confirmed or not, with whom to call; nothing is written', async () => {
    const { product, totalCents } = await cartOf(ids.trade, 5, tokens.trade)
    await setCredit({ mode: 'block', availableCents: totalCents - 1 })
    for (const extra of [{}, { creditConfirmed: true }]) {
      const res = await order('CREDIT-BLOCK', extra)
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({ error: 'credit_limit_exceeded' })
      expect(res.json().message).toContain(PHONE)
    }
    expect(await ordersWithPo('CREDIT-BLOCK')).toEqual([])
    expect(await cartLines(ids.trade)).toEqual([{ product_id: product, quantity: 5 }])
    expect(await stockOf(t.db, product, 'WAG')).toBe(500)
  })

  it('without a credit mode an order past the limit is placed, as before', async () => {
    const { totalCents } = await cartOf(ids.trade, 1, tokens.trade)
    await setCredit({ mode: null, availableCents: -totalCents })
    expect((await order('CREDIT-NONE')).statusCode).toBe(201)
    expect((await ordersWithPo('CREDIT-NONE'))[0]).toMatchObject({ available_credit_cents: -totalCents })
  })

  it('on hold: refuses any order on account, within the limit and whatever the mode, with why and whom to call; nothing is written', async () => {
    const { product, totalCents } = await cartOf(ids.trade, 1, tokens.trade)
    const orders = await t.db
      .selectFrom('orders')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
    for (const mode of [null, 'warn', 'block'] as const) {
      await setCredit({ mode, onHold: true, availableCents: totalCents * 100 })
      const res = await order('CREDIT-HOLD', { creditConfirmed: true })
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({ error: 'account_on_hold' })
      expect(res.json().message).toContain('on hold')
      expect(res.json().message).toContain(PHONE)
    }
    expect(
      await t.db
        .selectFrom('orders')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(orders)
    expect(await cartLines(ids.trade)).toEqual([{ product_id: product, quantity: 1 }])
    expect((await credit()).OnHold).toBe(true)
  })

  it('leaves cash-sale and reseller accounts as they were: no credit rule, their own refusals', async () => {
    await t.db
      .updateTable('customer_accounts')
      .set({ on_hold: true, credit_mode: 'block', credit_limit_cents: 0 })
      .where('code', 'in', ['BELLBRAE', 'ELDSTH'])
      .execute()
    const cash = await order('CREDIT-CASH', {}, tokens.cash)
    expect(cash.statusCode).toBe(403)
    expect(cash.json().message).toContain('pay by card')
    const reseller = await order('CREDIT-RESELLER', {}, tokens.elders)
    expect(reseller.statusCode).toBe(403)
    expect(reseller.json().message).toContain('reseller')
  })
})

describe('no way around the credit rule', () => {
  it('a reorder of an earlier order is refused once past the limit', async () => {
    const { totalCents } = await cartOf(ids.trade, 6, tokens.trade)
    expect((await order('CREDIT-REORDER-1')).statusCode).toBe(201)
    const [first] = await ordersWithPo('CREDIT-REORDER-1')
    await setCredit({ mode: 'block', availableCents: totalCents - 1 })
    const reorder = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${first!.sales_order}/reorder`,
      headers: bearer(tokens.trade),
      payload: { warehouse: 'WAG' },
    })
    expect(reorder.statusCode, reorder.body).toBe(200)
    const res = await order('CREDIT-REORDER-2')
    expect(res.json()).toMatchObject({ error: 'credit_limit_exceeded' })
    expect(await ordersWithPo('CREDIT-REORDER-2')).toEqual([])
  })

  it('a quick order then checkout is refused past the limit', async () => {
    const product = nextProduct()
    await setListPrice(t.db, product, 1000)
    await setStock(t.db, product, 'WAG', 500)
    await fillCart(t.db, ids.trade, 'WAG', [])
    const { product_code } = await t.db.selectFrom('products').select('product_code').where('id', '=', product).executeTakeFirstOrThrow()
    const bulk = await t.app.inject({
      method: 'POST',
      url: '/api/cart/bulk',
      headers: bearer(tokens.trade),
      payload: { warehouse: 'WAG', lines: [{ code: product_code, qty: 3 }] },
    })
    expect(bulk.statusCode, bulk.body).toBe(200)
    await setCredit({ mode: 'warn', availableCents: 0 })
    expect((await order('CREDIT-QUICK')).json()).toMatchObject({ error: 'credit_limit_confirm' })
    expect(await ordersWithPo('CREDIT-QUICK')).toEqual([])
  })

  it('an Idempotency-Key replay: a refused key stays refused; a placed key answers its one order, not a second', async () => {
    const { totalCents } = await cartOf(ids.trade, 2, tokens.trade)
    await setCredit({ mode: 'block', availableCents: totalCents - 1 })
    const key = crypto.randomUUID()
    expect((await order('CREDIT-KEY', {}, tokens.trade, key)).statusCode).toBe(409)
    expect((await order('CREDIT-KEY', { creditConfirmed: true }, tokens.trade, key)).statusCode).toBe(409)
    expect(await ordersWithPo('CREDIT-KEY')).toEqual([])

    await setCredit({ mode: 'block', availableCents: totalCents })
    const placed = await order('CREDIT-KEY', {}, tokens.trade, key)
    expect(placed.statusCode).toBe(201)
    // The same key again, with a new cart and the account now on hold: the first order, and nothing new.
    await cartOf(ids.trade, 2, tokens.trade)
    await setCredit({ mode: 'block', onHold: true, availableCents: 0 })
    const again = await order('CREDIT-KEY', {}, tokens.trade, key)
    expect(again.json().SalesOrder).toBe(placed.json().SalesOrder)
    expect(await ordersWithPo('CREDIT-KEY')).toHaveLength(1)
  })
})

/** How many statements of this database wait for a lock, once it is `n` or after `ms`. */
async function lockWaiters(n: number, ms = 5_000) {
  let waiting = 0
  for (const started = Date.now(); Date.now() - started < ms;) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.db)
    waiting = rows[0]!.n
    if (waiting >= n) break
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return waiting
}

describe('two orders at once', () => {
  it.skipIf(!onPostgres)('each under the limit alone, over it together: one is placed, the other refused', async () => {
    const a = await cartOf(ids.trade, 7, tokens.trade)
    const b = await cartOf(ids.staff, 7, tokens.staff)
    await setCredit({ mode: 'block', availableCents: Math.max(a.totalCents, b.totalCents) })
    // Both checkouts start while a transaction holds the account's row, so they meet at its lock together.
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    let locked = () => {}
    const holding = new Promise<void>((resolve) => (locked = resolve))
    const holder = t.db.transaction().execute(async (trx) => {
      await sql`SELECT id FROM customer_accounts WHERE id = ${ids.account} FOR NO KEY UPDATE`.execute(trx)
      locked()
      await released
    })
    await holding
    try {
      const both = Promise.all([order('CREDIT-RACE-A', {}, tokens.trade), order('CREDIT-RACE-B', {}, tokens.staff)])
      expect(await lockWaiters(2)).toBe(2)
      release()
      await holder
      const statuses = (await both).map((r) => r.statusCode).sort()
      expect(statuses).toEqual([201, 409])
      expect((await both).find((r) => r.statusCode === 409)!.json()).toMatchObject({ error: 'credit_limit_exceeded' })
      expect([...(await ordersWithPo('CREDIT-RACE-A')), ...(await ordersWithPo('CREDIT-RACE-B'))]).toHaveLength(1)
    } finally {
      release()
      await holder
    }
  })
})
