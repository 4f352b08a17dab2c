import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'
import { fillCart, orderDetails, setListPrice, setStock, stockOf, visibleProducts } from '../../../test/payments'

let t: TestContext
let cash: string
let cashUser: number
let pool: number[]

beforeAll(async () => {
  t = await startTestApp({ PAYMENT_PROVIDER: 'mpgs' })
  cash = await signIn(t.app, DEMO.cash)
  cashUser = (await t.db.selectFrom('users').select('id').where('username', '=', 'cash').executeTakeFirstOrThrow()).id
  pool = await visibleProducts(t.db, 50)
})
afterAll(async () => t?.close())

async function pendingOrder(po: string, stock = 20) {
  const product = pool.shift()!
  await setListPrice(t.db, product, 2500)
  await setStock(t.db, product, 'MEL', stock)
  await fillCart(t.db, cashUser, 'MEL', [{ productId: product, qty: 2 }])
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/create',
    headers: bearer(cash),
    payload: { orderDetails: orderDetails({ purchaseOrder: po }), amount: 55, accountName: 'Bellbrae Hobby Farm' },
  })
  expect(res.statusCode).toBe(200)
  return { product, ...(res.json() as { orderId: string; formData: { provider: string; checkoutScript: string } }) }
}

async function openSession(orderId: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/payments/session', headers: bearer(cash), payload: { orderId } })
  expect(res.statusCode).toBe(200)
  return res.json() as { sessionId: string; checkoutScript: string }
}

/** The payer on the gateway's hosted page; answers where the gateway sends the browser back to. */
async function payOnHostedPage(sessionId: string, expiry: string, action = 'pay') {
  const [expiryMonth, expiryYear] = expiry.split('/') as [string, string]
  const res = await t.app.inject({
    method: 'POST',
    url: `/sandbox/mpgs/checkout/pay/${sessionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber: '5123450000000008', expiryMonth, expiryYear, securityCode: '100', action }).toString(),
  })
  expect(res.statusCode).toBe(303)
  return new URL(res.headers.location as string)
}

const complete = (sessionID: string, resultIndicator: string) =>
  t.app.inject({ method: 'POST', url: '/api/payments/complete', headers: bearer(cash), payload: { sessionID, resultIndicator } })

/** The sandbox gateway's record of a checkout session: how it was opened and what became of its payment. */
const gatewaySession = (id: string) =>
  t.db.selectFrom('payment_sandbox_sessions').select(['operation', 'order_status', 'settled_type']).where('id', '=', id).executeTakeFirstOrThrow()

const ordersWithPo = (po: string) => t.db.selectFrom('orders').select(['id', 'sales_order']).where('customer_purchase_order', '=', po).execute()

describe('paying through the Mastercard Gateway sandbox', () => {
  it('opens a hosted checkout session and serves the gateway’s checkout script', async () => {
    const { orderId, formData } = await pendingOrder('MPGS-SESSION')
    expect(formData).toEqual({ provider: 'mpgs', checkoutScript: 'http://portal.test/sandbox/mpgs/static/checkout/checkout.min.js' })
    const session = await openSession(orderId)
    expect(session.sessionId).toMatch(/^SESSION0002[0-9A-F]{24}$/)
    const row = await t.db.selectFrom('pending_orders').select(['provider_session', 'success_indicator']).where('id', '=', orderId).executeTakeFirstOrThrow()
    expect(row.provider_session).toBe(session.sessionId)
    expect(row.success_indicator).toMatch(/^[0-9a-f]{16}$/)
    const script = await t.app.inject({ method: 'GET', url: '/sandbox/mpgs/static/checkout/checkout.min.js' })
    expect(script.statusCode).toBe(200)
    expect(script.headers['content-type']).toContain('javascript')
    expect(script.body).toContain('showPaymentPage')
    const page = await t.app.inject({ method: 'GET', url: `/sandbox/mpgs/checkout/pay/${session.sessionId}` })
    expect(page.body).toContain('AUD 55.00')
  })

  it('completes an approved payment into one order, however often the browser reports it', async () => {
    const { orderId, product } = await pendingOrder('MPGS-OK')
    const { sessionId } = await openSession(orderId)
    const back = await payOnHostedPage(sessionId, '01/39')
    expect(`${back.origin}${back.pathname}`).toBe('http://portal.test/card-payment')
    expect(back.searchParams.get('id')).toBe(orderId)
    const indicator = back.searchParams.get('resultIndicator')!
    const res = await complete(sessionId, indicator)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ approved: true, orderId, order: { ExtendedInc: 55, CustomerPurchaseOrder: 'MPGS-OK' } })
    expect((await complete(sessionId, indicator)).json().order.SalesOrder).toBe(res.json().order.SalesOrder)
    expect(await ordersWithPo('MPGS-OK')).toHaveLength(1)
    expect(await stockOf(t.db, product, 'MEL')).toBe(18)
    // Authorised at the gateway, captured by the portal once the order was made (decision 0071), once.
    expect(await gatewaySession(sessionId)).toMatchObject({ operation: 'AUTHORIZE', order_status: 'CAPTURED', settled_type: 'CAPTURE' })
  })

  it('voids the authorisation of a payment replaced before it was paid: no order, the card never charged', async () => {
    const old = await pendingOrder('MPGS-OLD')
    const { sessionId } = await openSession(old.orderId)
    // A second payment for the cart (another tab) replaces the first.
    await fillCart(t.db, cashUser, 'MEL', [{ productId: old.product, qty: 1 }])
    const newer = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create',
      headers: bearer(cash),
      payload: { orderDetails: orderDetails({ purchaseOrder: 'MPGS-NEW' }), amount: 27.5, accountName: 'Bellbrae Hobby Farm' },
    })
    expect(newer.statusCode).toBe(200)
    const back = await payOnHostedPage(sessionId, '01/39')
    const res = await complete(sessionId, back.searchParams.get('resultIndicator')!)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      error: 'payment_not_ordered',
      message: 'This payment was replaced by a newer one for the same cart, so no order was made of it. Your card was not charged.',
    })
    expect(await ordersWithPo('MPGS-OLD')).toHaveLength(0)
    expect(await gatewaySession(sessionId)).toMatchObject({ order_status: 'CANCELLED', settled_type: 'VOID_AUTHORIZATION' })
    const refunds = await t.db
      .selectFrom('card_refunds')
      .select(['reason', 'status', 'refund_transaction_id'])
      .where('pending_order_id', '=', old.orderId)
      .execute()
    expect(refunds).toEqual([{ reason: 'superseded', status: 'refunded', refund_transaction_id: 'portal-void' }])
    const mail = await t.db
      .selectFrom('email_outbox')
      .select(['subject', 'text_body'])
      .where('subject', 'like', '%was cancelled')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(mail.text_body).toContain('your card is not charged')
  })

  it('reports a declined card with the gateway’s reason, and orders nothing', async () => {
    const { orderId } = await pendingOrder('MPGS-DECLINED')
    const { sessionId } = await openSession(orderId)
    const back = await payOnHostedPage(sessionId, '05/39')
    const res = await complete(sessionId, back.searchParams.get('resultIndicator')!)
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({ error: 'payment_not_approved', message: 'Declined' })
    expect(await ordersWithPo('MPGS-DECLINED')).toHaveLength(0)
    const pending = (await t.app.inject({ method: 'GET', url: `/api/payments/pending/${orderId}`, headers: bearer(cash) })).json()
    expect(pending).toMatchObject({ status: 'failed', error: 'Declined' })
  })

  it('believes no made-up result indicator, even after an approval at the gateway', async () => {
    const { orderId } = await pendingOrder('MPGS-FORGED')
    const { sessionId } = await openSession(orderId)
    await payOnHostedPage(sessionId, '01/39')
    const res = await complete(sessionId, 'feedfacefeedface')
    expect(res.statusCode).toBe(422)
    expect(res.json().error).toBe('payment_not_verified')
    expect(await ordersWithPo('MPGS-FORGED')).toHaveLength(0)
  })

  it('comes back to the card screen without a result when the payer cancels', async () => {
    const { orderId } = await pendingOrder('MPGS-CANCEL')
    const { sessionId } = await openSession(orderId)
    const back = await payOnHostedPage(sessionId, '01/39', 'cancel')
    expect(back.searchParams.get('cancelled')).toBe('1')
    expect(back.searchParams.get('resultIndicator')).toBeNull()
  })

  it('does not know another account’s payment session', async () => {
    const { orderId } = await pendingOrder('MPGS-OTHER')
    const { sessionId } = await openSession(orderId)
    const trade = await signIn(t.app, DEMO.trade)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/complete',
      headers: bearer(trade),
      payload: { sessionID: sessionId, resultIndicator: 'x' },
    })
    expect(res.statusCode).toBe(404)
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/session', headers: bearer(trade), payload: { orderId } })).statusCode).toBe(404)
  })

  it('refuses the gateway’s API without the merchant’s credentials', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/mpgs/api/rest/version/72/merchant/TESTRIVERINA01/session',
      headers: { authorization: `Basic ${Buffer.from('merchant.TESTRIVERINA01:guess').toString('base64')}` },
      payload: { apiOperation: 'INITIATE_CHECKOUT' },
    })
    expect(res.statusCode).toBe(401)
  })

  it('tells the browser to load the gateway’s script', async () => {
    const site = (await t.app.inject({ method: 'GET', url: '/api/site' })).json()
    expect(site.payments).toMatchObject({
      provider: 'mpgs',
      cardEndpoint: null,
      checkoutScript: 'http://portal.test/sandbox/mpgs/static/checkout/checkout.min.js',
      sandbox: true,
    })
    expect(site.payments.testCards).toContainEqual({ number: '5123450000000008', expiry: '05/39', result: 'Declined' })
  })
})

describe('a capture the gateway refuses', () => {
  let g: TestContext
  let token: string
  let userId: number
  beforeAll(async () => {
    g = await startTestApp(
      { PAYMENT_PROVIDER: 'mpgs' },
      {
        // The gateway refuses to capture (as when the authorisation lapsed there): its own error answer.
        beforeReady: (app) => {
          app.addHook('onRequest', async (req, reply) => {
            if (req.method === 'PUT' && req.url.endsWith('/transaction/portal-capture'))
              return reply.status(400).send({ result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: 'The authorisation has expired.' } })
          })
        },
      },
    )
    token = await signIn(g.app, DEMO.cash)
    userId = (await g.db.selectFrom('users').select('id').where('username', '=', 'cash').executeTakeFirstOrThrow()).id
  })
  afterAll(async () => g?.close())

  it('makes no order and voids the authorisation: nothing is charged', async () => {
    const product = (await visibleProducts(g.db, 5))[3]!
    await setListPrice(g.db, product, 2500)
    await setStock(g.db, product, 'MEL', 20)
    await fillCart(g.db, userId, 'MEL', [{ productId: product, qty: 2 }])
    const created = await g.app.inject({
      method: 'POST',
      url: '/api/payments/create',
      headers: bearer(token),
      payload: { orderDetails: orderDetails({ purchaseOrder: 'MPGS-NOCAPTURE' }), amount: 55, accountName: 'Bellbrae Hobby Farm' },
    })
    const orderId = created.json().orderId as string
    const { sessionId } = (await g.app.inject({ method: 'POST', url: '/api/payments/session', headers: bearer(token), payload: { orderId } })).json()
    const paid = await g.app.inject({
      method: 'POST',
      url: `/sandbox/mpgs/checkout/pay/${sessionId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: '5123450000000008', expiryMonth: '01', expiryYear: '39', securityCode: '100', action: 'pay' }).toString(),
    })
    const resultIndicator = new URL(paid.headers.location as string).searchParams.get('resultIndicator')!
    const res = await g.app.inject({
      method: 'POST',
      url: '/api/payments/complete',
      headers: bearer(token),
      payload: { sessionID: sessionId, resultIndicator },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({
      error: 'payment_not_captured',
      message: 'The payment gateway refused the request: The authorisation has expired. No order was made, and your card was not charged.',
    })
    expect(await g.db.selectFrom('orders').select('id').where('customer_purchase_order', '=', 'MPGS-NOCAPTURE').execute()).toHaveLength(0)
    expect(
      await g.db.selectFrom('payment_sandbox_sessions').select(['order_status', 'settled_type']).where('id', '=', sessionId).executeTakeFirstOrThrow(),
    ).toEqual({
      order_status: 'CANCELLED',
      settled_type: 'VOID_AUTHORIZATION',
    })
    expect((await g.app.inject({ method: 'GET', url: `/api/payments/pending/${orderId}`, headers: bearer(token) })).json()).toMatchObject({ status: 'failed' })
  })
})
