import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'
import { accountPackPriceCents, accountUnitPriceCents, discountedCents, packPriceCents } from '../../lib/pricing'

// Decisions 0032 and 0097: catalogue pages are kept once for every account and branch (list prices, no stock)
// and priced per account and stocked from the stock book as they are served; a stock change empties no page.

describe('account prices applied to a shared page', () => {
  it('prices like PostgreSQL: half a cent rounds away from zero', () => {
    expect(discountedCents(1005, 5000)).toBe(503) // 502.5
    expect(discountedCents(1000, 250)).toBe(975)
    expect(discountedCents(333, 1050)).toBe(298) // 298.035
  })
})

describe('account prices in PostgreSQL and in the process', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(async () => t?.close())

  it('agree to the cent for every list price and discount, halves and the largest price included', async () => {
    const prices = [0, 1, 5, 99, 333, 1005, 12_345, 99_999, 2_147_483_647]
    const discounts = [0, 1, 250, 1050, 3333, 5000]
    const { rows } = await sql<{ list: number; bp: number; unit: number; carton: number }>`
      SELECT products.unit_price_cents AS list, customer_accounts.price_discount_bp AS bp,
        ${accountUnitPriceCents()} AS unit, ${accountPackPriceCents('carton_price_cents')} AS carton
      FROM (SELECT u AS unit_price_cents, u / 2 AS carton_price_cents FROM unnest(${prices}::int[]) AS u) products
      CROSS JOIN unnest(${discounts}::int[]) AS customer_accounts(price_discount_bp)
      LEFT JOIN (SELECT NULL::int AS price_cents) contract_prices ON false`.execute(t.db)
    expect(rows).toHaveLength(prices.length * discounts.length)
    for (const r of rows) {
      const unit = discountedCents(r.list, r.bp)
      expect(r.unit, `${r.list} less ${r.bp} bp`).toBe(unit)
      expect(r.carton, `carton ${Math.floor(r.list / 2)} less ${r.bp} bp`).toBe(packPriceCents(Math.floor(r.list / 2), r.bp, unit))
    }
  })
})

describe('catalogue pages shared by every account', () => {
  let t: TestContext
  let trade: string
  let cash: string
  let elders: string
  beforeAll(async () => {
    t = await startTestApp()
    trade = await signIn(t.app, DEMO.trade)
    cash = await signIn(t.app, DEMO.cash)
    elders = await signIn(t.app, DEMO.elders)
  })
  afterAll(async () => t?.close())

  interface WireProduct {
    ProductID: number
    Description: string
    SinglePricing: { Price: number }
    CartonPricing?: { Price: number }
    Availability: { Available: number }
  }
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) })
  const list = async (url: string, token: string) => {
    const res = await get(url, token)
    expect(res.statusCode).toBe(200)
    return res.json() as WireProduct[]
  }
  const drenches = '/api/categories/drenches/products?warehouse=WAG&page=1&size=40'
  const fencing = '/api/categories/fencing/products?warehouse=WAG&page=1&size=40'
  const soon = { timeout: 5000, interval: 50 }
  const setStock = (productId: number, branch: string, qty: number) =>
    sql`INSERT INTO stock (product_id, location_id, qty_available) VALUES (${productId}, ${branch}, ${qty})
      ON CONFLICT (product_id, location_id) DO UPDATE SET qty_available = EXCLUDED.qty_available`.execute(t.db)
  const accountOf = (username: string) =>
    t.db
      .selectFrom('users')
      .innerJoin('customer_accounts', 'customer_accounts.id', 'users.account_id')
      .select(['customer_accounts.id', 'customer_accounts.price_discount_bp'])
      .where('users.username', '=', username)
      .executeTakeFirstOrThrow()
  /** What the database says an account pays for each product: the rule of lib/pricing.ts, in SQL. */
  const expectedPrices = async (username: string, productIds: number[]) => {
    const rows = await sql<{ id: number; cents: number }>`
      SELECT p.id, coalesce(cp.price_cents, round(p.unit_price_cents * (10000 - a.price_discount_bp)::numeric / 10000)::int) AS cents
        FROM products p JOIN users u ON u.username = ${username} JOIN customer_accounts a ON a.id = u.account_id
        LEFT JOIN contract_prices cp ON cp.account_id = a.id AND cp.product_id = p.id
       WHERE p.id = ANY(${productIds}::int[])`.execute(t.db)
    return new Map(rows.rows.map((r) => [r.id, r.cents / 100]))
  }

  it('prices one page for each account with its own prices, whichever account asked first', async () => {
    const tradeAccount = await accountOf('trade')
    const cashAccount = await accountOf('cash')
    expect(tradeAccount.price_discount_bp).not.toBe(cashAccount.price_discount_bp)
    const first = await list(drenches, cash)
    // A contract price of trade's on the page, written straight to the database.
    const contracted = first[3]!.ProductID
    await sql`INSERT INTO contract_prices (account_id, product_id, price_cents) VALUES (${tradeAccount.id}, ${contracted}, 4321)
      ON CONFLICT (account_id, product_id) DO UPDATE SET price_cents = EXCLUDED.price_cents`.execute(t.db)
    await expect.poll(async () => (await list(drenches, trade)).find((p) => p.ProductID === contracted)?.SinglePricing.Price, soon).toBe(43.21)
    for (const [username, token] of [
      ['trade', trade],
      ['cash', cash],
      ['trade', trade],
    ] as const) {
      const page = await list(drenches, token)
      const expected = await expectedPrices(
        username,
        page.map((p) => p.ProductID),
      )
      expect(page.map((p) => [p.ProductID, p.SinglePricing.Price])).toEqual(page.map((p) => [p.ProductID, expected.get(p.ProductID)]))
      for (const p of page) if (p.CartonPricing) expect(p.CartonPricing.Price).toBeLessThanOrEqual(p.SinglePricing.Price)
    }
    expect((await list(drenches, cash)).find((p) => p.ProductID === contracted)?.SinglePricing.Price).not.toBe(43.21)
  })

  it("shows a changed discount on the account's pages and on no other account's", async () => {
    const page = await list(drenches, trade)
    const cashBefore = await list(drenches, cash)
    const { id } = await accountOf('cash')
    await t.db.updateTable('customer_accounts').set({ price_discount_bp: 5000 }).where('id', '=', id).execute()
    const probe = cashBefore.find((p) => !page.some((q) => q.ProductID === p.ProductID && q.SinglePricing.Price === p.SinglePricing.Price)) ?? cashBefore[0]!
    const expected = (await expectedPrices('cash', [probe.ProductID])).get(probe.ProductID)
    await expect.poll(async () => (await list(drenches, cash)).find((p) => p.ProductID === probe.ProductID)?.SinglePricing.Price, soon).toBe(expected)
    expect(await list(drenches, trade)).toEqual(page)
    await t.db.updateTable('customer_accounts').set({ price_discount_bp: 0 }).where('id', '=', id).execute()
  })

  it('shows a stock change at once on every page holding the product, for every account, and in search', async () => {
    const page = await list(drenches, trade)
    const product = page[5]!
    await list(drenches, elders)
    const qty = product.Availability.Available + 211
    await setStock(product.ProductID, 'WAG', qty)
    for (const token of [trade, cash, elders]) {
      await expect.poll(async () => (await list(drenches, token)).find((p) => p.ProductID === product.ProductID)?.Availability.Available, soon).toBe(qty)
    }
    const found = async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/search?warehouse=WAG', headers: bearer(trade), payload: { search: product.Description } })
      return (res.json() as WireProduct[]).find((p) => p.ProductID === product.ProductID)?.Availability.Available
    }
    expect(await found()).toBe(qty)
    await setStock(product.ProductID, 'WAG', qty + 1)
    await expect.poll(found, soon).toBe(qty + 1)
  })

  it('shows the stock an order placed here took on the pages holding its products as soon as the order is answered', async () => {
    const page = await list(fencing, trade)
    const product = page.find((p) => p.Availability.Available >= 5)!
    await t.app.inject({ method: 'DELETE', url: '/api/cart', headers: bearer(trade) })
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: bearer(trade),
      payload: { productID: product.ProductID, qty: 2, warehouse: 'WAG' },
    })
    expect(added.statusCode).toBe(200)
    await list(fencing, cash)
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(trade),
      payload: {
        DeliveryName: 'Test Farm',
        Address1: '1 Test Road',
        Address2: '',
        City: 'Wagga Wagga',
        State: 'NSW',
        PostalCode: '2650',
        Contact: 'Tester',
        Email: 'tester@example.com',
        Phone: '02 6900 0000',
        Fax: '',
        CarrierName: 'Toll',
        CarrierInstructions: '',
        PurchaseOrder: 'SHARED-PAGES',
        OrderDesc: '',
        DeliveryType: 1,
        warehouse: 'WAG',
      },
    })
    expect(placed.statusCode).toBe(201)
    // No waiting: this instance reads the ordered products' stock again, and a page holding them waits for that.
    for (const token of [trade, cash]) {
      expect((await list(fencing, token)).find((p) => p.ProductID === product.ProductID)?.Availability.Available).toBe(product.Availability.Available - 2)
    }
  })

  it('shows a stock change on a page still served from memory: stock changes empty no page', async () => {
    const held = (await list(drenches, trade))[0]!
    // A description changed past the change notifications: only a page read again from the database shows it.
    await sql`ALTER TABLE products DISABLE TRIGGER products_updated`.execute(t.db)
    try {
      await t.db.updateTable('products').set({ description: 'Renamed past the notifications' }).where('id', '=', held.ProductID).execute()
    } finally {
      await sql`ALTER TABLE products ENABLE TRIGGER products_updated`.execute(t.db)
    }
    await setStock(held.ProductID, 'WAG', held.Availability.Available + 7)
    const shown = async (token: string) => (await list(drenches, token)).find((p) => p.ProductID === held.ProductID)
    await expect.poll(async () => (await shown(trade))?.Availability.Available, soon).toBe(held.Availability.Available + 7)
    for (const token of [trade, cash]) expect((await shown(token))?.Description).toBe(held.Description)
    await t.db.updateTable('products').set({ description: held.Description }).where('id', '=', held.ProductID).execute()
  })

  /**
   * Listens to `portal_<name>` for each name, and answers a function that waits until the feed has told all that
   * was committed so far and returns what it said since the last call ("name payload"). What the tests before
   * wrote, still on its way, is heard and dropped first.
   */
  const listen = async (...names: Array<'products' | 'catalogue' | 'sessions'>) => {
    const heard: string[] = []
    for (const name of names) t.changes.subscribe(`portal_${name}`, (payload) => heard.push(`${name} ${payload}`))
    const said = async () => {
      expect(await t.changes.caughtUp()).toBe(true)
      return heard.splice(0)
    }
    await said()
    return said
  }

  it("tells a product's offer change by the product's id, and what lists and search go by as a change of the catalogue (decision 0097)", async () => {
    const said = await listen('products', 'catalogue')
    const [a, b] = (await list(fencing, trade)).map((p) => p.ProductID)
    const row = await t.db.selectFrom('products').select(['unit_price_cents', 'description']).where('id', '=', a!).executeTakeFirstOrThrow()
    await t.db
      .updateTable('products')
      .set({ unit_price_cents: row.unit_price_cents + 1 })
      .where('id', '=', a!)
      .execute()
    expect(await said()).toEqual([`products ${a}`])
    await t.db.updateTable('products').set({ full_description2: 'Now with a longer story', carton_qty: 12 }).where('id', 'in', [b!, a!]).execute()
    expect(await said()).toEqual([`products ${Math.min(a!, b!)},${Math.max(a!, b!)}`])
    // Written as it was: nothing changed, nothing is said.
    await t.db
      .updateTable('products')
      .set({ unit_price_cents: row.unit_price_cents + 1 })
      .where('id', '=', a!)
      .execute()
    expect(await said()).toEqual([])
    // A description orders the pages and is searched: every page is read again, and the search index takes the
    // product named in (migration 0031).
    await t.db
      .updateTable('products')
      .set({ description: `${row.description} (new)`, unit_price_cents: row.unit_price_cents })
      .where('id', '=', a!)
      .execute()
    expect(await said()).toEqual([`catalogue products:${a}`])
    await t.db.updateTable('products').set({ description: row.description }).where('id', '=', a!).execute()
    expect(await said()).toEqual([`catalogue products:${a}`])
  })

  it('tells a change of an account only when its prices or what its sessions hold changed, not for its balance (decision 0097)', async () => {
    const said = await listen('catalogue', 'sessions')
    const account = await t.db
      .selectFrom('customer_accounts')
      .selectAll()
      .where('id', '=', (await accountOf('trade')).id)
      .executeTakeFirstOrThrow()
    const { id, created_at: _created, ...columns } = account
    // As an ERP import writes a changed row: every column set, only the balance different.
    await t.db
      .updateTable('customer_accounts')
      .set({ ...columns, balance_cents: account.balance_cents + 100 })
      .where('id', '=', id)
      .execute()
    expect(await said()).toEqual([])
    await t.db
      .updateTable('customer_accounts')
      .set({ price_discount_bp: account.price_discount_bp + 10 })
      .where('id', '=', id)
      .execute()
    expect(await said()).toEqual(['catalogue customer_accounts'])
    await t.db
      .updateTable('customer_accounts')
      .set({ name: `${account.name} (renamed)` })
      .where('id', '=', id)
      .execute()
    expect(await said()).toEqual(['sessions *'])
    await t.db.updateTable('customer_accounts').set(columns).where('id', '=', id).execute()
    expect((await said()).sort()).toEqual(['catalogue customer_accounts', 'sessions *'])
  })

  it('shows a changed price at once on the pages holding the product, while other pages and the search index stay as kept (decision 0097)', async () => {
    const kept = (await list(fencing, trade))[1]!
    const changed = (await list(drenches, trade))[4]!
    expect((await list(fencing, trade)).some((p) => p.ProductID === changed.ProductID)).toBe(false)
    // A description changed past the change notifications shows only where a page, or the index, is read again.
    const renamed = 'Zebulon widget past the notifications'
    await sql`ALTER TABLE products DISABLE TRIGGER products_updated`.execute(t.db)
    try {
      await t.db.updateTable('products').set({ description: renamed }).where('id', '=', kept.ProductID).execute()
    } finally {
      await sql`ALTER TABLE products ENABLE TRIGGER products_updated`.execute(t.db)
    }
    const search = async (text: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/search?warehouse=WAG', headers: bearer(trade), payload: { search: text } })
      return (res.json() as WireProduct[]).map((p) => p.ProductID)
    }
    const { unit_price_cents } = await t.db.selectFrom('products').select('unit_price_cents').where('id', '=', changed.ProductID).executeTakeFirstOrThrow()
    await t.db
      .updateTable('products')
      .set({ unit_price_cents: unit_price_cents + 250 })
      .where('id', '=', changed.ProductID)
      .execute()
    expect(await t.changes.caughtUp()).toBe(true)
    for (const token of [trade, cash]) {
      const shown = (await list(drenches, token)).find((p) => p.ProductID === changed.ProductID)!
      const expected = (await expectedPrices(token === trade ? 'trade' : 'cash', [changed.ProductID])).get(changed.ProductID)
      expect(shown.SinglePricing.Price).toBe(expected)
      const detail = (await get(`/api/product/${changed.ProductID}?warehouse=WAG`, token)).json() as WireProduct
      expect(detail.SinglePricing.Price).toBe(expected)
    }
    expect((await list(fencing, trade)).find((p) => p.ProductID === kept.ProductID)?.Description).toBe(kept.Description)
    expect(await search('Zebulon')).not.toContain(kept.ProductID)
    // Changed with its notification: every page and the index are read again.
    await t.db.updateTable('products').set({ description: kept.Description }).where('id', '=', kept.ProductID).execute()
    await t.db.updateTable('products').set({ unit_price_cents }).where('id', '=', changed.ProductID).execute()
  })

  /** Each product's stock at a branch as the database has it (0 without a row). */
  const stockAt = async (branch: string, ids: number[]) => {
    const rows = await sql<{ id: number; qty: number }>`
      SELECT p.id, coalesce(s.qty_available, 0) AS qty FROM products p LEFT JOIN stock s ON s.product_id = p.id AND s.location_id = ${branch}
       WHERE p.id = ANY(${ids}::int[])`.execute(t.db)
    return new Map(rows.rows.map((r) => [r.id, r.qty]))
  }
  /** Every product of the page shows its stock at the branch as the database has it. */
  const expectStockOf = async (branch: string, page: WireProduct[]) => {
    const expected = await stockAt(
      branch,
      page.map((p) => p.ProductID),
    )
    expect(page.map((p) => [p.ProductID, p.Availability.Available])).toEqual(page.map((p) => [p.ProductID, expected.get(p.ProductID)]))
  }

  it("stocks one cached page at each branch with that branch's stock, and at the account's own branch when none is asked for", async () => {
    const other = await sql<{
      location_id: string
    }>`SELECT location_id FROM branches WHERE location_id NOT IN ('WAG', 'MEL') AND trading ORDER BY location_id LIMIT 1`.execute(t.db)
    for (const branch of ['WAG', 'MEL', other.rows[0]!.location_id]) await expectStockOf(branch, await list(drenches.replace('WAG', branch), trade))
    // trade's branch is WAG, cash's MEL: the same page, asked for without a branch, shows each its own.
    const noBranch = drenches.replace('warehouse=WAG&', '')
    for (const [token, branch] of [
      [trade, 'WAG'],
      [cash, 'MEL'],
      [trade, 'WAG'],
    ] as const)
      await expectStockOf(branch, await list(noBranch, token))
    expect((await get(drenches.replace('WAG', 'NOWHERE'), trade)).statusCode).toBe(400)
  })

  it('shows the product page with the stock of this branch and of every other trading branch, from the stock book', async () => {
    const product = (await list(drenches, trade))[2]!
    await setStock(product.ProductID, 'MEL', 37)
    const detail = async (branch: string) => {
      const res = await get(`/api/product/${product.ProductID}?warehouse=${branch}`, trade)
      expect(res.statusCode).toBe(200)
      return res.json() as { Availability: { Available: number }; AvailabilityOther: Array<{ LocationID: string; DESCRIPTION: string; QtyAvail: number }> }
    }
    await expect.poll(async () => (await detail('WAG')).AvailabilityOther.find((b) => b.LocationID === 'MEL')?.QtyAvail, soon).toBe(37)
    for (const branch of ['WAG', 'MEL']) {
      const shown = await detail(branch)
      const expected = await sql<{ location_id: string; name: string; qty: number }>`
        SELECT b.location_id, b.name, coalesce(s.qty_available, 0) AS qty FROM branches b
          LEFT JOIN stock s ON s.location_id = b.location_id AND s.product_id = ${product.ProductID}
         WHERE b.trading AND b.location_id <> ${branch} ORDER BY b.sort_order, b.name`.execute(t.db)
      expect(shown.AvailabilityOther).toEqual(expected.rows.map((r) => ({ LocationID: r.location_id, DESCRIPTION: r.name, QtyAvail: r.qty })))
      expect(shown.Availability.Available).toBe((await stockAt(branch, [product.ProductID])).get(product.ProductID))
    }
    expect((await get(`/api/product/${product.ProductID}?warehouse=NOWHERE`, trade)).statusCode).toBe(400)
  })

  it('answers at a branch added straight in the database, once the stock book has read it', async () => {
    await sql`INSERT INTO branches (location_id, name, trading, sort_order) VALUES ('NEWB', 'New Branch', true, 99) ON CONFLICT DO NOTHING`.execute(t.db)
    try {
      const url = drenches.replace('WAG', 'NEWB')
      await expect.poll(async () => (await get(url, trade)).statusCode, soon).toBe(200)
      expect((await list(url, trade)).every((p) => p.Availability.Available === 0)).toBe(true)
    } finally {
      await sql`DELETE FROM branches WHERE location_id = 'NEWB'`.execute(t.db)
    }
  })

  it('never serves a reseller a page cached for another account, nor the reverse', async () => {
    const hidden = await sql<{ id: number }>`
      SELECT p.id FROM products p JOIN brands b USING (brand_code) JOIN categories c ON c.id = p.category_id LEFT JOIN categories pc ON pc.id = c.parent_id
      WHERE b.hidden_for_elders OR c.hidden_for_elders OR coalesce(pc.hidden_for_elders, false)`.execute(t.db)
    const hiddenIds = new Set(hidden.rows.map((r) => r.id))
    const category = await sql<{ name: string }>`
      SELECT c.name FROM products p JOIN categories c ON c.id = p.category_id JOIN brands b USING (brand_code)
      WHERE b.hidden_for_elders AND NOT c.hidden_for_elders GROUP BY c.name ORDER BY count(*) DESC LIMIT 1`.execute(t.db)
    const url = `/api/categories/${category.rows[0]!.name}/products?warehouse=WAG&page=1&size=40`
    const forTrade = await list(url, trade)
    expect(forTrade.some((p) => hiddenIds.has(p.ProductID))).toBe(true)
    const forElders = await list(url, elders)
    expect(forElders.some((p) => hiddenIds.has(p.ProductID))).toBe(false)
    expect((await list(url, cash)).map((p) => p.ProductID)).toEqual(forTrade.map((p) => p.ProductID))
  })
})
