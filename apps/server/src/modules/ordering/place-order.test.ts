import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, checkoutForm, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'
import { arriveAt, fillCart, orderDetails, payWithSecurePay, setListPrice, setStock, stockOf, visibleProducts } from '../../../test/payments'

/**
 * placeOrder (placement.ts) is the one way an order is made: reached by an order on account and by a paid card
 * payment, it locks and reads the cart, answers the order its key already made, and follows every order with the
 * same after-order step. These tests reach it each way through the API and look at what it promises.
 */

let t: TestContext
let trade: string
let cash: string
let ids: { trade: number; cash: number }
let pool: number[]

beforeAll(async () => {
  t = await startTestApp()
  ;[trade, cash] = await Promise.all([signIn(t.app, DEMO.trade), signIn(t.app, DEMO.cash)])
  const users = await t.db.selectFrom('users').select(['id', 'username']).where('username', 'in', ['trade', 'cash']).execute()
  ids = { trade: users.find((u) => u.username === 'trade')!.id, cash: users.find((u) => u.username === 'cash')!.id }
  pool = await visibleProducts(t.db)
})
afterAll(async () => t?.close())

const nextProduct = () => {
  const id = pool.shift()
  if (id === undefined) throw new Error('product pool exhausted')
  return id
}

/** The branch each buyer orders from: trade's WAG, cash's MEL. */
const branchOf = (userId: number) => (userId === ids.trade ? 'WAG' : 'MEL')

/** A product at $10.00 ex GST with this much stock at the buyer's branch, alone in the user's cart. */
async function cartOfOne(userId: number, qty: number, stock = 50) {
  const product = nextProduct()
  await setListPrice(t.db, product, 1000)
  await setStock(t.db, product, branchOf(userId), stock)
  await fillCart(t.db, userId, branchOf(userId), [{ productId: product, qty }])
  return product
}

const orderOnAccount = (key: string, po: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...bearer(trade), 'idempotency-key': key },
    payload: checkoutForm({ PurchaseOrder: po }),
  })

const payByCard = async (po: string, amount: number) => {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/payments/create',
    headers: bearer(cash),
    payload: { orderDetails: orderDetails({ purchaseOrder: po }), amount, accountName: 'Bellbrae Hobby Farm' },
  })
  expect(created.statusCode).toBe(200)
  return { pendingId: created.json().orderId as string, paid: await payWithSecurePay(t.app, created.json().formData.fields, { number: '4444333322221111' }) }
}

const ordersWithPo = (po: string) =>
  t.db.selectFrom('orders').select(['id', 'sales_order', 'idempotency_key', 'user_id']).where('customer_purchase_order', '=', po).execute()

const placedCount = async (payment: 'account' | 'card') => {
  const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body
  const match = new RegExp(`^portal_orders_placed_total\\{payment="${payment}"\\} (\\d+)$`, 'm').exec(metrics)
  return match ? Number(match[1]) : 0
}

const cartLines = (userId: number) =>
  t.db
    .selectFrom('cart_lines')
    .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
    .select(['product_id', 'quantity'])
    .where('carts.user_id', '=', userId)
    .execute()

describe('one placeOrder for every way an order is made', () => {
  it('an order on account: placed once with its key, the cart emptied, stock taken, counted as on account', async () => {
    const product = await cartOfOne(ids.trade, 3, 10)
    const before = await placedCount('account')
    const res = await orderOnAccount('place-order-account-1', 'PLACE-ACCOUNT')
    expect(res.statusCode).toBe(201)
    const [order] = await ordersWithPo('PLACE-ACCOUNT')
    expect(order).toMatchObject({ sales_order: res.json().SalesOrder, idempotency_key: 'place-order-account-1', user_id: ids.trade })
    expect(await cartLines(ids.trade)).toEqual([])
    expect(await stockOf(t.db, product, 'WAG')).toBe(7)
    expect(await placedCount('account')).toBe(before + 1)
  })

  it('a paid card payment: placed with its payment’s key, the cart emptied, stock taken, counted as by card', async () => {
    const product = await cartOfOne(ids.cash, 2, 10)
    const before = await placedCount('card')
    const { pendingId, paid } = await payByCard('PLACE-CARD', 22)
    const next = await arriveAt(t.app, paid)
    const [order] = await ordersWithPo('PLACE-CARD')
    expect(next).toBe(`/orders?approved=${order!.sales_order}`)
    expect(order).toMatchObject({ idempotency_key: `card ${pendingId}`, user_id: ids.cash })
    expect(await cartLines(ids.cash)).toEqual([])
    expect(await stockOf(t.db, product, 'MEL')).toBe(8)
    expect(await placedCount('card')).toBe(before + 1)
  })

  it('a replay on account: the same key again answers the first order, even with a new cart, which stays as it is', async () => {
    await cartOfOne(ids.trade, 1)
    const first = await orderOnAccount('place-order-replay', 'PLACE-REPLAY')
    expect(first.statusCode).toBe(201)
    const refill = await cartOfOne(ids.trade, 4)
    const before = await placedCount('account')
    const again = await orderOnAccount('place-order-replay', 'PLACE-REPLAY-AGAIN')
    expect(again.statusCode).toBe(201)
    expect(again.json().SalesOrder).toBe(first.json().SalesOrder)
    expect(await ordersWithPo('PLACE-REPLAY-AGAIN')).toEqual([])
    expect(await cartLines(ids.trade)).toEqual([{ product_id: refill, quantity: 4 }])
    expect(await placedCount('account')).toBe(before)
  })

  it('a replay by card: the same result again answers the payment’s order, even with a new cart, which stays as it is', async () => {
    await cartOfOne(ids.cash, 1)
    const { paid } = await payByCard('PLACE-CARD-REPLAY', 11)
    const first = await arriveAt(t.app, paid)
    const refill = await cartOfOne(ids.cash, 2)
    const before = await placedCount('card')
    const again = await arriveAt(t.app, paid)
    expect(again).toBe(first)
    expect(await ordersWithPo('PLACE-CARD-REPLAY')).toHaveLength(1)
    expect(await cartLines(ids.cash)).toEqual([{ product_id: refill, quantity: 2 }])
    expect(await placedCount('card')).toBe(before)
  })

  it('a replay of a key sent twice at once: one order, both answered with it', async () => {
    await cartOfOne(ids.trade, 2)
    const both = await Promise.all([orderOnAccount('place-order-race', 'PLACE-RACE'), orderOnAccount('place-order-race', 'PLACE-RACE')])
    expect(both.map((r) => r.statusCode)).toEqual([201, 201])
    expect(both[0]!.json().SalesOrder).toBe(both[1]!.json().SalesOrder)
    expect(await ordersWithPo('PLACE-RACE')).toHaveLength(1)
  })
})
