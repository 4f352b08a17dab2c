import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../test/helpers'
import type { ChangeFeed, ChangeHandler } from '../db/change-feed'
import { Caches } from './caches'
import { TtlCache } from './ttl-cache'

describe('TtlCache', () => {
  it('forgets an entry once its time is up', () => {
    const cache = new TtlCache<string>(10, 1000)
    cache.set('a', 'A', cache.stamp(), 0)
    expect(cache.get('a', 999)).toBe('A')
    expect(cache.get('a', 1000)).toBeUndefined()
  })

  it('drops the oldest entry when full', () => {
    const cache = new TtlCache<number>(2, 60_000)
    for (const key of ['a', 'b', 'c']) cache.set(key, 1, cache.stamp())
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 1, 1])
    expect(cache.size).toBe(2)
  })

  it('keeps the entry read most lately when full', () => {
    const cache = new TtlCache<number>(2, 60_000)
    cache.set('a', 1, cache.stamp())
    cache.set('b', 2, cache.stamp())
    expect(cache.get('a')).toBe(1)
    cache.set('c', 3, cache.stamp())
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3])
  })

  it('does not store a value read before an eviction that came while it was being read', () => {
    const cache = new TtlCache<string>(10, 60_000)
    const stamp = cache.stamp()
    cache.delete('a') // the notification that the row changed arrives during the slow read
    cache.set('a', 'stale', stamp)
    expect(cache.get('a')).toBeUndefined()
    cache.set('a', 'fresh', cache.stamp())
    expect(cache.get('a')).toBe('fresh')
  })

  it('keeps nothing with a lifetime of 0', () => {
    const cache = new TtlCache<string>(10, 0)
    cache.set('a', 'A', cache.stamp())
    expect(cache.get('a')).toBeUndefined()
  })
})

describe('the kept list pages share their rows (decision 0099)', () => {
  function caches(ttlMs = 60_000) {
    const handlers = new Map<string, ChangeHandler>()
    const feed: ChangeFeed = {
      live: true,
      subscribe: (channel, handler) => void handlers.set(channel, handler),
      caughtUp: async () => true,
      tell: () => {},
      close: async () => {},
    }
    return { caches: new Caches(feed, ttlMs), notify: (channel: string, payload: string) => handlers.get(channel)!(payload) }
  }
  // Each page's rows as a query gives them: new objects, equal to the other page's for the same product.
  const read = (...ids: number[]) => ids.map((id) => ({ id, description: `Product ${id}` }))

  it('serves one row object a product, whichever page read it first', () => {
    const { caches: c } = caches()
    const category = c.keepPage('category', read(1, 2, 3), c.pages.stamp(), 0)
    const search = c.keepPage('search', read(3, 4, 1), c.pages.stamp(), 0)
    expect(search.rows).toEqual(read(3, 4, 1))
    expect(search.ids).toEqual([3, 4, 1])
    expect(search.rows[0]).toBe(category.rows[2])
    expect(search.rows[2]).toBe(category.rows[0])
    expect(c.pages.get('search', 0)).toBe(search)
  })

  it('shares no row read before the catalogue changed, nor after it', () => {
    const { caches: c, notify } = caches()
    const before = c.keepPage('category', read(1), c.pages.stamp(), 0)
    const stamp = c.pages.stamp()
    notify('portal_catalogue', 'products')
    // Read while the change came: served as read, neither kept nor shared.
    const during = c.keepPage('brand', read(1), stamp, 0)
    expect(c.pages.get('brand', 0)).toBeUndefined()
    const after = c.keepPage('specials', read(1), c.pages.stamp(), 0)
    expect(after.rows[0]).not.toBe(before.rows[0])
    expect(during.rows[0]).not.toBe(after.rows[0])
    expect(c.keepPage('search', read(1), c.pages.stamp(), 0).rows[0]).toBe(after.rows[0])
  })

  it("forgets, when a product's offer changes, only the pages and product pages holding it, and shares its row no more (decision 0097)", () => {
    const { caches: c, notify } = caches()
    const category = c.keepPage('category', read(1, 2, 3), c.pages.stamp(), 0)
    c.keepPage('brand', read(4, 5), c.pages.stamp(), 0)
    c.keepPage('search', read(5, 3), c.pages.stamp(), 0)
    c.products.set('product 3', { ids: [3], rows: read(3) }, c.products.stamp(), 0)
    c.products.set('product 4', { ids: [4], rows: read(4) }, c.products.stamp(), 0)
    const stamp = c.pages.stamp()
    notify('portal_products', '3,9')
    expect(c.pages.get('category', 0)).toBeUndefined()
    expect(c.pages.get('search', 0)).toBeUndefined()
    expect(c.pages.get('brand', 0)?.ids).toEqual([4, 5])
    expect(c.products.get('product 3', 0)).toBeUndefined()
    expect(c.products.get('product 4', 0)?.ids).toEqual([4])
    // A page read while the change came is served as read, not kept.
    c.keepPage('specials', read(3), stamp, 0)
    expect(c.pages.get('specials', 0)).toBeUndefined()
    // Read again: the changed product's row is the new one, the others' still shared.
    const again = c.keepPage('category', read(1, 2, 3), c.pages.stamp(), 0)
    expect(again.rows[0]).toBe(category.rows[0])
    expect(again.rows[2]).not.toBe(category.rows[2])
    notify('portal_products', '*')
    expect(c.pages.get('brand', 0)).toBeUndefined()
  })

  it('shares a row no longer than the pages themselves are kept', () => {
    const { caches: c } = caches(1000)
    const first = c.keepPage('category', read(1), c.pages.stamp(), 0)
    expect(c.keepPage('brand', read(1), c.pages.stamp(), 999).rows[0]).toBe(first.rows[0])
    const later = c.keepPage('search', read(1), c.pages.stamp(), 1000)
    expect(later.rows[0]).not.toBe(first.rows[0])
    expect(c.keepPage('specials', read(1), c.pages.stamp(), 1500).rows[0]).toBe(later.rows[0])
  })
})

// What is kept in memory must never be behind the database, whoever writes to it: another portal
// instance, an ERP sync, psql. These writes go straight to the database, past the portal's services.
describe('the in-memory caches follow the database', () => {
  let t: TestContext
  let trade: string
  beforeAll(async () => {
    t = await startTestApp()
    trade = await signIn(t.app, DEMO.trade)
  })
  afterAll(async () => t?.close())

  const get = (url: string, token = trade) => t.app.inject({ method: 'GET', url, headers: bearer(token) })
  const page = '/api/categories/drenches/products?warehouse=WAG&page=1&size=40'
  const firstProduct = async () => (await get(page)).json()[0] as { ProductID: number; Availability: { Available: number }; SinglePricing: { Price: number } }
  const soon = { timeout: 5000, interval: 50 }

  it('shows stock changed by another writer on a list page it has served before', async () => {
    const before = await firstProduct()
    expect((await firstProduct()).Availability.Available).toBe(before.Availability.Available)
    const qty = before.Availability.Available + 137
    await sql`INSERT INTO stock (product_id, location_id, qty_available) VALUES (${before.ProductID}, 'WAG', ${qty})
      ON CONFLICT (product_id, location_id) DO UPDATE SET qty_available = EXCLUDED.qty_available`.execute(t.db)
    await expect.poll(async () => (await firstProduct()).Availability.Available, soon).toBe(qty)
  })

  it('shows a price changed by another writer', async () => {
    const before = await firstProduct()
    await t.db.deleteFrom('contract_prices').where('product_id', '=', before.ProductID).execute()
    await t.db
      .updateTable('customer_accounts')
      .set({ price_discount_bp: 0 })
      .where('code', '=', (await accountOf('trade')).code)
      .execute()
    await t.db.updateTable('products').set({ unit_price_cents: 123_457 }).where('id', '=', before.ProductID).execute()
    await expect.poll(async () => (await firstProduct()).SinglePricing.Price, soon).toBe(1234.57)
  })

  it('ends a session revoked by another writer', async () => {
    const token = await signIn(t.app, DEMO.cash)
    expect((await get('/api/me', token)).statusCode).toBe(200)
    expect((await get('/api/me', token)).statusCode).toBe(200)
    const { id } = await t.db.selectFrom('users').select('id').where('username', '=', 'cash').executeTakeFirstOrThrow()
    await t.db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', id).execute()
    await expect.poll(async () => (await get('/api/me', token)).statusCode, soon).toBe(401)
  })

  it('sees a role changed by another writer', async () => {
    const staff = await signIn(t.app, DEMO.staff)
    expect((await get('/api/users', staff)).statusCode).toBe(403)
    await t.db.updateTable('users').set({ role: 'Administrator' }).where('username', '=', 'staff').execute()
    await expect.poll(async () => (await get('/api/users', staff)).statusCode, soon).toBe(200)
  })

  it.runIf(process.env.TEST_DATABASE_URL)('keeps following the database after its notification connection drops', async () => {
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE application_name = 'portal-change-feed' AND datname = current_database()`.execute(t.db)
    // Answers stay right while the feed is down and after it has reconnected (within about a second).
    for (const extra of [11, 23]) {
      const before = await firstProduct()
      const qty = before.Availability.Available + extra
      await t.db.updateTable('stock').set({ qty_available: qty }).where('product_id', '=', before.ProductID).where('location_id', '=', 'WAG').execute()
      await expect.poll(async () => (await firstProduct()).Availability.Available, soon).toBe(qty)
      await new Promise((resolve) => setTimeout(resolve, 1500))
    }
    const reconnected = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE application_name = 'portal-change-feed' AND datname = current_database()`.execute(t.db)
    expect(reconnected.rows[0]!.n).toBe(1)
  })

  it('shows an order changed by another writer in the order history', async () => {
    const firstOrder = async () => (await get('/api/orders')).json()[0] as { OrderID: number; Description: string }
    const before = await firstOrder()
    expect((await firstOrder()).Description).toBe(before.Description)
    await t.db.updateTable('orders').set({ description: 'Changed by the ERP' }).where('id', '=', before.OrderID).execute()
    await expect.poll(async () => (await firstOrder()).Description, soon).toBe('Changed by the ERP')
  })

  it('shows a back order filled by another writer', async () => {
    const backOrders = async () => (await get('/api/back-orders')).json() as Array<{ OrderID: number; ProductID: number }>
    const [first] = await backOrders()
    expect(first).toBeDefined()
    await t.db
      .updateTable('order_lines')
      .set({ qty_back_ordered: 0 })
      .where('order_id', '=', first!.OrderID)
      .where('product_id', '=', first!.ProductID)
      .execute()
    await expect.poll(async () => (await backOrders()).some((b) => b.OrderID === first!.OrderID && b.ProductID === first!.ProductID), soon).toBe(false)
  })

  it('shows an invoice changed by another writer', async () => {
    const firstInvoice = async () => (await get('/api/invoices')).json()[0] as { Invoice: string; CustomerPurchaseOrder: string }
    const before = await firstInvoice()
    await t.db.updateTable('invoices').set({ customer_purchase_order: 'PO-FROM-ERP' }).where('invoice', '=', before.Invoice).execute()
    await expect.poll(async () => (await firstInvoice()).CustomerPurchaseOrder, soon).toBe('PO-FROM-ERP')
  })

  const accountOf = (username: string) =>
    t.db
      .selectFrom('users')
      .innerJoin('customer_accounts', 'customer_accounts.id', 'users.account_id')
      .select('customer_accounts.code')
      .where('users.username', '=', username)
      .executeTakeFirstOrThrow()
})
