import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'

// Cart changes sent with an Idempotency-Key (the web app's offline queue) apply once (docs/decisions/0031-offline-app.md).
let t: TestContext
let trade: string
let staff: string
let cash: string
let pool: number[]

beforeAll(async () => {
  t = await startTestApp()
  ;[trade, staff, cash] = await Promise.all([signIn(t.app, DEMO.trade), signIn(t.app, DEMO.staff), signIn(t.app, DEMO.cash)])
  const rows = await sql<{ id: number }>`
    SELECT p.id FROM products p
    JOIN brands b ON b.brand_code = p.brand_code
    JOIN categories c ON c.id = p.category_id LEFT JOIN categories pc ON pc.id = c.parent_id
    WHERE p.active AND NOT b.hidden_for_elders AND NOT c.hidden_for_elders AND NOT coalesce(pc.hidden_for_elders, false)
    ORDER BY p.id DESC LIMIT 20`.execute(t.db)
  pool = rows.rows.map((r) => r.id)
})
afterAll(async () => t?.close())

beforeEach(async () => {
  for (const token of [trade, staff, cash]) await t.app.inject({ method: 'DELETE', url: '/api/cart', headers: bearer(token) })
})

const nextProduct = () => {
  const id = pool.shift()
  if (id === undefined) throw new Error('product pool exhausted')
  return id
}

const send = (method: 'POST' | 'PUT', token: string, payload: Record<string, unknown>, key?: string) =>
  t.app.inject({ method, url: '/api/cart', headers: { ...bearer(token), ...(key === undefined ? {} : { 'idempotency-key': key }) }, payload })

const lines = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/cart/items', headers: bearer(token) })).json() as Array<{
    ProductID: number
    ShopCartLineID: number
    Quantity: number
  }>

async function setStock(productId: number, branch: string, qty: number) {
  await t.db
    .insertInto('stock')
    .values({ product_id: productId, location_id: branch, qty_available: qty })
    .onConflict((oc) => oc.columns(['location_id', 'product_id']).doUpdateSet({ qty_available: qty }))
    .execute()
}

describe('Idempotency-Key on cart changes', () => {
  it('an add sent twice with the same key is applied once and answers the same summary', async () => {
    const productID = nextProduct()
    const key = randomUUID()
    const first = await send('POST', trade, { productID, qty: 3, warehouse: 'WAG' }, key)
    expect(first.statusCode).toBe(200)
    const again = await send('POST', trade, { productID, qty: 3, warehouse: 'WAG' }, key)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    expect((await lines(trade)).find((l) => l.ProductID === productID)?.Quantity).toBe(3)
    // A fresh key is a fresh add.
    expect((await send('POST', trade, { productID, qty: 3, warehouse: 'WAG' }, randomUUID())).statusCode).toBe(200)
    expect((await lines(trade)).find((l) => l.ProductID === productID)?.Quantity).toBe(6)
  })

  it('adds without a key still add each time', async () => {
    const productID = nextProduct()
    await send('POST', trade, { productID, qty: 1, warehouse: 'WAG' })
    await send('POST', trade, { productID, qty: 1, warehouse: 'WAG' })
    expect((await lines(trade)).find((l) => l.ProductID === productID)?.Quantity).toBe(2)
  })

  it('a quantity change replayed after a later change does not undo it', async () => {
    const productID = nextProduct()
    await send('POST', trade, { productID, qty: 1, warehouse: 'WAG' })
    const item = (await lines(trade))[0]!.ShopCartLineID
    const key = randomUUID()
    expect((await send('PUT', trade, { item, qty: 5 }, key)).statusCode).toBe(200)
    expect((await send('PUT', trade, { item, qty: 2 }, randomUUID())).statusCode).toBe(200)
    expect((await send('PUT', trade, { item, qty: 5 }, key)).statusCode).toBe(200)
    expect((await lines(trade))[0]!.Quantity).toBe(2)
  })

  it('a refused change keeps no key: sent again it is judged afresh (the CAS stock cap)', async () => {
    const productID = nextProduct()
    await setStock(productID, 'MEL', 2)
    const key = randomUUID()
    const refused = await send('POST', cash, { productID, qty: 5, warehouse: 'MEL' }, key)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({ error: 'quantity_not_available', message: 'Unfortunately the requested quantity is not available for purchase' })
    expect(await lines(cash)).toEqual([])
    await setStock(productID, 'MEL', 9)
    expect((await send('POST', cash, { productID, qty: 5, warehouse: 'MEL' }, key)).statusCode).toBe(200)
    expect((await lines(cash))[0]?.Quantity).toBe(5)
  })

  it('keys belong to the user: another user’s same key changes their own cart', async () => {
    const productID = nextProduct()
    const key = randomUUID()
    await send('POST', trade, { productID, qty: 1, warehouse: 'WAG' }, key)
    const theirs = await send('POST', staff, { productID, qty: 4, warehouse: 'WAG' }, key)
    expect(theirs.statusCode).toBe(200)
    expect((await lines(staff)).find((l) => l.ProductID === productID)?.Quantity).toBe(4)
    expect((await lines(trade)).find((l) => l.ProductID === productID)?.Quantity).toBe(1)
  })

  it('two sends with one key at the same moment add once', async () => {
    const productID = nextProduct()
    const key = randomUUID()
    const answers = await Promise.all([1, 2, 3].map(() => send('POST', trade, { productID, qty: 2, warehouse: 'WAG' }, key)))
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200])
    expect((await lines(trade)).find((l) => l.ProductID === productID)?.Quantity).toBe(2)
  })

  it('a key of the wrong length is a 400 naming the header, and changes nothing', async () => {
    const productID = nextProduct()
    const bad = await send('POST', trade, { productID, qty: 1, warehouse: 'WAG' }, 'short')
    expect(bad.statusCode).toBe(400)
    expect(JSON.stringify(bad.json())).toContain('idempotency-key')
    expect(await lines(trade)).toEqual([])
  })
})
