import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, signIn, startTestApp, type TestContext } from '../../../test/helpers'
import { monthsBefore, today } from '../../lib/date-range'

let t: TestContext
let buyer: string
let accountId: number
let orderNo = 0
let products: Array<{ id: number; code: string; description: string }>

/** A trade account of its own with no history and an Administrator who signs in with trade's password; its id and a session. */
async function newAccount(code: string, username: string) {
  const account = await t.db
    .insertInto('customer_accounts')
    .values({ code, name: `${code} Pty Ltd`, sales_category: 'TRA', default_branch: 'WAG', abn: null, created_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow()
  // The new user signs in with trade's password: its hash is copied.
  const { password_hash } = await t.db.selectFrom('users').select('password_hash').where('username', '=', 'trade').executeTakeFirstOrThrow()
  await t.db
    .insertInto('users')
    .values({
      account_id: account.id,
      username,
      name: `${username} user`,
      email: `${username}@example.com`,
      role: 'Administrator',
      password_hash,
      created_at: new Date(),
      password_changed_at: new Date(),
    })
    .execute()
  return { id: account.id, token: await signIn(t.app, { username, password: 'Trade2026' }) }
}

/** An account of its own with no history, so the ranking is what the test orders. */
beforeAll(async () => {
  t = await startTestApp()
  ;({ id: accountId, token: buyer } = await newAccount('BUYAGAIN', 'buyagain'))
  products = (
    await sql<{ id: number; code: string; description: string }>`
    SELECT id, product_code AS code, description FROM products WHERE active ORDER BY id LIMIT 9`.execute(t.db)
  ).rows
})
afterAll(async () => t?.close())

/** An order of the test account on `day`, with these lines (product index, quantity). */
async function order(day: string, lines: Array<[number, number]>) {
  const placed = await t.db
    .insertInto('orders')
    .values({
      sales_order: `SOBA${String(++orderNo).padStart(6, '0')}`,
      account_id: accountId,
      user_id: null,
      location_id: 'WAG',
      site_code: null,
      status: 'Shipped',
      enter_date: day,
      idempotency_key: null,
      payment_reference: null,
      ship_date: null,
      created_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await t.db
    .insertInto('order_lines')
    .values(
      lines.map(([p, qty], i) => ({
        order_id: placed.id,
        line_no: i + 1,
        product_id: products[p]!.id,
        product_code: products[p]!.code,
        description: products[p]!.description,
        qty_ordered: qty,
        unit_price_cents: 100,
        extended_ex_cents: 100 * qty,
        tax_cents: 10 * qty,
        extended_inc_cents: 110 * qty,
        due_date: null,
      })),
    )
    .execute()
  return placed.id
}

/** What buy-again shows of a product still sold: the product page's prices and stock (ProductOffer). */
const offerOf = (page: Record<string, unknown>) => {
  const { SinglePricing, CartonPricing, CartonQty, PalletPricing, PalletQty, Availability } = page
  return { SinglePricing, CartonPricing, CartonQty, PalletPricing, PalletQty, Availability }
}

const buyAgain = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/buy-again${query}`, headers: bearer(buyer) })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Array<{ ProductID: number; Orders: number; TotalQuantity: number; LastOrderDate: string; LastQuantity: number; Product: unknown }>
}

describe('GET /api/buy-again', () => {
  it('ranks the account’s products by the orders that held them in the last 12 months, then by quantity, with the last order’s date and quantity', async () => {
    const now = today()
    const month = (n: number) => `${monthsBefore(now, n).slice(0, 7)}-01`
    // Product 0: three orders; product 1: three orders with more units; product 2: one order; product 3: only 13 months ago.
    await order(month(10), [
      [0, 5],
      [1, 10],
    ])
    await order(month(4), [
      [0, 2],
      [1, 10],
      [2, 1],
    ])
    await order(now, [
      [0, 7],
      [1, 1],
    ])
    await order(month(13), [
      [3, 50],
      [0, 1],
    ])
    // A line of a second order the same day as the last: the later order is the last.
    await order(now, [[1, 4]])

    const items = await buyAgain('?warehouse=WAG')
    expect(items.map((i) => i.ProductID)).toEqual([products[1]!.id, products[0]!.id, products[2]!.id])
    expect(items[0]).toMatchObject({ Orders: 4, TotalQuantity: 25, LastOrderDate: now, LastQuantity: 4 })
    expect(items[1]).toMatchObject({ Orders: 3, TotalQuantity: 14, LastOrderDate: now, LastQuantity: 7 })
    expect(items[2]).toMatchObject({ Orders: 1, TotalQuantity: 1, LastOrderDate: month(4), LastQuantity: 1 })
    const page = (await t.app.inject({ method: 'GET', url: `/api/product/${products[1]!.id}?warehouse=WAG`, headers: bearer(buyer) })).json()
    expect(items[0]!.Product).toMatchObject({ SinglePricing: page.SinglePricing, Availability: page.Availability })
  })

  it('follows changes to the history: a deleted order no longer counts, a withdrawn product shows as not sold', async () => {
    const now = today()
    const extra = await order(now, [[2, 1]])
    await order(now, [[2, 1]])
    expect((await buyAgain()).find((i) => i.ProductID === products[2]!.id)).toMatchObject({ Orders: 3 })
    await t.db.deleteFrom('orders').where('id', '=', extra).execute()
    expect((await buyAgain()).find((i) => i.ProductID === products[2]!.id)).toMatchObject({ Orders: 2 })

    await t.db.updateTable('products').set({ active: false }).where('id', '=', products[2]!.id).execute()
    expect((await buyAgain()).find((i) => i.ProductID === products[2]!.id)).toMatchObject({ Product: null })
  })

  it('prices each product for the account and stocks it at the branch asked for, and hides from a reseller what resellers may not see', async () => {
    const now = today()
    await order(now, [
      [3, 2],
      [4, 1],
    ])
    const [shown, hidden] = [products[3]!, products[4]!]
    const detail = async (id: number, warehouse: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/product/${id}?warehouse=${warehouse}`, headers: bearer(buyer) })).json() as Record<string, unknown>
    // A contract price for one product, a discount on the rest: buy-again shows what the product page shows, at each branch.
    await t.db.insertInto('contract_prices').values({ account_id: accountId, product_id: shown.id, price_cents: 1234 }).execute()
    await t.db.updateTable('customer_accounts').set({ price_discount_bp: 500 }).where('id', '=', accountId).execute()
    // Pack prices on the second product (its carton's above its discounted unit price: the unit price caps it).
    const packs = await t.db
      .selectFrom('products')
      .select(['carton_price_cents', 'carton_qty', 'pallet_price_cents', 'pallet_qty'])
      .where('id', '=', hidden.id)
      .executeTakeFirstOrThrow()
    await t.db
      .updateTable('products')
      .set({ carton_price_cents: 99_999_00, carton_qty: 12, pallet_price_cents: 1_00, pallet_qty: 480 })
      .where('id', '=', hidden.id)
      .execute()
    for (const warehouse of ['WAG', 'TAM']) {
      const items = await buyAgain(`?warehouse=${warehouse}`)
      for (const product of [shown, hidden]) {
        const page = await detail(product.id, warehouse)
        // The offer is the product page's prices and stock, whole: pack prices and quantities too.
        expect(items.find((i) => i.ProductID === product.id)!.Product).toEqual(offerOf(page))
      }
    }
    const again = await buyAgain()
    const priced = again.find((i) => i.ProductID === shown.id)!.Product as { SinglePricing: { Price: number } }
    expect(priced.SinglePricing.Price).toBe(12.34)
    const packed = again.find((i) => i.ProductID === hidden.id)!.Product as { SinglePricing: { Price: number }; CartonPricing: { Price: number } }
    expect(packed).toMatchObject({ CartonQty: 12, PalletPricing: { Price: 0.95 }, PalletQty: 480 })
    expect(packed.CartonPricing.Price).toBe(packed.SinglePricing.Price)

    // The account becomes a reseller and the second product's brand is hidden from resellers: still listed, not sold.
    await t.db.updateTable('customer_accounts').set({ is_elders: true }).where('id', '=', accountId).execute()
    const brandOf = async (id: number) => (await t.db.selectFrom('products').select('brand_code').where('id', '=', id).executeTakeFirstOrThrow()).brand_code
    const brand_code = await brandOf(hidden.id)
    expect(await brandOf(shown.id), 'the two products are of different brands').not.toBe(brand_code)
    await t.db.updateTable('brands').set({ hidden_for_elders: true }).where('brand_code', '=', brand_code).execute()
    try {
      buyer = await signIn(t.app, { username: 'buyagain', password: 'Trade2026' })
      const items = await buyAgain()
      expect(items.find((i) => i.ProductID === hidden.id)).toMatchObject({ Product: null, ProductCode: hidden.code, Description: hidden.description })
      const offer = items.find((i) => i.ProductID === shown.id)?.Product
      // A reseller's one price, as on the product page: no retail, carton or pallet price.
      expect(offer).toEqual(offerOf(await detail(shown.id, 'WAG')))
      expect(offer).toMatchObject({ SinglePricing: { Price: 12.34 } })
      expect(offer).not.toHaveProperty('CartonPricing')
      expect(offer).not.toHaveProperty('SinglePricing.RetailPrice')
    } finally {
      await t.db.updateTable('brands').set({ hidden_for_elders: false }).where('brand_code', '=', brand_code).execute()
      await t.db.updateTable('customer_accounts').set({ is_elders: false, price_discount_bp: 0 }).where('id', '=', accountId).execute()
      await t.db.deleteFrom('contract_prices').where('account_id', '=', accountId).execute()
      await t.db.updateTable('products').set(packs).where('id', '=', hidden.id).execute()
      buyer = await signIn(t.app, { username: 'buyagain', password: 'Trade2026' })
    }
  })

  it('keeps the 12-month totals equal to a count of the order lines as orders are placed, moved, changed and deleted (product by product, migration 0015)', async () => {
    await buyAgain() // the account's window exists: from here on the triggers keep its totals
    const fromMonth = `${monthsBefore(today(), 11).slice(0, 7)}-01`
    const totals = async () =>
      (
        await sql<{ product_id: number; order_count: number; quantity: number; last_date: string; last_qty: number }>`
        SELECT product_id, order_count, quantity::int AS quantity, to_char(last_date, 'YYYY-MM-DD') AS last_date, last_qty
        FROM purchase_totals WHERE account_id = ${accountId} ORDER BY product_id`.execute(t.db)
      ).rows
    const counted = async () =>
      (
        await sql<{ product_id: number; order_count: number; quantity: number; last_date: string; last_qty: number }>`
        SELECT l.product_id, count(DISTINCT o.id)::int AS order_count, sum(l.qty_ordered)::int AS quantity,
               to_char(max(o.enter_date), 'YYYY-MM-DD') AS last_date,
               (array_agg(l.qty_ordered ORDER BY o.enter_date DESC, o.id DESC, l.line_no DESC))[1] AS last_qty
        FROM orders o JOIN order_lines l ON l.order_id = o.id
        WHERE o.account_id = ${accountId} AND o.enter_date >= ${fromMonth}::date AND l.product_id IS NOT NULL
        GROUP BY l.product_id ORDER BY l.product_id`.execute(t.db)
      ).rows
    expect(await totals()).toEqual(await counted())

    const now = today()
    const placed = await order(now, [
      [4, 3],
      [5, 2],
      [4, 1],
    ])
    expect(await totals()).toEqual(await counted())
    // A line's quantity changed, an order moved out of the window and back into it, an order deleted.
    await t.db.updateTable('order_lines').set({ qty_ordered: 9 }).where('order_id', '=', placed).where('line_no', '=', 2).execute()
    expect(await totals()).toEqual(await counted())
    await t.db
      .updateTable('orders')
      .set({ enter_date: monthsBefore(now, 14) })
      .where('id', '=', placed)
      .execute()
    expect((await totals()).find((r) => r.product_id === products[5]!.id)).toBeUndefined()
    expect(await totals()).toEqual(await counted())
    await t.db.updateTable('orders').set({ enter_date: now }).where('id', '=', placed).execute()
    expect(await totals()).toEqual(await counted())
    await t.db.deleteFrom('orders').where('id', '=', placed).execute()
    expect(await totals()).toEqual(await counted())
  })

  it('adds a placed order to its month without recounting it, and recounts what adding cannot follow (migration 0016)', async () => {
    await buyAgain()
    const months = async () =>
      (
        await sql<{ product_id: number; month: string; order_count: number; quantity: number; last_date: string; last_qty: number }>`
        SELECT product_id, to_char(month, 'YYYY-MM-DD') AS month, order_count, quantity::int AS quantity, to_char(last_date, 'YYYY-MM-DD') AS last_date, last_qty
        FROM purchase_months WHERE account_id = ${accountId} ORDER BY month, product_id`.execute(t.db)
      ).rows
    const recounted = async () =>
      (
        await sql<{ product_id: number; month: string; order_count: number; quantity: number; last_date: string; last_qty: number }>`
        SELECT l.product_id, to_char(date_trunc('month', o.enter_date), 'YYYY-MM-DD') AS month, count(DISTINCT o.id)::int AS order_count,
               sum(l.qty_ordered)::int AS quantity, to_char(max(o.enter_date), 'YYYY-MM-DD') AS last_date,
               (array_agg(l.qty_ordered ORDER BY o.enter_date DESC, o.id DESC, l.line_no DESC))[1] AS last_qty
        FROM orders o JOIN order_lines l ON l.order_id = o.id
        WHERE o.account_id = ${accountId} AND l.product_id IS NOT NULL
        GROUP BY l.product_id, date_trunc('month', o.enter_date) ORDER BY 2, 1`.execute(t.db)
      ).rows
    const totals = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM purchase_totals WHERE account_id = ${accountId}`.execute(t.db)).rows[0]!.n
    const now = today()
    // Two orders in a row, the second the account's newest: each adds to the month (the same product twice over).
    await order(now, [
      [6, 2],
      [7, 1],
      [6, 5],
    ])
    expect(await months()).toEqual(await recounted())
    // Added, not recounted: a count put wrong straight in the table stays wrong by as much after the next order.
    const monthOf6 = sql`account_id = ${accountId} AND product_id = ${products[6]!.id}`
    await sql`UPDATE purchase_months SET order_count = order_count + 100 WHERE ${monthOf6}`.execute(t.db)
    await order(now, [[6, 4]])
    const six = (rows: Awaited<ReturnType<typeof months>>) => rows.find((r) => r.product_id === products[6]!.id && r.month === `${now.slice(0, 8)}01`)!
    expect(six(await months()).order_count).toBe(six(await recounted()).order_count + 100)
    expect(six(await months()).last_qty).toBe(4)
    // An order older than the account's newest (one dated tomorrow, as the ERP may send): recounted, the wrong
    // count too, and the last quantity is still the latest order's.
    const tomorrow = new Date(Date.parse(`${now}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    await order(tomorrow, [[7, 2]])
    await order(now, [[6, 11]])
    expect(await months()).toEqual(await recounted())
    // Lines added to an order that already had some: recounted.
    const placed = await order(now, [[8, 1]])
    await t.db
      .insertInto('order_lines')
      .values({
        order_id: placed,
        line_no: 2,
        product_id: products[8]!.id,
        product_code: products[8]!.code,
        description: products[8]!.description,
        qty_ordered: 3,
        unit_price_cents: 100,
        extended_ex_cents: 300,
        tax_cents: 30,
        extended_inc_cents: 330,
        due_date: null,
      })
      .execute()
    expect(await months()).toEqual(await recounted())
    expect(await totals()).toBeGreaterThan(0)
    const shown = (await buyAgain()).find((r) => r.ProductID === products[6]!.id)!
    expect([shown.LastOrderDate, shown.LastQuantity]).toEqual([now, 11])
  })

  it('makes the totals afresh for a new month: totals of last month’s window are not shown', async () => {
    const before = await buyAgain()
    expect(before.length).toBeGreaterThan(0)
    // As on the first buy-again after the month turned: the totals are of the window a month back, and stale.
    await t.db
      .updateTable('purchase_total_windows')
      .set({ window_start: sql`window_start - interval '1 month'` })
      .where('account_id', '=', accountId)
      .execute()
    await t.db.updateTable('purchase_totals').set({ order_count: 999 }).where('account_id', '=', accountId).execute()
    expect(await buyAgain()).toEqual(before)
  })

  it('answers an empty list for an account that bought nothing, and still refuses an unknown branch', async () => {
    const { token } = await newAccount('NOBUYS', 'neverbought')
    const res = await t.app.inject({ method: 'GET', url: '/api/buy-again?warehouse=WAG', headers: bearer(token) })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([])
    expect((await t.app.inject({ method: 'GET', url: '/api/buy-again?warehouse=ZZZ', headers: bearer(token) })).statusCode).toBe(400)
  })

  it('shows only the account’s own history', async () => {
    const trade = await signIn(t.app, { username: 'trade', password: 'Trade2026' })
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/buy-again', headers: bearer(trade) })).json() as Array<{ ProductID: number; Orders: number }>
    const counted = await sql<{ product_id: number; n: number }>`
      SELECT l.product_id, count(DISTINCT o.id)::int AS n FROM orders o JOIN order_lines l ON l.order_id = o.id
      JOIN users u ON u.account_id = o.account_id AND u.username = 'trade'
      WHERE o.enter_date >= ${`${monthsBefore(today(), 11).slice(0, 7)}-01`}::date AND l.product_id IS NOT NULL
      GROUP BY l.product_id`.execute(t.db)
    const expected = new Map(counted.rows.map((r) => [r.product_id, r.n]))
    expect(theirs.length).toBeGreaterThan(0)
    for (const item of theirs) expect(item.Orders).toBe(expected.get(item.ProductID))
    expect(Math.max(...theirs.map((i) => i.Orders))).toBe(Math.max(...expected.values()))
  })

  it('refuses an unknown branch, naming it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/buy-again?warehouse=ZZZ', headers: bearer(buyer) })
    expect(res.statusCode).toBe(400)
    expect(res.json().fields[0].field).toBe('query.warehouse')
  })
})
