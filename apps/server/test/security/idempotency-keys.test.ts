import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, checkoutForm, DEMO, signIn, startTestApp, type TestContext } from '../helpers'

/**
 * An Idempotency-Key belongs to the user who sent it (migration 0023): another user of the same account who sends
 * it makes a request of their own, and never gets the first user's order or payment.
 */

let t: TestContext
let trade: string
let staff: string

beforeAll(async () => {
  t = await startTestApp()
  ;[trade, staff] = await Promise.all([signIn(t.app, DEMO.trade), signIn(t.app, DEMO.staff)])
})
afterAll(async () => t?.close())

async function productAtWag() {
  const { rows } = await sql<{ code: string }>`SELECT p.product_code AS code FROM products p JOIN stock s ON s.product_id = p.id AND s.location_id = 'WAG'
    WHERE p.active AND s.qty_available > 50 ORDER BY p.id LIMIT 2`.execute(t.db)
  return rows.map((r) => r.code)
}

const add = (token: string, code: string, qty: number) =>
  t.app.inject({ method: 'POST', url: '/api/cart/bulk', headers: bearer(token), payload: { warehouse: 'WAG', lines: [{ code, qty }] } })

const order = (token: string, key: string, po: string) =>
  t.app.inject({ method: 'POST', url: '/api/orders', headers: { ...bearer(token), 'idempotency-key': key }, payload: checkoutForm({ PurchaseOrder: po }) })

describe('idempotency keys belong to their sender', () => {
  it('places trade’s own cart when trade sends the key staff’s order was placed with', async () => {
    const [mine, theirs] = await productAtWag()
    expect((await add(staff, theirs!, 2)).statusCode).toBe(200)
    expect((await add(trade, mine!, 3)).statusCode).toBe(200)
    const key = 'c0ffee00-9999-4222-8333-444455556666'
    const staffs = await order(staff, key, 'PO-STAFF-KEY')
    expect(staffs.statusCode).toBe(201)

    const trades = await order(trade, key, 'PO-TRADE-KEY')
    expect(trades.statusCode).toBe(201)
    expect(trades.json().SalesOrder).not.toBe(staffs.json().SalesOrder)
    expect(trades.json().CustomerPurchaseOrder).toBe('PO-TRADE-KEY')
    expect(trades.json().items.map((i: { ProductCode: string; QuantityOrdered: number }) => [i.ProductCode, i.QuantityOrdered])).toEqual([[mine, 3]])
    // trade's cart was ordered, and a repeat of trade's request answers trade's order.
    expect((await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(trade) })).json()).toMatchObject({ Count: 0 })
    expect((await order(trade, key, 'PO-TRADE-KEY')).json().SalesOrder).toBe(trades.json().SalesOrder)
    expect((await order(staff, key, 'PO-STAFF-KEY')).json().SalesOrder).toBe(staffs.json().SalesOrder)
  })
})
