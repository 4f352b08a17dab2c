import type { PendingOrderDetails } from '@portal/contract/payments'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'
import { addBuyer, arriveAt, fillCart, orderDetails, payWithSecurePay, setListPrice, setStock, stockOf, visibleProducts } from '../../../test/payments'
import { refundMessage, refundOutcome, resultFingerprint, timestampOf } from './securepay'
import { formOf } from './service'

let t: TestContext
let cash: string
let trade: string
let elders: string
let ids: { cash: number; cashAccount: number; trade: number; tradeAccount: number }
let pool: number[]

beforeAll(async () => {
  t = await startTestApp()
  ;[cash, trade, elders] = await Promise.all([signIn(t.app, DEMO.cash), signIn(t.app, DEMO.trade), signIn(t.app, DEMO.elders)])
  const users = await t.db.selectFrom('users').select(['id', 'username', 'account_id']).where('username', 'in', ['cash', 'trade']).execute()
  const user = (name: string) => users.find((u) => u.username === name)!
  ids = { cash: user('cash').id, cashAccount: user('cash').account_id, trade: user('trade').id, tradeAccount: user('trade').account_id }
  pool = await visibleProducts(t.db)
})
afterAll(async () => t?.close())

const nextProduct = () => {
  const id = pool.shift()
  if (id === undefined) throw new Error('product pool exhausted')
  return id
}

const VISA = '4444333322221111'

const createPayment = (token: string, amount: number, details: Record<string, unknown> = orderDetails(), key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/create',
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { orderDetails: details, amount, accountName: 'Bellbrae Hobby Farm' },
  })

/** A product at $10.00 ex GST ($11.00 inc) with this much stock at MEL, alone in the user's cart. */
async function cartOfOne(userId: number, qty = 1, stock = 50) {
  const product = nextProduct()
  await setListPrice(t.db, product, 1000)
  await setStock(t.db, product, 'MEL', stock)
  await fillCart(t.db, userId, 'MEL', [{ productId: product, qty }])
  return product
}

/** The checkout-on-account form, from the card form's camelCase details. */
const formOfDetails = (d: Record<string, unknown>) => formOf(d as PendingOrderDetails)

/** What the sandbox provider has refunded of the payments of this reference, in cents. */
const sandboxRefunded = async (reference: string) =>
  (await t.db.selectFrom('payment_sandbox_securepay').select('refunded_cents').where('reference', '=', reference).execute()).reduce(
    (n, r) => n + Number(r.refunded_cents),
    0,
  )

const ordersWithPo = (po: string) => t.db.selectFrom('orders').select(['id', 'sales_order']).where('customer_purchase_order', '=', po).execute()
const pendingRow = (id: string) => t.db.selectFrom('pending_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

describe('starting a card payment', () => {
  it('stores a pending order and answers the provider’s signed form fields', async () => {
    const product = await cartOfOne(ids.cash, 2)
    const res = await createPayment(cash, 22, orderDetails({ purchaseOrder: 'CARD-START' }))
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.orderId).toMatch(/^[0-9a-f-]{36}$/)
    expect(body.formData).toMatchObject({
      provider: 'securepay',
      action: 'http://portal.test/sandbox/securepay/directpost/authorise',
      method: 'POST',
      fields: {
        EPS_MERCHANT: 'RRS0010',
        EPS_TXNTYPE: '0',
        EPS_AMOUNT: '22.00',
        EPS_RESULTURL: 'http://portal.test/api/payments/callback',
        EPS_REDIRECT: 'TRUE',
        EPS_CURRENCY: 'AUD',
        EPS_FINGERPRINT: body.fingerprint,
      },
    })
    expect(body.formData.fields.EPS_TIMESTAMP).toMatch(/^\d{14}$/)
    const row = await pendingRow(body.orderId)
    expect(row).toMatchObject({
      status: 'pending',
      amount_cents: 2200,
      location_id: 'MEL',
      provider: 'securepay',
      reference: body.formData.fields.EPS_REFERENCEID,
    })
    expect(row.lines).toEqual([expect.objectContaining({ productId: product, quantity: 2, unitPriceCents: 1000 })])
    // Nothing is ordered yet and the cart stays as it is until the payment is approved.
    expect(await ordersWithPo('CARD-START')).toHaveLength(0)
    expect((await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(cash) })).json()).toMatchObject({ Count: 1, Value: 22 })
  })

  it('refuses an amount that does not match the cart, and stores nothing', async () => {
    await cartOfOne(ids.cash, 1)
    const before = await t.db.selectFrom('pending_orders').select('id').execute()
    const res = await createPayment(cash, 10)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      error: 'amount_mismatch',
      message: 'The amount to pay does not match your cart total of $11.00. Review your cart and try again.',
    })
    expect(await t.db.selectFrom('pending_orders').select('id').execute()).toHaveLength(before.length)
  })

  it('refuses more than the branch has in stock', async () => {
    await cartOfOne(ids.cash, 5, 4)
    const res = await createPayment(cash, 55)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ error: 'quantity_not_available', message: 'Unfortunately the requested quantity is not available for purchase' })
  })

  it('answers the same pending order to a repeated request with one idempotency key', async () => {
    await cartOfOne(ids.cash, 1)
    const key = '0b9c1e52-7d1e-4a4e-9a53-0d5b2f6e8a11'
    const first = await createPayment(cash, 11, orderDetails(), key)
    const second = await createPayment(cash, 11, orderDetails(), key)
    expect(second.json()).toEqual(first.json())
  })

  it('is for cash-sale accounts only, and never for resellers', async () => {
    await fillCart(t.db, ids.trade, 'WAG', [{ productId: nextProduct(), qty: 1 }])
    expect((await createPayment(trade, 1, orderDetails({ warehouse: 'WAG' }))).statusCode).toBe(403)
    expect((await createPayment(elders, 1)).statusCode).toBe(403)
  })

  it('checks the form like the order does', async () => {
    await cartOfOne(ids.cash, 1)
    const res = await createPayment(cash, 11, orderDetails({ deliveryName: '', purchaseOrder: '' }))
    expect(res.statusCode).toBe(400)
    expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual(['body.orderDetails.deliveryName', 'body.orderDetails.purchaseOrder'])
  })
})

describe('the pending order', () => {
  it('gives its orderDetails back to its own account only', async () => {
    await cartOfOne(ids.cash, 1)
    const details = orderDetails({ purchaseOrder: 'CARD-REFILL', carrierInstructions: 'Ring first' })
    const { orderId } = (await createPayment(cash, 11, details)).json()
    const res = await t.app.inject({ method: 'GET', url: `/api/payments/pending/${orderId}`, headers: bearer(cash) })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ orderId, status: 'pending', amount: 11, orderDetails: details, error: null, SalesOrder: null, order: null })
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/pending/${orderId}`, headers: bearer(trade) })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/pending/not-a-uuid', headers: bearer(cash) })).statusCode).toBe(400)
  })
})

describe('paying through the SecurePay sandbox', () => {
  it('turns an approved payment into one order, takes the stock, empties the cart and says Approved', async () => {
    const product = await cartOfOne(ids.cash, 3, 20)
    const { orderId, formData } = (await createPayment(cash, 33, orderDetails({ purchaseOrder: 'CARD-OK' }))).json()
    const result = await payWithSecurePay(t.app, formData.fields, { number: VISA })
    expect(result.pathname).toBe('/api/payments/callback')
    expect(result.searchParams.get('summarycode')).toBe('1')
    const next = await arriveAt(t.app, result)
    const [order] = await ordersWithPo('CARD-OK')
    expect(next).toBe(`/orders?approved=${order!.sales_order}`)
    expect(await stockOf(t.db, product, 'MEL')).toBe(17)
    expect((await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(cash) })).json()).toMatchObject({ Count: 0 })
    expect(await pendingRow(orderId)).toMatchObject({ status: 'completed', order_id: order!.id, transaction_id: result.searchParams.get('txnid') })
    const pending = (await t.app.inject({ method: 'GET', url: `/api/payments/pending/${orderId}`, headers: bearer(cash) })).json()
    expect(pending).toMatchObject({
      status: 'completed',
      SalesOrder: order!.sales_order,
      order: { SalesOrder: order!.sales_order, ExtendedInc: 33, items: [expect.objectContaining({ ProductID: product, QuantityOrdered: 3 })] },
    })
    const detail = await t.db.selectFrom('orders').selectAll().where('id', '=', order!.id).executeTakeFirstOrThrow()
    expect(detail).toMatchObject({ extended_inc_cents: 3300, delivery_type: 2, delivery_name: 'Bellbrae Hobby Farm', location_id: 'MEL', user_id: ids.cash })
    expect(detail.payment_reference).toContain(formData.fields.EPS_REFERENCEID)
  })

  it('makes nothing more of a replayed approval', async () => {
    const product = await cartOfOne(ids.cash, 1, 20)
    const { formData } = (await createPayment(cash, 11, orderDetails({ purchaseOrder: 'CARD-REPLAY' }))).json()
    const result = await payWithSecurePay(t.app, formData.fields, { number: VISA })
    const first = await arriveAt(t.app, result)
    const again = await Promise.all([arriveAt(t.app, result), arriveAt(t.app, result)])
    expect(again).toEqual([first, first])
    expect(await ordersWithPo('CARD-REPLAY')).toHaveLength(1)
    expect(await stockOf(t.db, product, 'MEL')).toBe(19)
  })

  it('sends a declined card back to the checkout with the bank’s words, and the form comes back', async () => {
    const product = await cartOfOne(ids.cash, 1, 20)
    const details = orderDetails({ purchaseOrder: 'CARD-DECLINED' })
    const { orderId, formData } = (await createPayment(cash, 11, details)).json()
    const result = await payWithSecurePay(t.app, formData.fields, { number: '4000000000000515' })
    expect(result.searchParams.get('summarycode')).toBe('2')
    const next = await arriveAt(t.app, result)
    expect(next).toBe(`/checkout?error=Insufficient+Funds&id=${orderId}`)
    expect(await ordersWithPo('CARD-DECLINED')).toHaveLength(0)
    expect(await stockOf(t.db, product, 'MEL')).toBe(20)
    const pending = (await t.app.inject({ method: 'GET', url: `/api/payments/pending/${orderId}`, headers: bearer(cash) })).json()
    expect(pending).toMatchObject({ status: 'failed', error: 'Insufficient Funds', orderDetails: details })
    expect((await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(cash) })).json()).toMatchObject({ Count: 1 })
  })

  it('believes no forged approval: a changed summary code, a made-up fingerprint, another reference', async () => {
    await cartOfOne(ids.cash, 1, 20)
    const { orderId, formData } = (await createPayment(cash, 11, orderDetails({ purchaseOrder: 'CARD-FORGED' }))).json()
    const declined = await payWithSecurePay(t.app, formData.fields, { number: '4000000000000002' })
    const forged = new URL(declined)
    forged.searchParams.set('summarycode', '1')
    forged.searchParams.set('restext', 'Approved')
    expect(await arriveAt(t.app, forged)).toBe(`/checkout?error=We+could+not+verify+the+payment+result.+Please+contact+us+before+trying+again&id=${orderId}`)
    const madeUp = new URL(forged)
    madeUp.searchParams.set('fingerprint', 'a'.repeat(64))
    await arriveAt(t.app, madeUp)
    const unknown = new URL(forged)
    unknown.searchParams.set('refid', 'WNOTOURS')
    expect(await arriveAt(t.app, unknown)).toBe('/checkout?error=We+could+not+verify+the+payment+result.+Please+contact+us+before+trying+again')
    expect(await ordersWithPo('CARD-FORGED')).toHaveLength(0)
    expect(await pendingRow(orderId)).toMatchObject({ status: 'pending', order_id: null })
  })

  it('believes no result for another amount, even a properly signed one', async () => {
    await cartOfOne(ids.cash, 1, 20)
    const { orderId, formData } = (await createPayment(cash, 11, orderDetails({ purchaseOrder: 'CARD-AMOUNT' }))).json()
    const { merchantId, password } = t.config.payments.securepay!
    const timestamp = timestampOf(new Date())
    const reference = formData.fields.EPS_REFERENCEID
    const signedForOne = resultFingerprint(password, { merchant: merchantId, referenceId: reference, amount: '1.00', timestamp, summaryCode: '1' })
    const asIf = (params: Record<string, string>) => new URL(`http://portal.test/api/payments/callback?${new URLSearchParams(params).toString()}`)
    const base = { merchant: merchantId, refid: reference, timestamp, summarycode: '1', restext: 'Approved', txnid: '123456' }
    await arriveAt(t.app, asIf({ ...base, amount: '1.00', fingerprint: signedForOne }))
    await arriveAt(t.app, asIf({ ...base, fingerprint: signedForOne }))
    expect(await ordersWithPo('CARD-AMOUNT')).toHaveLength(0)
    expect(await pendingRow(orderId)).toMatchObject({ status: 'pending' })
  })

  it('believes no result with a stale timestamp, even a properly signed one', async () => {
    await cartOfOne(ids.cash, 1, 20)
    const { orderId, formData } = (await createPayment(cash, 11, orderDetails({ purchaseOrder: 'CARD-STALE' }))).json()
    const { merchantId, password } = t.config.payments.securepay!
    const reference = formData.fields.EPS_REFERENCEID
    for (const when of [Date.now() - 2 * 3_600_000, Date.now() + 2 * 3_600_000]) {
      const timestamp = timestampOf(new Date(when))
      const fingerprint = resultFingerprint(password, { merchant: merchantId, referenceId: reference, amount: '11.00', timestamp, summaryCode: '1' })
      const params = new URLSearchParams({ merchant: merchantId, refid: reference, amount: '11.00', timestamp, summarycode: '1', fingerprint })
      const next = await arriveAt(t.app, new URL(`http://portal.test/api/payments/callback?${params.toString()}`))
      expect(next).toContain(`&id=${orderId}`)
    }
    expect(await ordersWithPo('CARD-STALE')).toHaveLength(0)
    expect(await pendingRow(orderId)).toMatchObject({ status: 'pending' })
  })

  it('accepts the result as a form post too', async () => {
    await cartOfOne(ids.cash, 1, 20)
    const { formData } = (await createPayment(cash, 11, orderDetails({ purchaseOrder: 'CARD-POST' }))).json()
    const result = await payWithSecurePay(t.app, formData.fields, { number: VISA })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: result.searchParams.toString(),
    })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toMatch(/^\/orders\?approved=SO9\d{6}$/)
    expect(await ordersWithPo('CARD-POST')).toHaveLength(1)
  })

  it('never sells more than the branch has: 50 buyers at once for the last 10 hold 10, and every approval becomes an order', async () => {
    // Without holds, all 50 were allowed to pay and 40 cards were charged for refunds.
    const product = nextProduct()
    await setListPrice(t.db, product, 1000)
    await setStock(t.db, product, 'MEL', 10)
    const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => addBuyer(t.db, ids.cashAccount, `rush${String(i).padStart(2, '0')}`)))
    for (const b of buyers) await fillCart(t.db, b.userId, 'MEL', [{ productId: product, qty: 1 }])
    const created = await Promise.all(buyers.map((b) => createPayment(b.token, 11, orderDetails({ purchaseOrder: 'CARD-RUSH' }))))
    const held = created.filter((r) => r.statusCode === 200)
    expect(held).toHaveLength(10)
    for (const r of created.filter((c) => c.statusCode !== 200)) {
      expect(r.statusCode).toBe(409)
      expect(r.json()).toMatchObject({ error: 'quantity_not_available', message: 'Unfortunately the requested quantity is not available for purchase' })
    }
    const results = await Promise.all(held.map((r) => payWithSecurePay(t.app, r.json().formData.fields, { number: VISA })))
    const outcomes = await Promise.all(results.map((r) => arriveAt(t.app, r)))
    expect(outcomes.filter((o) => o.startsWith('/orders?approved='))).toHaveLength(10)
    expect(await ordersWithPo('CARD-RUSH')).toHaveLength(10)
    expect(await stockOf(t.db, product, 'MEL')).toBe(0)
    const refunds = await t.db
      .selectFrom('card_refunds')
      .select('id')
      .where(
        'pending_order_id',
        'in',
        held.map((r) => r.json().orderId as string),
      )
      .execute()
    expect(refunds).toHaveLength(0)
    expect(await t.db.selectFrom('stock_holds').select('pending_order_id').where('product_id', '=', product).execute()).toEqual([])
  })
})

describe('units held for a pending card payment', () => {
  const holdsOf = (product: number) => t.db.selectFrom('stock_holds').select(['pending_order_id', 'qty']).where('product_id', '=', product).execute()

  it('10 pending payments for the last 3 units: at most 3 exist, and each approval becomes an order', async () => {
    const product = nextProduct()
    await setListPrice(t.db, product, 1000)
    await setStock(t.db, product, 'MEL', 3)
    const buyers = await Promise.all(Array.from({ length: 10 }, (_, i) => addBuyer(t.db, ids.cashAccount, `last3-${i}`)))
    for (const b of buyers) await fillCart(t.db, b.userId, 'MEL', [{ productId: product, qty: 1 }])
    const created = await Promise.all(buyers.map((b) => createPayment(b.token, 11, orderDetails({ purchaseOrder: 'CARD-LAST3' }))))
    const held = created.filter((r) => r.statusCode === 200)
    expect(held).toHaveLength(3)
    expect(created.filter((r) => r.statusCode === 409)).toHaveLength(7)
    expect((await holdsOf(product)).reduce((sum, h) => sum + h.qty, 0)).toBe(3)
    // Meanwhile the held units are not there for anyone else: not to a cash-sale cart, not to an order on account.
    const other = await addBuyer(t.db, ids.cashAccount, 'last3-late')
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: bearer(other.token),
      payload: { productID: product, qty: 1, warehouse: 'MEL' },
    })
    expect(add.statusCode).toBe(409)
    expect(add.json()).toMatchObject({ error: 'quantity_not_available', message: 'Unfortunately the requested quantity is not available for purchase' })
    await fillCart(t.db, ids.trade, 'MEL', [{ productId: product, qty: 2 }])
    const onAccount = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(trade),
      payload: formOfDetails(orderDetails({ purchaseOrder: 'ACC-LAST3' })),
    })
    expect(onAccount.statusCode).toBe(201)
    expect(onAccount.json().items[0]).toMatchObject({ QuantityOrdered: 2, QuantityBackOrdered: 2 })
    expect(await stockOf(t.db, product, 'MEL')).toBe(3)
    const results = await Promise.all(held.map((r) => payWithSecurePay(t.app, r.json().formData.fields, { number: VISA })))
    const outcomes = await Promise.all(results.map((r) => arriveAt(t.app, r)))
    expect(outcomes.every((o) => o.startsWith('/orders?approved='))).toBe(true)
    expect(await ordersWithPo('CARD-LAST3')).toHaveLength(3)
    expect(await stockOf(t.db, product, 'MEL')).toBe(0)
    expect(await holdsOf(product)).toEqual([])
  })

  it('an approval for a held order always becomes the order, even when the branch’s count fell meanwhile', async () => {
    const product = await cartOfOne(ids.cash, 2, 2)
    const { formData } = (await createPayment(cash, 22, orderDetails({ purchaseOrder: 'CARD-HELD' }))).json()
    await setStock(t.db, product, 'MEL', 1)
    const next = await arriveAt(t.app, await payWithSecurePay(t.app, formData.fields, { number: VISA }))
    const [order] = await ordersWithPo('CARD-HELD')
    expect(next).toBe(`/orders?approved=${order!.sales_order}`)
    const lines = await t.db.selectFrom('order_lines').select(['qty_ordered', 'qty_back_ordered']).where('order_id', '=', order!.id).execute()
    expect(lines).toEqual([{ qty_ordered: 2, qty_back_ordered: 1 }])
  })

  it('an expired hold lets go of the units; a payment approved after someone else took them is refunded at once', async () => {
    const product = await cartOfOne(ids.cash, 1, 1)
    const { orderId, formData } = (await createPayment(cash, 11, orderDetails({ purchaseOrder: 'CARD-EXPIRED' }))).json()
    const rival = await addBuyer(t.db, ids.cashAccount, 'expiry-rival')
    await fillCart(t.db, rival.userId, 'MEL', [{ productId: product, qty: 1 }])
    expect((await createPayment(rival.token, 11, orderDetails({ purchaseOrder: 'CARD-RIVAL' }))).statusCode).toBe(409)
    await t.db
      .updateTable('stock_holds')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('pending_order_id', '=', orderId)
      .execute()
    const taken = (await createPayment(rival.token, 11, orderDetails({ purchaseOrder: 'CARD-RIVAL' }))).json()
    expect(await arriveAt(t.app, await payWithSecurePay(t.app, taken.formData.fields, { number: VISA }))).toMatch(/^\/orders\?approved=/)
    const late = await arriveAt(t.app, await payWithSecurePay(t.app, formData.fields, { number: VISA }))
    expect(late).toBe(`/checkout?error=Unfortunately+the+requested+quantity+is+not+available+for+purchase&id=${orderId}`)
    expect(await ordersWithPo('CARD-EXPIRED')).toHaveLength(0)
    expect(await pendingRow(orderId)).toMatchObject({ status: 'failed', last_error: 'Unfortunately the requested quantity is not available for purchase' })
    expect(await t.db.selectFrom('card_refunds').select(['reason', 'amount_cents', 'status']).where('pending_order_id', '=', orderId).execute()).toEqual([
      { reason: 'sold_out', amount_cents: 1100, status: 'refunded' },
    ])
    // The portal refunded it itself (decision 0071): the customer is told so, and staff have nothing to do.
    const mails = await t.db
      .selectFrom('email_outbox')
      .select(['subject', 'text_body'])
      .where('text_body', 'like', `%${formData.fields.EPS_REFERENCEID}%`)
      .execute()
    expect(mails.map((m) => m.subject)).toEqual([`Your payment ${formData.fields.EPS_REFERENCEID} has been refunded`])
    expect(mails[0]!.text_body).toContain('We have refunded the $11.00 in full')
    expect(await sandboxRefunded(formData.fields.EPS_REFERENCEID)).toBe(1100)
  })
})

describe('one live card payment per cart', () => {
  it('ten creates at once for one cart make one pending order, and all answer it', async () => {
    await cartOfOne(ids.cash, 1)
    const created = await Promise.all(Array.from({ length: 10 }, () => createPayment(cash, 11, orderDetails({ purchaseOrder: 'CARD-TEN' }))))
    expect(created.map((r) => r.statusCode)).toEqual(created.map(() => 200))
    expect(new Set(created.map((r) => r.json().orderId)).size).toBe(1)
    expect(new Set(created.map((r) => r.json().formData.fields.EPS_REFERENCEID)).size).toBe(1)
    const live = await t.db.selectFrom('pending_orders').select('id').where('user_id', '=', ids.cash).where('status', '=', 'pending').execute()
    expect(live).toEqual([{ id: created[0]!.json().orderId }])
  })

  it('two tabs, two payments: one order, and the second payment is recorded for refund', async () => {
    const product = await cartOfOne(ids.cash, 1, 20)
    const [tab1, tab2] = await Promise.all([
      createPayment(cash, 11, orderDetails({ purchaseOrder: 'CARD-TABS' })),
      createPayment(cash, 11, orderDetails({ purchaseOrder: 'CARD-TABS' })),
    ])
    const [paid1, paid2] = await Promise.all([
      payWithSecurePay(t.app, tab1!.json().formData.fields, { number: VISA }),
      payWithSecurePay(t.app, tab2!.json().formData.fields, { number: VISA }),
    ])
    expect(paid1.searchParams.get('txnid')).not.toBe(paid2.searchParams.get('txnid'))
    const outcomes = await Promise.all([arriveAt(t.app, paid1), arriveAt(t.app, paid2)])
    const [order] = await ordersWithPo('CARD-TABS')
    expect(await ordersWithPo('CARD-TABS')).toHaveLength(1)
    expect(outcomes.filter((o) => o === `/orders?approved=${order!.sales_order}`)).toHaveLength(1)
    expect(outcomes.filter((o) => o.startsWith('/checkout?error=This+cart+has+already+been+paid+for'))).toHaveLength(1)
    expect(await stockOf(t.db, product, 'MEL')).toBe(19)
    const refunds = await t.db.selectFrom('card_refunds').select(['reason', 'status']).where('pending_order_id', '=', tab1!.json().orderId).execute()
    expect(refunds).toEqual([{ reason: 'paid_twice', status: 'refunded' }])
    expect(outcomes.find((o) => o.startsWith('/checkout?'))).toContain(
      new URLSearchParams({
        error: 'This cart has already been paid for and ordered, so this second payment made no order. It has been refunded in full.',
      }).toString(),
    )
    expect(await sandboxRefunded(tab1!.json().formData.fields.EPS_REFERENCEID)).toBe(1100)
    // The second result delivered again records nothing more.
    await arriveAt(t.app, paid1)
    await arriveAt(t.app, paid2)
    expect(await t.db.selectFrom('card_refunds').select('reason').where('pending_order_id', '=', tab1!.json().orderId).execute()).toHaveLength(1)
  })

  it('a changed cart replaces the live payment: the replaced one never becomes an order', async () => {
    const product = await cartOfOne(ids.cash, 1, 20)
    const first = (await createPayment(cash, 11, orderDetails({ purchaseOrder: 'CARD-OLD' }))).json()
    await fillCart(t.db, ids.cash, 'MEL', [{ productId: product, qty: 2 }])
    const second = (await createPayment(cash, 22, orderDetails({ purchaseOrder: 'CARD-NEW' }))).json()
    expect(second.orderId).not.toBe(first.orderId)
    expect(await pendingRow(first.orderId)).toMatchObject({ status: 'superseded' })
    const stale = await arriveAt(t.app, await payWithSecurePay(t.app, first.formData.fields, { number: VISA }))
    expect(stale).toMatch(/^\/checkout\?error=This\+payment\+was\+replaced/)
    expect(await ordersWithPo('CARD-OLD')).toHaveLength(0)
    expect(await t.db.selectFrom('card_refunds').select(['reason', 'status']).where('pending_order_id', '=', first.orderId).execute()).toEqual([
      { reason: 'superseded', status: 'refunded' },
    ])
    expect(decodeURIComponent(stale.replace(/\+/g, ' '))).toContain('so no order was made of it. It has been refunded in full.')
    expect(await sandboxRefunded(first.formData.fields.EPS_REFERENCEID)).toBe(1100)
    expect(await arriveAt(t.app, await payWithSecurePay(t.app, second.formData.fields, { number: VISA }))).toMatch(/^\/orders\?approved=/)
    expect(await ordersWithPo('CARD-NEW')).toHaveLength(1)
    expect(await stockOf(t.db, product, 'MEL')).toBe(18)
  })
})

describe('refunds the portal makes itself (decision 0071)', () => {
  it('when the provider refuses the refund, records why, tells staff to refund by hand and the customer it will be refunded', async () => {
    const product = await cartOfOne(ids.cash, 1, 20)
    const first = (await createPayment(cash, 11, orderDetails({ purchaseOrder: 'CARD-NOREFUND' }))).json()
    await fillCart(t.db, ids.cash, 'MEL', [{ productId: product, qty: 2 }])
    await createPayment(cash, 22, orderDetails({ purchaseOrder: 'CARD-NOREFUND-2' }))
    const paid = await payWithSecurePay(t.app, first.formData.fields, { number: VISA })
    // The provider no longer knows the transaction (as if it were another merchant's): it refuses the refund.
    await t.db.deleteFrom('payment_sandbox_securepay').where('transaction_id', '=', paid.searchParams.get('txnid')!).execute()
    const stale = await arriveAt(t.app, paid)
    expect(decodeURIComponent(stale.replace(/\+/g, ' '))).toContain('so no order was made of it. It will be refunded.')
    expect(await t.db.selectFrom('card_refunds').select(['status', 'last_error']).where('pending_order_id', '=', first.orderId).execute()).toEqual([
      { status: 'failed', last_error: 'Invalid Transaction ID (100)' },
    ])
    const reference = first.formData.fields.EPS_REFERENCEID
    const mails = await t.db.selectFrom('email_outbox').select(['subject', 'text_body']).where('text_body', 'like', `%${reference}%`).orderBy('id').execute()
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(new RegExp(`^Refund needed: card payment ${reference} for `)),
      `Your payment ${reference} will be refunded`,
    ])
    expect(mails[0]!.text_body).toContain('The portal could not refund it: Invalid Transaction ID (100)')
  })

  it('the sandbox refunds only an approved payment of its own, never more than was paid', async () => {
    await cartOfOne(ids.cash, 1, 20)
    const { formData } = (await createPayment(cash, 11, orderDetails({ purchaseOrder: 'CARD-SANDBOX-REFUND' }))).json()
    const paid = await payWithSecurePay(t.app, formData.fields, { number: VISA })
    const txnID = paid.searchParams.get('txnid')!
    const refund = (amount: number, password = 'sandbox-transaction-password') =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox/securepay/xmlapi/payment',
        headers: { 'content-type': 'text/xml' },
        payload: refundMessage(
          { url: 'http://portal.test/sandbox/securepay/directpost/authorise', merchantId: 'RRS0010', password },
          { messageId: 'm1', referenceId: formData.fields.EPS_REFERENCEID, amountCents: amount, transactionId: txnID, now: new Date() },
        ),
      })
    expect(refundOutcome((await refund(600, 'wrong')).body)).toEqual({ refunded: false, reason: 'Invalid merchant ID or password (status 504)' })
    expect(refundOutcome((await refund(600)).body)).toMatchObject({ refunded: true })
    expect(refundOutcome((await refund(600)).body)).toEqual({ refunded: false, reason: 'Refund amount exceeds the amount of the original transaction (134)' })
    expect(refundOutcome((await refund(500)).body)).toMatchObject({ refunded: true })
    expect(await sandboxRefunded(formData.fields.EPS_REFERENCEID)).toBe(1100)
  })
})

describe('what the browser is told about payments', () => {
  it('names the provider, the sandbox endpoint, the IP lookup, the analytics hook and the demo test cards', async () => {
    const site = (await t.app.inject({ method: 'GET', url: '/api/site' })).json()
    expect(site.payments).toMatchObject({
      provider: 'securepay',
      cardEndpoint: 'http://portal.test/sandbox/securepay/directpost/authorise',
      checkoutScript: null,
      ipLookupUrl: 'https://api.ipify.org?format=json',
      analyticsHook: 'dataLayer',
      sandbox: true,
    })
    expect(site.payments.testCards).toContainEqual({ number: VISA, expiry: null, result: 'Approved' })
    expect(site.payments.testCards).toContainEqual({ number: '4000000000000515', expiry: null, result: 'Declined: Insufficient Funds (51)' })
  })

  it('lets the page post the card form to the provider and ask the IP lookup', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site' })
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain('https://api.ipify.org')
  })
})
