import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, checkoutForm, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'
import { addBuyer, arriveAt, fillCart, orderDetails, payWithSecurePay, setListPrice, setStock, visibleProducts } from '../../../test/payments'

/**
 * A cash-sale account's orders over a spending limit (decision 0089): the buyer's card payment is not taken, the
 * order waits for approval, and its approver pays for it by card; the payment places the order and approves the
 * approval, once, and only while the approval still waits.
 */

let t: TestContext
let cash: string
let trade: string
let ids: { cash: number; cashAccount: number; tradeAccount: number }
let pool: number[]

beforeAll(async () => {
  t = await startTestApp()
  ;[cash, trade] = await Promise.all([signIn(t.app, DEMO.cash), signIn(t.app, DEMO.trade)])
  const users = await t.db.selectFrom('users').select(['id', 'username', 'account_id']).where('username', 'in', ['cash', 'trade']).execute()
  const user = (name: string) => users.find((u) => u.username === name)!
  ids = { cash: user('cash').id, cashAccount: user('cash').account_id, tradeAccount: user('trade').account_id }
  pool = await visibleProducts(t.db)
})
afterAll(async () => t?.close())

const VISA = '4444333322221111'
let buyers = 0

/** A User of the cash-sale account limited to $1.00 an order, with `qty` of a fresh $10.00 product in their cart at MEL. */
async function limitedCashBuyer(qty = 2) {
  buyers += 1
  const buyer = await addBuyer(t.db, ids.cashAccount, `cash-limited-${buyers}-${Date.now()}`)
  await t.db.updateTable('users').set({ order_limit_cents: 100 }).where('id', '=', buyer.userId).execute()
  const product = pool.shift()!
  await setListPrice(t.db, product, 1000)
  await setStock(t.db, product, 'MEL', 50)
  await fillCart(t.db, buyer.userId, 'MEL', [{ productId: product, qty }])
  return { ...buyer, product }
}

const createPayment = (token: string, amount: number, purchaseOrder: string, key = crypto.randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/create',
    headers: { ...bearer(token), 'idempotency-key': key },
    payload: { orderDetails: orderDetails({ purchaseOrder }), amount, accountName: 'Bellbrae Hobby Farm' },
  })

const payApproval = (token: string, id: number) => t.app.inject({ method: 'POST', url: `/api/approvals/${id}/payment`, headers: bearer(token) })

const cartOf = (userId: number) =>
  t.db
    .selectFrom('cart_lines')
    .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
    .select(['product_id', 'quantity'])
    .where('carts.user_id', '=', userId)
    .execute()

/** A cash buyer's card checkout over their limit: sent for approval. Answers the approval's id. */
async function sentForApproval(purchaseOrder: string) {
  const buyer = await limitedCashBuyer()
  const res = await createPayment(buyer.token, 22, purchaseOrder)
  expect(res.statusCode, res.body).toBe(202)
  expect(res.json().approval).toMatchObject({ status: 'awaiting', Over: 'order', PaysByCard: true })
  return { buyer, id: res.json().approval.id as number }
}

describe('a cash-sale buyer over their limit', () => {
  it('pays nothing: the order waits for approval, the cart emptied into it, and a repeat answers the same approval', async () => {
    const buyer = await limitedCashBuyer()
    const key = crypto.randomUUID()
    const first = await createPayment(buyer.token, 22, 'CASH-WAIT-1', key)
    expect(first.statusCode, first.body).toBe(202)
    const again = await createPayment(buyer.token, 22, 'CASH-WAIT-1', key)
    expect(again.statusCode).toBe(202)
    expect(again.json().approval.id).toBe(first.json().approval.id)
    expect(await cartOf(buyer.userId)).toEqual([])
    const pending = await t.db.selectFrom('pending_orders').select('id').where('user_id', '=', buyer.userId).execute()
    expect(pending).toEqual([])
  })
})

describe('its approver pays by card (POST /api/approvals/:id/payment)', () => {
  it('places the order once the card is approved, approves the approval, and leaves both carts alone', async () => {
    const { buyer, id } = await sentForApproval('CASH-APPROVE-1')
    const own = pool.shift()!
    await setStock(t.db, own, 'MEL', 10)
    await fillCart(t.db, ids.cash, 'MEL', [{ productId: own, qty: 1 }])
    const payment = await payApproval(cash, id)
    expect(payment.statusCode, payment.body).toBe(200)
    const { orderId, formData } = payment.json()
    // The amount is the approval's lines at today's prices for its buyer: 2 x $10.00 + GST.
    const stored = await t.db
      .selectFrom('pending_orders')
      .select(['amount_cents', 'user_id', 'approval_id'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ amount_cents: 2200, user_id: ids.cash, approval_id: id })
    // Still waiting until the card goes through.
    expect((await t.app.inject({ method: 'GET', url: `/api/approvals/${id}`, headers: bearer(cash) })).json()).toMatchObject({ status: 'awaiting' })
    const result = await payWithSecurePay(t.app, formData.fields, { number: VISA })
    expect(await arriveAt(t.app, result)).toMatch(/^\/orders\?approved=/)
    const approval = (await t.app.inject({ method: 'GET', url: `/api/approvals/${id}`, headers: bearer(buyer.token) })).json()
    expect(approval).toMatchObject({ status: 'approved', SalesOrder: expect.any(String) })
    const order = await t.db
      .selectFrom('orders')
      .select(['user_id', 'customer_purchase_order', 'extended_inc_cents'])
      .where('id', '=', approval.OrderID)
      .executeTakeFirstOrThrow()
    expect(order).toEqual({ user_id: ids.cash, customer_purchase_order: 'CASH-APPROVE-1', extended_inc_cents: 2200 })
    expect(await cartOf(ids.cash)).toEqual([{ product_id: own, quantity: 1 }])
    const told = await t.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('subject', '=', `Your order ${approval.SalesOrder} has been approved`)
      .execute()
    expect(told).toHaveLength(1)
    expect(told[0]!.text_body).toContain('paid for it by card')
    // The same result again places nothing more.
    expect(await arriveAt(t.app, result)).toMatch(/^\/orders\?approved=/)
    expect(await t.db.selectFrom('orders').select('id').where('customer_purchase_order', '=', 'CASH-APPROVE-1').execute()).toHaveLength(1)
    await fillCart(t.db, ids.cash, 'MEL', [])
  })

  it('makes no order of a payment whose approval was decided meanwhile: it is refunded', async () => {
    const { buyer, id } = await sentForApproval('CASH-WITHDRAWN-1')
    const { formData } = (await payApproval(cash, id)).json()
    const withdrawn = await t.app.inject({ method: 'POST', url: `/api/approvals/${id}/withdraw`, headers: bearer(buyer.token) })
    expect(withdrawn.statusCode).toBe(200)
    const result = await payWithSecurePay(t.app, formData.fields, { number: VISA })
    expect(await arriveAt(t.app, result)).toMatch(/^\/checkout\?error=.*approved.*rejected.*withdrawn/)
    expect(await t.db.selectFrom('orders').select('id').where('customer_purchase_order', '=', 'CASH-WITHDRAWN-1').execute()).toEqual([])
    const refunds = await t.db
      .selectFrom('card_refunds')
      .innerJoin('pending_orders', 'pending_orders.id', 'card_refunds.pending_order_id')
      .select('card_refunds.reason')
      .where('pending_orders.approval_id', '=', id)
      .execute()
    expect(refunds).toEqual([{ reason: 'approval_decided' }])
  })

  it('replaces a payment started earlier for the same approval: only the newer one can place it', async () => {
    const { id } = await sentForApproval('CASH-TWICE-1')
    const older = (await payApproval(cash, id)).json()
    const newer = (await payApproval(cash, id)).json()
    expect(newer.orderId).not.toBe(older.orderId)
    const oldResult = await payWithSecurePay(t.app, older.formData.fields, { number: VISA })
    expect(await arriveAt(t.app, oldResult)).toMatch(/^\/checkout\?error=/)
    const newResult = await payWithSecurePay(t.app, newer.formData.fields, { number: VISA })
    expect(await arriveAt(t.app, newResult)).toMatch(/^\/orders\?approved=/)
    expect(await t.db.selectFrom('orders').select('id').where('customer_purchase_order', '=', 'CASH-TWICE-1').execute()).toHaveLength(1)
  })

  it('is for an approver of a cash-sale account’s order that still waits: the buyer, another account and an order on account are refused', async () => {
    const { buyer, id } = await sentForApproval('CASH-REFUSED-1')
    expect((await payApproval(buyer.token, id)).statusCode).toBe(403)
    expect((await payApproval(trade, id)).statusCode).toBe(404)
    // An order on account is approved, not paid for.
    const onAccount = await addBuyer(t.db, ids.tradeAccount, `trade-limited-${Date.now()}`)
    await t.db.updateTable('users').set({ order_limit_cents: 100 }).where('id', '=', onAccount.userId).execute()
    const product = pool.shift()!
    await setListPrice(t.db, product, 1000)
    await setStock(t.db, product, 'WAG', 50)
    await fillCart(t.db, onAccount.userId, 'WAG', [{ productId: product, qty: 2 }])
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...bearer(onAccount.token), 'idempotency-key': crypto.randomUUID() },
      payload: checkoutForm({ PurchaseOrder: 'TRADE-WAIT-1' }),
    })
    expect(sent.statusCode, sent.body).toBe(202)
    const refused = await payApproval(trade, sent.json().approval.id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ error: 'on_account' })
    // Rejected, it can no longer be paid for.
    await t.app.inject({ method: 'POST', url: `/api/approvals/${id}/reject`, headers: bearer(cash), payload: { reason: 'Not this week' } })
    expect((await payApproval(cash, id)).statusCode).toBe(409)
    // Approving it on account is refused too: it is paid for.
    expect((await t.app.inject({ method: 'POST', url: `/api/approvals/${id}/approve`, headers: bearer(cash), payload: {} })).statusCode).toBe(409)
  })
})
