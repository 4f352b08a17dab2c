import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'

let t: TestContext
const tokens: Record<keyof typeof DEMO, string> = { trade: '', staff: '', cash: '', elders: '' }
const accounts: Record<string, number> = {}

beforeAll(async () => {
  t = await startTestApp()
  for (const who of Object.keys(DEMO) as Array<keyof typeof DEMO>) {
    tokens[who] = await signIn(t.app, DEMO[who])
    const row = await t.db.selectFrom('users').select('account_id').where('username', '=', who).executeTakeFirstOrThrow()
    accounts[who] = row.account_id
  }
})
afterAll(async () => t?.close())

type Row = Record<string, any>
async function get(who: keyof typeof DEMO, url: string) {
  return t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) })
}
async function list(who: keyof typeof DEMO, url: string): Promise<Row[]> {
  const res = await get(who, url)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Row[]
}
/** Every page of a list, the way the screens load it: until a page comes back shorter than the page size. */
async function listAll(who: keyof typeof DEMO, url: string, pageSize = 100): Promise<Row[]> {
  const rows: Row[] = []
  for (let page = 1; ; page++) {
    const batch = await list(who, `${url}&page=${page}`)
    rows.push(...batch)
    if (batch.length < pageSize) return rows
  }
}
function dbToday(): Promise<{ today: string; sixMonthsAgo: string }> {
  return sql<{ today: string; sixMonthsAgo: string }>`SELECT current_date::text AS today, (current_date - interval '6 months')::date::text AS "sixMonthsAgo"`
    .execute(t.db)
    .then((r) => r.rows[0]!)
}

describe('order history (GET /api/orders)', () => {
  it('lists the account orders newest first, from six months ago to today by default', async () => {
    const { today, sixMonthsAgo } = await dbToday()
    const rows = await list('trade', '/api/orders')
    const expected = await t.db
      .selectFrom('orders')
      .select(['sales_order'])
      .where('account_id', '=', accounts.trade!)
      .where('enter_date', '>=', sixMonthsAgo)
      .where('enter_date', '<=', today)
      .orderBy('enter_date', 'desc')
      .orderBy('id', 'desc')
      .execute()
    expect(expected.length).toBeGreaterThan(10)
    expect(rows.map((r) => r.SalesOrder)).toEqual(expected.map((e) => e.sales_order))
    expect(Object.keys(rows[0]!)).toEqual(
      expect.arrayContaining([
        'EnterDate',
        'CustomerPurchaseOrder',
        'SalesOrder',
        'SalesOrderStatus',
        'NumLines',
        'ExtendedEx',
        'TaxTotal',
        'ExtendedInc',
        'SiteCode',
      ]),
    )
    const first = await t.db.selectFrom('orders').selectAll().where('sales_order', '=', rows[0]!.SalesOrder).executeTakeFirstOrThrow()
    expect(rows[0]).toMatchObject({
      EnterDate: first.enter_date,
      NumLines: first.num_lines,
      ExtendedEx: first.extended_ex_cents / 100,
      TaxTotal: first.tax_cents / 100,
      ExtendedInc: first.extended_inc_cents / 100,
    })
  })

  it('pages by 100: a full page means there may be more, a shorter page is the last', async () => {
    const all = await t.db.selectFrom('orders').select('sales_order').where('account_id', '=', accounts.trade!).execute()
    expect(all.length).toBeGreaterThan(100)
    expect(all.length).toBeLessThan(200)
    const range = 'startDate=2000-01-01&endDate=2100-12-31'
    const page1 = await list('trade', `/api/orders?${range}&page=1`)
    const page2 = await list('trade', `/api/orders?${range}&page=2`)
    const page3 = await list('trade', `/api/orders?${range}&page=3`)
    expect(page1).toHaveLength(100)
    expect(page2).toHaveLength(all.length - 100)
    expect(page3).toHaveLength(0)
    const seen = [...page1, ...page2].map((r) => r.SalesOrder)
    expect(new Set(seen).size).toBe(all.length)
    expect(new Set(seen)).toEqual(new Set(all.map((a) => a.sales_order)))
  })

  it('includes both the From and the To day', async () => {
    const day = await t.db
      .selectFrom('orders')
      .select(['enter_date', sql<number>`count(*)::int`.as('n')])
      .where('account_id', '=', accounts.trade!)
      .groupBy('enter_date')
      .orderBy(sql`count(*)`, 'desc')
      .executeTakeFirstOrThrow()
    const only = await list('trade', `/api/orders?startDate=${day.enter_date}&endDate=${day.enter_date}`)
    expect(only).toHaveLength(day.n)
    expect(only.every((r) => r.EnterDate === day.enter_date)).toBe(true)
    const next = await sql<{ d: string }>`SELECT (${day.enter_date}::date + 1)::text AS d`.execute(t.db)
    const prev = await sql<{ d: string }>`SELECT (${day.enter_date}::date - 1)::text AS d`.execute(t.db)
    expect(await list('trade', `/api/orders?startDate=${next.rows[0]!.d}&endDate=2100-01-01`)).not.toContainEqual(
      expect.objectContaining({ EnterDate: day.enter_date }),
    )
    expect(await list('trade', `/api/orders?startDate=2000-01-01&endDate=${prev.rows[0]!.d}`)).not.toContainEqual(
      expect.objectContaining({ EnterDate: day.enter_date }),
    )
  })

  it('searches order number, purchase order and description, and finds old orders without dates', async () => {
    const oldest = await t.db
      .selectFrom('orders')
      .select(['sales_order', 'customer_purchase_order', 'enter_date'])
      .where('account_id', '=', accounts.trade!)
      .where('customer_purchase_order', 'like', 'PO-%')
      .orderBy('enter_date')
      .executeTakeFirstOrThrow()
    const byNumber = await list('trade', `/api/orders?search=${oldest.sales_order.toLowerCase()}`)
    expect(byNumber.map((r) => r.SalesOrder)).toEqual([oldest.sales_order])
    const byPo = await list('trade', `/api/orders?search=${oldest.customer_purchase_order}`)
    expect(byPo.map((r) => r.SalesOrder)).toContain(oldest.sales_order)

    const drench = await list('trade', '/api/orders?search=Drench&startDate=2000-01-01')
    const expected = await t.db
      .selectFrom('orders')
      .select('sales_order')
      .where('account_id', '=', accounts.trade!)
      .where(sql<boolean>`(customer_purchase_order || ' ' || description || ' ' || sales_order) ILIKE '%drench%'`)
      .execute()
    expect(expected.length).toBeGreaterThan(0)
    expect(drench.map((r) => r.SalesOrder).sort()).toEqual(expected.map((e) => e.sales_order).sort())
    expect(await list('trade', '/api/orders?search=%25')).toEqual([])
    expect(await list('trade', '/api/orders?search=SO_2')).toEqual([])
  })

  it('filters a branch-group account by delivery site, 0 meaning all', async () => {
    const all = await listAll('elders', '/api/orders?startDate=2000-01-01')
    const sites = new Set(all.map((r) => r.SiteCode))
    expect(sites.size).toBeGreaterThan(1)
    const wagga = await listAll('elders', '/api/orders?startDate=2000-01-01&branch=WAGGA')
    expect(wagga.length).toBeGreaterThan(0)
    expect(wagga.every((r) => r.SiteCode === 'WAGGA')).toBe(true)
    expect(wagga).toHaveLength(all.filter((r) => r.SiteCode === 'WAGGA').length)
    expect(await listAll('elders', '/api/orders?startDate=2000-01-01&branch=0')).toEqual(all)

    const foreign = await get('elders', '/api/orders?branch=MAIN')
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().fields[0].field).toBe('querystring.branch')
  })

  it('refuses dates that do not exist and a From after the To', async () => {
    const bad = await get('trade', '/api/orders?startDate=2026-02-30')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields[0].field).toBe('querystring.startDate')
    const reversed = await get('trade', '/api/orders?startDate=2026-05-02&endDate=2026-05-01')
    expect(reversed.statusCode).toBe(400)
    expect(reversed.json().error).toBe('invalid_date_range')
    expect((await get('trade', '/api/orders?page=0')).statusCode).toBe(400)
    expect((await get('trade', '/api/orders?size=101')).statusCode).toBe(400)
  })

  it("never lists another account's orders", async () => {
    const trade = await listAll('trade', '/api/orders?startDate=2000-01-01')
    const cash = await listAll('cash', '/api/orders?startDate=2000-01-01')
    const cashOwn = await t.db.selectFrom('orders').select('sales_order').where('account_id', '=', accounts.cash!).execute()
    expect(cash.map((r) => r.SalesOrder).sort()).toEqual(cashOwn.map((r) => r.sales_order).sort())
    const tradeNumbers = new Set(trade.map((r) => r.SalesOrder))
    expect(cash.some((r) => tradeNumbers.has(r.SalesOrder))).toBe(false)
    expect((await t.app.inject({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401)
  })
})

describe('order detail (GET /api/orders/{id})', () => {
  it('shows the header, delivery, contact, lines and totals, by order number or numeric id', async () => {
    const order = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('account_id', '=', accounts.trade!)
      .where('num_lines', '>', 2)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const res = await get('trade', `/api/orders/${order.sales_order}`)
    expect(res.statusCode).toBe(200)
    const detail = res.json()
    expect(detail).toMatchObject({
      SalesOrder: order.sales_order,
      SalesOrderStatus: order.status,
      Description: order.description,
      CustomerPurchaseOrder: order.customer_purchase_order,
      ShipDate: order.ship_date,
      DeliveryName: order.delivery_name,
      DeliveryAddress1: order.delivery_address1,
      DeliveryAddress2: order.delivery_address2,
      DeliveryCity: order.delivery_city,
      DeliveryPostalCode: order.delivery_postal_code,
      DeliveryState: order.delivery_state,
      Email: order.email,
      Phone: order.phone,
      Fax: order.fax,
      ExtendedEx: order.extended_ex_cents / 100,
      TaxTotal: order.tax_cents / 100,
      ExtendedInc: order.extended_inc_cents / 100,
    })
    expect(detail.items).toHaveLength(order.num_lines)
    expect(Object.keys(detail.items[0])).toEqual(
      expect.arrayContaining([
        'ProductID',
        'ProductCode',
        'Description',
        'QuantityOrdered',
        'QuantityBackOrdered',
        'QuantitySupplied',
        'ExtendedTotalEx',
        'TaxTotal',
        'ExtendedTotalInc',
      ]),
    )
    const cents = (n: number) => Math.round(n * 100)
    expect(detail.items.reduce((s: number, i: Row) => s + cents(i.ExtendedTotalEx), 0)).toBe(order.extended_ex_cents)
    expect(detail.items.reduce((s: number, i: Row) => s + cents(i.TaxTotal), 0)).toBe(order.tax_cents)

    const byId = await get('trade', `/api/orders/${order.id}`)
    expect(byId.json()).toEqual(detail)
    expect((await get('trade', `/api/orders/${order.sales_order.toLowerCase()}`)).json()).toEqual(detail)
  })

  it("answers 404 for another account's order, by number or id, and for a number that does not exist", async () => {
    const theirs = await t.db.selectFrom('orders').select(['id', 'sales_order']).where('account_id', '=', accounts.elders!).executeTakeFirstOrThrow()
    for (const id of [theirs.sales_order, String(theirs.id), 'SO0000001', '999999999']) {
      const res = await get('trade', `/api/orders/${id}`)
      expect(res.statusCode, id).toBe(404)
      expect(res.json().error).toBe('not_found')
    }
  })
})

describe('back orders (GET /api/back-orders)', () => {
  it('lists the lines still waiting on stock with the contract’s fields', async () => {
    const rows = await list('trade', '/api/back-orders?startDate=2000-01-01')
    const expected = await t.db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select([
        'orders.sales_order',
        'orders.enter_date',
        'order_lines.description',
        'order_lines.qty_ordered',
        'order_lines.qty_back_ordered',
        'order_lines.due_date',
        'orders.site_code',
      ])
      .where('orders.account_id', '=', accounts.trade!)
      .where('orders.status', '<>', 'Cancelled')
      .where('order_lines.qty_back_ordered', '>', 0)
      .orderBy('orders.enter_date', 'desc')
      .orderBy('orders.id', 'desc')
      .orderBy('order_lines.line_no')
      .execute()
    expect(expected.length).toBeGreaterThan(0)
    expect(
      rows.map((r) => ({
        Description: r.Description,
        SalesOrder: r.SalesOrder,
        EnterDate: r.EnterDate,
        QtyOrdered: r.QtyOrdered,
        QtyOnorder: r.QtyOnorder,
        dueDate: r.dueDate,
        siteCode: r.siteCode,
      })),
    ).toEqual(
      expected.map((e) => ({
        Description: e.description,
        SalesOrder: e.sales_order,
        EnterDate: e.enter_date,
        QtyOrdered: e.qty_ordered,
        QtyOnorder: e.qty_back_ordered,
        dueDate: e.due_date,
        siteCode: e.site_code,
      })),
    )
  })

  it('pages by 100 and a shorter page is the last', async () => {
    // Put every recent line of the cash account on back order, so there are more than two pages.
    await sql`UPDATE order_lines SET qty_back_ordered = 1 FROM orders WHERE orders.id = order_lines.order_id AND orders.account_id = ${accounts.cash!} AND orders.status <> 'Cancelled'`.execute(
      t.db,
    )
    const total = await t.db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('orders.account_id', '=', accounts.cash!)
      .where('orders.status', '<>', 'Cancelled')
      .executeTakeFirstOrThrow()
    expect(total.n).toBeGreaterThan(200)
    const pages: Row[][] = []
    for (let page = 1; page <= Math.ceil(total.n / 100) + 1; page++) pages.push(await list('cash', `/api/back-orders?startDate=2000-01-01&page=${page}`))
    const lengths = pages.map((p) => p.length)
    expect(lengths.slice(0, -2).every((n) => n === 100)).toBe(true)
    expect(lengths.at(-2)).toBe(total.n % 100 || 100)
    expect(lengths.at(-1)).toBe(0)
    expect(pages.flat()).toHaveLength(total.n)
  })

  it('includes both date bounds and filters a branch-group account by delivery site', async () => {
    const rows = await list('elders', '/api/back-orders?startDate=2000-01-01')
    expect(rows.length).toBeGreaterThan(1)
    const day = rows[0]!.EnterDate as string
    const sameDay = await list('elders', `/api/back-orders?startDate=${day}&endDate=${day}`)
    expect(sameDay).toEqual(rows.filter((r) => r.EnterDate === day))
    const site = rows[0]!.siteCode as string
    const bySite = await list('elders', `/api/back-orders?startDate=2000-01-01&branch=${site}`)
    expect(bySite).toEqual(rows.filter((r) => r.siteCode === site))
    expect(await list('elders', '/api/back-orders?startDate=2000-01-01&branch=0')).toEqual(rows)
  })

  it("never shows another account's back orders", async () => {
    const trade = await list('trade', '/api/back-orders?startDate=2000-01-01')
    const elders = await list('elders', '/api/back-orders?startDate=2000-01-01')
    const tradeOrders = new Set(trade.map((r) => r.SalesOrder))
    expect(elders.some((r) => tradeOrders.has(r.SalesOrder))).toBe(false)
    const owners = await t.db
      .selectFrom('orders')
      .select('account_id')
      .distinct()
      .where('sales_order', 'in', [...tradeOrders])
      .execute()
    expect(owners.map((o) => o.account_id)).toEqual([accounts.trade])
  })
})

describe('reorder (POST /api/orders/{id}/reorder)', () => {
  async function cartOf(username: string) {
    return t.db
      .selectFrom('carts')
      .innerJoin('users', 'users.id', 'carts.user_id')
      .innerJoin('cart_lines', 'cart_lines.cart_id', 'carts.id')
      .select(['carts.location_id', 'cart_lines.product_id', 'cart_lines.quantity'])
      .where('users.username', '=', username)
      .execute()
  }
  async function emptyCart(username: string) {
    const user = await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()
    await t.db.deleteFrom('carts').where('user_id', '=', user.id).execute()
  }
  async function reorder(who: keyof typeof DEMO, id: string, warehouse?: string) {
    return t.app.inject({ method: 'POST', url: `/api/orders/${id}/reorder`, headers: bearer(tokens[who]), payload: warehouse ? { warehouse } : {} })
  }
  async function shippedOrder(account: number, minLines = 2) {
    return t.db
      .selectFrom('orders')
      .select(['id', 'sales_order'])
      .where('account_id', '=', account)
      .where('status', '=', 'Shipped')
      .where('num_lines', '>=', minLines)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  }

  it("adds every line to the current branch's cart and adds to what is already there", async () => {
    await emptyCart('trade')
    const order = await shippedOrder(accounts.trade!, 3)
    const lines = await t.db.selectFrom('order_lines').select(['product_id', 'qty_ordered', 'product_code']).where('order_id', '=', order.id).execute()
    const res = await reorder('trade', order.sales_order, 'MEL')
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.warehouse).toBe('MEL')
    expect(body.notAdded).toEqual([])
    expect(body.added.map((a: Row) => a.ProductCode).sort()).toEqual(lines.map((l) => l.product_code).sort())
    let cart = await cartOf('trade')
    expect(cart.every((c) => c.location_id === 'MEL')).toBe(true)
    expect(new Map(cart.map((c) => [c.product_id, c.quantity]))).toEqual(new Map(lines.map((l) => [l.product_id, l.qty_ordered])))

    // The summary the header shows now counts the lines.
    const summary = await get('trade', '/api/cart')
    expect(summary.json()).toMatchObject({ Count: lines.length, warehouse: 'MEL' })

    await reorder('trade', order.sales_order, 'MEL')
    cart = await cartOf('trade')
    expect(new Map(cart.map((c) => [c.product_id, c.quantity]))).toEqual(new Map(lines.map((l) => [l.product_id, 2 * l.qty_ordered])))
  })

  it('names the lines whose price today differs from the order’s', async () => {
    await emptyCart('trade')
    const order = await shippedOrder(accounts.trade!, 3)
    const first = await reorder('trade', order.sales_order, 'MEL')
    expect(first.statusCode, first.body).toBe(200)
    // The cart charges today's prices: make the order's lines match them, all but one.
    const today = (await get('trade', '/api/cart/items?warehouse=MEL')).json() as Array<{ ProductID: number; Price: number }>
    const lines = await t.db
      .selectFrom('order_lines')
      .select(['id', 'product_id', 'product_code'])
      .where('order_id', '=', order.id)
      .orderBy('line_no')
      .execute()
    for (const line of lines) {
      const price = today.find((c) => c.ProductID === line.product_id)!.Price
      await t.db
        .updateTable('order_lines')
        .set({ unit_price_cents: Math.round(price * 100) })
        .where('id', '=', line.id)
        .execute()
    }
    await emptyCart('trade')
    const same = (await reorder('trade', order.sales_order, 'MEL')).json()
    expect(same.priceChanges).toEqual([])

    const changed = lines[1]!
    const now = today.find((c) => c.ProductID === changed.product_id)!.Price
    await t.db
      .updateTable('order_lines')
      .set({ unit_price_cents: Math.round(now * 100) - 9 })
      .where('id', '=', changed.id)
      .execute()
    await emptyCart('trade')
    const res = (await reorder('trade', order.sales_order, 'MEL')).json()
    expect(res.priceChanges).toEqual([
      {
        ProductID: changed.product_id,
        ProductCode: changed.product_code,
        Description: expect.any(String),
        OrderedPrice: (Math.round(now * 100) - 9) / 100,
        Price: now,
      },
    ])
    // Compatible: the fields there were before are all still there.
    expect(Object.keys(res).sort()).toEqual(['added', 'notAdded', 'priceChanges', 'warehouse'])
  })

  it('never puts more in a cash-sale cart than the branch has in stock', async () => {
    await emptyCart('cash')
    const order = await shippedOrder(accounts.cash!, 2)
    const lines = await t.db
      .selectFrom('order_lines')
      .select(['product_id', 'qty_ordered', 'product_code'])
      .where('order_id', '=', order.id)
      .orderBy('line_no')
      .execute()
    const [capped, none, ...rest] = lines
    await t.db.updateTable('stock').set({ qty_available: 1 }).where('location_id', '=', 'MEL').where('product_id', '=', capped!.product_id!).execute()
    await t.db.updateTable('stock').set({ qty_available: 0 }).where('location_id', '=', 'MEL').where('product_id', '=', none!.product_id!).execute()
    for (const line of rest) {
      await sql`INSERT INTO stock (product_id, location_id, qty_available) VALUES (${line.product_id}, 'MEL', 1000)
        ON CONFLICT (location_id, product_id) DO UPDATE SET qty_available = 1000`.execute(t.db)
    }

    const res = await reorder('cash', order.sales_order, 'MEL')
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.added).toContainEqual(expect.objectContaining({ ProductCode: capped!.product_code, Quantity: 1, Requested: capped!.qty_ordered }))
    expect(body.notAdded).toEqual([expect.objectContaining({ ProductCode: none!.product_code, reason: 'no_stock' })])
    const cart = new Map((await cartOf('cash')).map((c) => [c.product_id, c.quantity]))
    expect(cart.get(capped!.product_id!)).toBe(1)
    expect(cart.has(none!.product_id!)).toBe(false)

    // Again: the capped line is already at the stock level, so nothing more goes in.
    const again = (await reorder('cash', order.sales_order, 'MEL')).json()
    expect(again.notAdded.map((n: Row) => n.ProductCode)).toEqual(expect.arrayContaining([capped!.product_code, none!.product_code]))
    expect(new Map((await cartOf('cash')).map((c) => [c.product_id, c.quantity])).get(capped!.product_id!)).toBe(1)
  })

  it('leaves out products the user may not see and products no longer sold', async () => {
    await emptyCart('elders')
    const order = await shippedOrder(accounts.elders!, 3)
    const lines = await t.db
      .selectFrom('order_lines')
      .select(['id', 'product_id', 'product_code'])
      .where('order_id', '=', order.id)
      .orderBy('line_no')
      .execute()
    const hidden = await t.db
      .selectFrom('products')
      .innerJoin('brands', 'brands.brand_code', 'products.brand_code')
      .select(['products.id', 'products.product_code', 'products.description'])
      .where('brands.hidden_for_elders', '=', true)
      .where('products.active', '=', true)
      .executeTakeFirstOrThrow()
    await t.db
      .updateTable('order_lines')
      .set({ product_id: hidden.id, product_code: hidden.product_code, description: hidden.description })
      .where('id', '=', lines[0]!.id)
      .execute()
    await t.db.updateTable('products').set({ active: false }).where('id', '=', lines[1]!.product_id!).execute()

    const res = await reorder('elders', order.sales_order, 'WAG')
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.notAdded).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ProductCode: hidden.product_code, reason: 'not_available' }),
        expect.objectContaining({ ProductCode: lines[1]!.product_code, reason: 'discontinued' }),
      ]),
    )
    const cart = await cartOf('elders')
    expect(cart.map((c) => c.product_id)).not.toContain(hidden.id)
    expect(cart.map((c) => c.product_id)).not.toContain(lines[1]!.product_id)
    expect(cart.length).toBe(body.added.length)
    expect(body.added.length).toBe(lines.length - 2)
    await t.db.updateTable('products').set({ active: true }).where('id', '=', lines[1]!.product_id!).execute()
  })

  it('refuses a cancelled order, a branch outside the group, and never mixes branches in one cart', async () => {
    const cancelled = await t.db
      .selectFrom('orders')
      .select('sales_order')
      .where('account_id', '=', accounts.trade!)
      .where('status', '=', 'Cancelled')
      .executeTakeFirstOrThrow()
    const res = await reorder('trade', cancelled.sales_order, 'WAG')
    expect(res.statusCode).toBe(422)
    expect(res.json().error).toBe('order_cancelled')

    const order = await shippedOrder(accounts.trade!)
    expect((await reorder('trade', order.sales_order, 'NOPE')).statusCode).toBe(400)
    expect((await reorder('trade', order.sales_order, 'FMB')).statusCode).toBe(400)
    await emptyCart('elders')
    const eldersOrder = (await shippedOrder(accounts.elders!)).sales_order
    const outside = await reorder('elders', eldersOrder, 'PER')
    expect(outside.statusCode).toBe(403)
    expect(outside.json()).toEqual({ error: 'branch_not_in_group', message: 'Your account does not order from that branch.' })
    expect(await cartOf('elders')).toEqual([])
    const inside = await reorder('elders', eldersOrder, 'SHE')
    expect(inside.statusCode, inside.body).toBe(200)
    expect((await cartOf('elders')).every((c) => c.location_id === 'SHE')).toBe(true)

    await emptyCart('trade')
    expect((await reorder('trade', order.sales_order, 'WAG')).statusCode).toBe(200)
    const other = await reorder('trade', order.sales_order, 'SYD')
    expect(other.statusCode).toBe(409)
    expect(other.json().error).toBe('cart_branch_mismatch')
    expect((await cartOf('trade')).every((c) => c.location_id === 'WAG')).toBe(true)
  })

  it("without a branch, goes to the cart's branch while it has items, else the default branch", async () => {
    await emptyCart('trade')
    const order = await shippedOrder(accounts.trade!)
    expect((await reorder('trade', order.sales_order)).json().warehouse).toBe('WAG')
    await t.app.inject({ method: 'DELETE', url: '/api/cart', headers: bearer(tokens.trade) })
    expect((await reorder('trade', order.sales_order, 'ADE')).json().warehouse).toBe('ADE')
    expect((await reorder('trade', order.sales_order)).json().warehouse).toBe('ADE')
    expect((await cartOf('trade')).every((c) => c.location_id === 'ADE')).toBe(true)
  })

  it("answers 404 for another account's order and leaves the cart alone", async () => {
    await emptyCart('trade')
    const theirs = await shippedOrder(accounts.cash!)
    const res = await reorder('trade', theirs.sales_order, 'WAG')
    expect(res.statusCode).toBe(404)
    expect(await cartOf('trade')).toEqual([])
  })
})
