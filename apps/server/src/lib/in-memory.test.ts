import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import type { ChangeFeed } from '../db/change-feed'
import type { SearchEngine } from '../modules/catalogue/search-engine'
import type { StockBook } from '../modules/catalogue/stock-book'
import type { Caches } from './caches'
import type { Deps } from './context'
import { InMemory } from './in-memory'
import { bearer, checkoutForm, DEMO, json, signIn, startTestApp, TEST_ERP_KEY, type TestContext } from '../../test/helpers'

/**
 * What this process keeps in memory follows the database's notifications only (InMemory.heard, decision 0104),
 * and a writer waits until it has heard its own: here every notification arrives 400 ms late, and each change is
 * still seen by the very next request, never a page or a session from before it.
 */
const LATE_MS = 400

let t: TestContext
beforeAll(async () => {
  t = await startTestApp({}, { notificationsLateMs: LATE_MS })
})
afterAll(async () => t?.close())

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) })

/** An active product in stock at WAG that the trade account sees, and its count there. */
async function productInStock(least: number) {
  return t.db
    .selectFrom('products as p')
    .innerJoin('stock as s', 's.product_id', 'p.id')
    .select(['p.id', 'p.product_code as code', 's.qty_available as qty'])
    .where('p.active', '=', true)
    .where('s.location_id', '=', 'WAG')
    .where('s.qty_available', '>=', least)
    .orderBy('p.id')
    .executeTakeFirstOrThrow()
}

describe('a writer sees its own change at once, however late the notifications', () => {
  it('a signed-out session is refused on its next request', async () => {
    const token = await signIn(t.app, DEMO.trade)
    expect((await get(token, '/api/me')).statusCode).toBe(200)
    expect((await get(token, '/api/me')).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode).toBe(204)
    expect((await get(token, '/api/me')).statusCode).toBe(401)
  })

  it("a password change ends the user's other sessions before it answers", async () => {
    const [mine, other] = [await signIn(t.app, DEMO.staff), await signIn(t.app, DEMO.staff)]
    expect((await get(other, '/api/me')).statusCode).toBe(200)
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: bearer(mine),
      payload: { currentPassword: DEMO.staff.password, newPassword: 'Staff2026-changed' },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect((await get(other, '/api/me')).statusCode).toBe(401)
    expect((await get(mine, '/api/me')).statusCode).toBe(200)
    await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: bearer(mine),
      payload: { currentPassword: 'Staff2026-changed', newPassword: DEMO.staff.password },
    })
  })

  it("the ERP's stock delta shows on the product page it answers before", async () => {
    const token = await signIn(t.app, DEMO.trade)
    const product = await productInStock(1)
    const page = async () => json<{ Availability: { Available: number } }>(await get(token, `/api/product/${product.id}?warehouse=WAG`)).Availability.Available
    expect(await page()).toBe(product.qty)
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/erp/stock',
      headers: { authorization: `Bearer ${TEST_ERP_KEY}` },
      payload: [{ ProductCode: product.code, LocationID: 'WAG', QtyAvailable: product.qty + 17 }],
    })
    expect(sent.statusCode, sent.body).toBe(200)
    expect(await page()).toBe(product.qty + 17)
  })

  it('an order placed is in the order history and off the stock shown in its next answers', async () => {
    const token = await signIn(t.app, DEMO.trade)
    const product = await productInStock(5)
    const before = json<Array<{ SalesOrder: string }>>(await get(token, '/api/orders'))
    const shown = async () => json<{ Availability: { Available: number } }>(await get(token, `/api/product/${product.id}?warehouse=WAG`)).Availability.Available
    const stockBefore = await shown()
    await t.app.inject({ method: 'DELETE', url: '/api/cart', headers: bearer(token) })
    const added = await t.app.inject({ method: 'POST', url: '/api/cart', headers: bearer(token), payload: { productID: product.id, qty: 2, warehouse: 'WAG' } })
    expect(added.statusCode, added.body).toBe(200)
    const placed = await t.app.inject({ method: 'POST', url: '/api/orders', headers: bearer(token), payload: checkoutForm({ PurchaseOrder: 'PO-HEARD' }) })
    expect(placed.statusCode, placed.body).toBe(201)
    const { SalesOrder } = json<{ SalesOrder: string }>(placed)
    const after = json<Array<{ SalesOrder: string }>>(await get(token, '/api/orders'))
    expect(after.map((o) => o.SalesOrder)).toContain(SalesOrder)
    expect(after.length).toBe(before.length + 1)
    expect(await shown()).toBe(stockBefore - 2)
  })
})

describe('InMemory is the one place that says when a part kept in memory may be used', () => {
  /** Parts standing in for the server's, with the switches the accessors read. */
  function parts() {
    const told: string[] = []
    const feed = { live: true, caughtUp: async () => true, tell: (channel: string, payload: string) => told.push(`${channel}:${payload}`) }
    const caches = {
      get live() {
        return feed.live
      },
    }
    const stock = { ready: true }
    const search = { settled: async () => {}, refresh: async () => {} }
    const inMemory = new InMemory({
      changes: feed as unknown as ChangeFeed,
      caches: caches as unknown as Caches,
      stock: stock as unknown as StockBook,
      search: search as unknown as SearchEngine,
    })
    return { inMemory, feed, stock, told }
  }

  it('every dependency is always there: optional parts are answered by InMemory, not by optional fields', () => {
    expectTypeOf<Deps>().toEqualTypeOf<Required<Deps>>()
  })

  it('answers the caches only while the change feed is live, the stock book only while it is ready', () => {
    const { inMemory, feed, stock } = parts()
    expect(inMemory.caches).toBeDefined()
    expect(inMemory.stock).toBeDefined()
    feed.live = false
    expect(inMemory.caches).toBeUndefined()
    stock.ready = false
    expect(inMemory.stock).toBeUndefined()
    expect(inMemory.search).toBeDefined()
  })

  it('tells an order to this process on the channels the triggers use', () => {
    const { inMemory, told } = parts()
    inMemory.orderTold({ accountId: 7, productIds: [3, 5] })
    inMemory.orderTold({ accountId: 8, productIds: [] })
    expect(told).toEqual(['portal_history:7', 'portal_stock:3,5', 'portal_history:8'])
  })

  it('outside the server nothing is kept, nothing is waited for and nothing is told', async () => {
    const none = InMemory.none()
    expect([none.caches, none.stock, none.search]).toEqual([undefined, undefined, undefined])
    await expect(none.heard()).resolves.toBeUndefined()
    await expect(none.importShown()).resolves.toBeUndefined()
    expect(() => none.orderTold({ accountId: 1, productIds: [1] })).not.toThrow()
  })
})
