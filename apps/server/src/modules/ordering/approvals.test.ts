import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, checkoutForm, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'
import { addBuyer, fillCart, setListPrice, setStock, visibleProducts } from '../../../test/payments'

/**
 * Approvals and spending limits (approvals.ts, decision 0089): an Administrator limits a User per order and per
 * calendar month; an order on account over a limit waits for approval instead of being placed; an approver places it
 * at the prices of that moment or rejects it; nothing else turns it into an order.
 */

let t: TestContext
let tokens: { trade: string; staff: string; cash: string; elders: string }
let ids: { trade: number; account: number; cashAccount: number }
let pool: number[]
let buyers = 0

beforeAll(async () => {
  t = await startTestApp()
  const [trade, staff, cash, elders] = await Promise.all([DEMO.trade, DEMO.staff, DEMO.cash, DEMO.elders].map((who) => signIn(t.app, who)))
  tokens = { trade: trade!, staff: staff!, cash: cash!, elders: elders! }
  const users = await t.db.selectFrom('users').select(['id', 'username', 'account_id']).where('username', 'in', ['trade', 'cash']).execute()
  const trader = users.find((u) => u.username === 'trade')!
  ids = { trade: trader.id, account: trader.account_id, cashAccount: users.find((u) => u.username === 'cash')!.account_id }
  pool = await visibleProducts(t.db)
})
afterAll(async () => t?.close())

const nextProduct = () => {
  const id = pool.shift()
  if (id === undefined) throw new Error('product pool exhausted')
  return id
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) })

/** A User of the trade account with a session of their own, and the limits given (dollars). */
async function limitedBuyer(limits: { orderLimit?: number | null; monthLimit?: number | null; approver?: string | null }) {
  buyers += 1
  const username = `limited-${buyers}-${Date.now()}`
  const buyer = await addBuyer(t.db, ids.account, username)
  const res = await call('PUT', '/api/users/limits', tokens.trade, { username, orderLimit: null, monthLimit: null, approver: null, ...limits })
  expect(res.statusCode, res.body).toBe(200)
  return { ...buyer, username }
}

/** `qty` of a fresh product at $10.00 list with stock at WAG, alone in the user's cart. */
async function cartOf(userId: number, qty: number) {
  const product = nextProduct()
  await setListPrice(t.db, product, 1000)
  await setStock(t.db, product, 'WAG', 500)
  await fillCart(t.db, userId, 'WAG', [{ productId: product, qty }])
  return product
}

const checkout = (token: string, po: string, key: string = crypto.randomUUID()) =>
  t.app.inject({ method: 'POST', url: '/api/orders', headers: { ...bearer(token), 'idempotency-key': key }, payload: checkoutForm({ PurchaseOrder: po }) })

const ordersWithPo = (po: string) =>
  t.db.selectFrom('orders').select(['id', 'user_id', 'extended_ex_cents']).where('customer_purchase_order', '=', po).execute()

const cartLines = (userId: number) =>
  t.db
    .selectFrom('cart_lines')
    .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
    .select(['product_id', 'quantity'])
    .where('carts.user_id', '=', userId)
    .execute()

describe('limits set by an Administrator (PUT /api/users/limits)', () => {
  it('sets and clears a User’s limits and approver, and the Users screen shows them', async () => {
    const { username } = await limitedBuyer({ orderLimit: 250.5, monthLimit: 2000, approver: 'staff' })
    const listed = (await call('GET', '/api/users', tokens.trade)).json().find((u: { UserName: string }) => u.UserName === username)
    expect(listed).toMatchObject({ OrderLimit: 250.5, MonthLimit: 2000, Approver: 'staff' })
    const cleared = await call('PUT', '/api/users/limits', tokens.trade, { username, orderLimit: null, monthLimit: null, approver: null })
    expect(cleared.json()).toMatchObject({ OrderLimit: null, MonthLimit: null, Approver: null })
  })

  it('is refused to a User, for an Administrator, on a cash-sale account, and with a bad value, changing nothing', async () => {
    const { username, userId } = await limitedBuyer({ orderLimit: 100 })
    const body = { username, orderLimit: 1, monthLimit: null, approver: null }
    expect((await call('PUT', '/api/users/limits', tokens.staff, body)).statusCode).toBe(403)
    expect((await call('PUT', '/api/users/limits', tokens.trade, { ...body, username: 'trade' })).json()).toMatchObject({ error: 'limits_for_users_only' })
    expect((await call('PUT', '/api/users/limits', tokens.cash, { ...body, username: 'cash' })).json()).toMatchObject({ error: 'limits_for_users_only' })
    // Another account's user is not found.
    expect((await call('PUT', '/api/users/limits', tokens.trade, { ...body, username: 'cash' })).statusCode).toBe(404)
    for (const [bad, field] of [
      [{ orderLimit: 0 }, 'orderLimit'],
      [{ orderLimit: 10.005 }, 'orderLimit'],
      [{ monthLimit: -5 }, 'monthLimit'],
      [{ approver: 'cash' }, 'approver'],
      [{ approver: username }, 'approver'],
    ] as const) {
      const res = await call('PUT', '/api/users/limits', tokens.trade, { ...body, ...bad })
      expect(res.statusCode, JSON.stringify(bad)).toBe(400)
      expect(JSON.stringify(res.json().details ?? res.json()), JSON.stringify(bad)).toContain(field)
    }
    const row = await t.db.selectFrom('users').select(['order_limit_cents', 'approver_id']).where('id', '=', userId).executeTakeFirstOrThrow()
    expect(row).toEqual({ order_limit_cents: 10000, approver_id: null })
  })

  it('is cleared when the User becomes an Administrator', async () => {
    const { username } = await limitedBuyer({ orderLimit: 100 })
    const promoted = await call('PUT', '/api/users', tokens.trade, { username, role: 'Administrator' })
    expect(promoted.json()).toMatchObject({ Role: 'Administrator', OrderLimit: null, MonthLimit: null, Approver: null })
  })

  it('holds in the database whatever writes it: only Users have limits, an approver is of the same account and not the user', async () => {
    await expect(t.db.updateTable('users').set({ order_limit_cents: 100 }).where('id', '=', ids.trade).execute()).rejects.toThrow(/users_limits_for_users_only/)
    const { userId } = await limitedBuyer({})
    const other = await t.db.selectFrom('users').select('id').where('username', '=', 'cash').executeTakeFirstOrThrow()
    await expect(t.db.updateTable('users').set({ approver_id: other.id }).where('id', '=', userId).execute()).rejects.toThrow(/users_approver_of_the_account/)
    await expect(t.db.updateTable('users').set({ approver_id: userId }).where('id', '=', userId).execute()).rejects.toThrow(/users_approver_not_self/)
  })
})

describe('an order over a limit waits for approval', () => {
  it('over the limit per order: 202, no order, the cart emptied into the approval, the Administrators e-mailed', async () => {
    const buyer = await limitedBuyer({ orderLimit: 50 })
    const product = await cartOf(buyer.userId, 10)
    const res = await checkout(buyer.token, 'PO-APPROVE-1')
    expect(res.statusCode, res.body).toBe(202)
    const { approval, message } = res.json()
    expect(message).toBe('Your order is over your spending limit, so it has been sent for approval.')
    expect(approval).toMatchObject({
      status: 'awaiting',
      Over: 'order',
      Limit: 50,
      Approver: 'any Administrator',
      CustomerPurchaseOrder: 'PO-APPROVE-1',
      CanDecide: false,
      CanWithdraw: true,
    })
    expect(approval.lines).toMatchObject([{ ProductID: product, Quantity: 10 }])
    expect(await ordersWithPo('PO-APPROVE-1')).toEqual([])
    expect(await cartLines(buyer.userId)).toEqual([])
    const mail = await t.db.selectFrom('email_outbox').select(['to_address', 'text_body']).where('subject', 'like', `An order by ${buyer.username}%`).execute()
    expect(mail.length).toBeGreaterThan(0)
    expect(mail[0]!.text_body).toContain(`/approvals/${approval.id}`)
  })

  it('a repeated submission answers the same approval and makes no second one', async () => {
    const buyer = await limitedBuyer({ orderLimit: 50 })
    await cartOf(buyer.userId, 10)
    const key = crypto.randomUUID()
    const [first, again] = [await checkout(buyer.token, 'PO-APPROVE-2', key), await checkout(buyer.token, 'PO-APPROVE-2', key)]
    expect(first.statusCode).toBe(202)
    expect(again.statusCode).toBe(202)
    expect(again.json().approval.id).toBe(first.json().approval.id)
    const count = await t.db
      .selectFrom('order_approvals')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', buyer.userId)
      .executeTakeFirstOrThrow()
    expect(count.n).toBe(1)
  })

  it('under the limits the order is placed as before; the month’s orders count toward the monthly limit', async () => {
    const buyer = await limitedBuyer({ orderLimit: 10_000, monthLimit: 150 })
    await cartOf(buyer.userId, 10)
    expect((await checkout(buyer.token, 'PO-MONTH-1')).statusCode).toBe(201)
    const [placed] = await ordersWithPo('PO-MONTH-1')
    // The month now holds that order: another like it would pass the monthly limit only if both fit.
    await cartOf(buyer.userId, 10)
    const second = await checkout(buyer.token, 'PO-MONTH-2')
    if (placed!.extended_ex_cents * 2 > 15_000) {
      expect(second.statusCode).toBe(202)
      expect(second.json().approval).toMatchObject({ Over: 'month', Limit: 150 })
    } else expect(second.statusCode).toBe(201)
  })
})

describe('deciding (POST /api/approvals/:id/approve, reject, withdraw)', () => {
  async function waiting(limits: Parameters<typeof limitedBuyer>[0] = { orderLimit: 5 }, qty = 10) {
    const buyer = await limitedBuyer(limits)
    const product = await cartOf(buyer.userId, qty)
    const po = `PO-WAIT-${buyers}-${Date.now() % 100000}`
    const res = await checkout(buyer.token, po)
    expect(res.statusCode, res.body).toBe(202)
    return { buyer, product, id: res.json().approval.id as number, po }
  }

  it('an Administrator approves: the order is placed for the buyer at the prices of now, and the buyer’s new cart is left alone', async () => {
    const { buyer, product, id, po } = await waiting()
    await setListPrice(t.db, product, 1200)
    const refill = await cartOf(buyer.userId, 1)
    const seen = (await call('GET', `/api/approvals/${id}`, tokens.trade)).json()
    expect(seen.CanDecide).toBe(true)
    expect(seen.lines[0].CurrentPrice).toBeGreaterThan(seen.lines[0].SubmittedPrice)
    const res = await call('POST', `/api/approvals/${id}/approve`, tokens.trade, {})
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ status: 'approved', DecidedBy: expect.any(String), SalesOrder: expect.stringMatching(/^SO/) })
    const [order] = await ordersWithPo(po)
    expect(order!.user_id).toBe(buyer.userId)
    const line = await t.db
      .selectFrom('order_lines')
      .select(['product_id', 'qty_ordered', 'unit_price_cents'])
      .where('order_id', '=', order!.id)
      .executeTakeFirstOrThrow()
    expect(line).toMatchObject({ product_id: product, qty_ordered: 10 })
    expect(line.unit_price_cents).toBe(Math.round(seen.lines[0].CurrentPrice * 100))
    expect(await cartLines(buyer.userId)).toEqual([{ product_id: refill, quantity: 1 }])
    // Approved: approving again answers the same order and places nothing; rejecting it now is refused.
    const again = await call('POST', `/api/approvals/${id}/approve`, tokens.trade, {})
    expect(again.statusCode).toBe(200)
    expect(again.json().OrderID).toBe(order!.id)
    expect((await call('POST', `/api/approvals/${id}/reject`, tokens.trade, { reason: 'Too late' })).json().error).toBe('approval_not_awaiting')
    expect(await ordersWithPo(po)).toHaveLength(1)
  })

  it('two approvals at once place one order, and both answer it', async () => {
    const { id, po } = await waiting()
    const both = await Promise.all([
      call('POST', `/api/approvals/${id}/approve`, tokens.trade, {}),
      call('POST', `/api/approvals/${id}/approve`, tokens.trade, {}),
    ])
    expect(both.map((r) => r.statusCode)).toEqual([200, 200])
    expect(both[0]!.json().OrderID).toBe(both[1]!.json().OrderID)
    expect(await ordersWithPo(po)).toHaveLength(1)
  })

  it('the approver may change quantities first; a product not in the order is a 400 naming the line', async () => {
    const { id, po, product } = await waiting()
    const wrong = await call('POST', `/api/approvals/${id}/approve`, tokens.trade, { lines: [{ ProductID: nextProduct(), Quantity: 1 }] })
    expect(wrong.statusCode).toBe(400)
    expect(JSON.stringify(wrong.json())).toContain('lines.0.ProductID')
    const none = await call('POST', `/api/approvals/${id}/approve`, tokens.trade, { lines: [{ ProductID: product, Quantity: 0 }] })
    expect(none.statusCode).toBe(400)
    expect((await call('POST', `/api/approvals/${id}/approve`, tokens.trade, { lines: [{ ProductID: product, Quantity: 4 }] })).statusCode).toBe(200)
    const [order] = await ordersWithPo(po)
    const line = await t.db.selectFrom('order_lines').select('qty_ordered').where('order_id', '=', order!.id).executeTakeFirstOrThrow()
    expect(line.qty_ordered).toBe(4)
  })

  it('the buyer cannot approve their own order, and in the database no one approves their own', async () => {
    const { buyer, id } = await waiting()
    expect((await call('POST', `/api/approvals/${id}/approve`, buyer.token, {})).statusCode).toBe(403)
    await expect(
      t.db
        .updateTable('order_approvals')
        .set({ status: 'rejected', decided_by: buyer.userId, decided_at: new Date(), reason: 'mine' })
        .where('id', '=', id)
        .execute(),
    ).rejects.toThrow(/check/)
  })

  it('a named approver decides; another User of the account neither sees nor decides it', async () => {
    const approver = await limitedBuyer({})
    const { id } = await waiting({ orderLimit: 5, approver: approver.username })
    expect((await call('GET', '/api/approvals', approver.token)).json().map((a: { id: number }) => a.id)).toContain(id)
    expect((await call('GET', `/api/approvals/${id}`, tokens.staff)).statusCode).toBe(404)
    expect((await call('POST', `/api/approvals/${id}/reject`, tokens.staff, { reason: 'no' })).statusCode).toBe(404)
    const rejected = await call('POST', `/api/approvals/${id}/reject`, approver.token, { reason: 'Over budget this month' })
    expect(rejected.json()).toMatchObject({ status: 'rejected', Reason: 'Over budget this month', DecidedBy: approver.username })
  })

  it('a rejection needs a reason; the buyer withdraws a waiting order; decided ones stay decided', async () => {
    const { buyer, id } = await waiting()
    const noReason = await call('POST', `/api/approvals/${id}/reject`, tokens.trade, { reason: '  ' })
    expect(noReason.statusCode).toBe(400)
    expect(JSON.stringify(noReason.json())).toContain('reason')
    expect((await call('POST', `/api/approvals/${id}/withdraw`, tokens.trade)).statusCode).toBe(403)
    expect((await call('POST', `/api/approvals/${id}/withdraw`, buyer.token)).json()).toMatchObject({ status: 'withdrawn', CanWithdraw: false })
    expect((await call('POST', `/api/approvals/${id}/approve`, tokens.trade, {})).statusCode).toBe(409)
  })

  it('another account’s approval answers 404, and a reseller has none', async () => {
    const { id } = await waiting()
    expect((await call('GET', `/api/approvals/${id}`, tokens.cash)).statusCode).toBe(404)
    expect((await call('POST', `/api/approvals/${id}/approve`, tokens.cash, {})).statusCode).toBe(404)
    expect((await call('GET', '/api/approvals', tokens.elders)).statusCode).toBe(403)
  })
})
