import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'
import { arriveAt, fillCart, orderDetails, payWithSecurePay, setListPrice, setStock, visibleProducts } from '../../../test/payments'
import { loadConfig } from '../../config'
import { withPaymentOrigins } from '../../plugins/security'

/**
 * Decision 0026: the local sandbox is reached on the origin the page came from, whatever
 * PUBLIC_URL says, and the policy names a configured provider's origin in every mode.
 */

const LAN = 'http://192.168.1.20:3000'

async function cashBuyer(t: TestContext) {
  const token = await signIn(t.app, DEMO.cash)
  const user = await t.db.selectFrom('users').select('id').where('username', '=', 'cash').executeTakeFirstOrThrow()
  const pool = await visibleProducts(t.db, 10)
  const cartOfTwo = async () => {
    const product = pool.shift()!
    await setListPrice(t.db, product, 2500)
    await setStock(t.db, product, 'MEL', 20)
    await fillCart(t.db, user.id, 'MEL', [{ productId: product, qty: 2 }])
  }
  return { token, cartOfTwo }
}

const create = (t: TestContext, token: string, origin?: string, po = 'ORIGIN') =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/create',
    headers: { ...bearer(token), ...(origin ? { origin } : {}) },
    payload: { orderDetails: orderDetails({ purchaseOrder: po }), amount: 55, accountName: 'Bellbrae Hobby Farm' },
  })

function policyOf(res: LightMyRequestResponse): Record<string, string[]> {
  const policy: Record<string, string[]> = {}
  for (const part of String(res.headers['content-security-policy']).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) policy[name] = sources
  }
  return policy
}

describe('the SecurePay sandbox, with the portal opened at another address than PUBLIC_URL', () => {
  let t: TestContext
  let buyer: Awaited<ReturnType<typeof cashBuyer>>
  beforeAll(async () => {
    t = await startTestApp()
    buyer = await cashBuyer(t)
  })
  afterAll(async () => t?.close())

  it('posts the card form to the page’s own origin and brings the browser back there', async () => {
    for (const [i, origin] of ['http://127.0.0.1:3000', 'http://localhost:3000', LAN].entries()) {
      await buyer.cartOfTwo()
      const res = await create(t, buyer.token, origin, `ORIGIN-${i}`)
      expect(res.statusCode, origin).toBe(200)
      const { formData } = res.json()
      expect(formData.action, origin).toBe(`${origin}/sandbox/securepay/directpost/authorise`)
      expect(formData.fields.EPS_RESULTURL, origin).toBe(`${origin}/api/payments/callback`)
      const back = await payWithSecurePay(t.app, formData.fields, { number: '4444333322221111' })
      expect(back.origin, origin).toBe(origin)
      expect(await arriveAt(t.app, back), origin).toMatch(/^\/orders\?approved=/)
    }
  })

  it('falls back to PUBLIC_URL without a usable Origin header', async () => {
    for (const origin of [undefined, 'null', 'file://', 'http://a.example/path', 'javascript:alert(1)']) {
      await buyer.cartOfTwo()
      const res = await create(t, buyer.token, origin)
      expect(res.statusCode, String(origin)).toBe(200)
      expect(res.json().formData.action, String(origin)).toBe('http://portal.test/sandbox/securepay/directpost/authorise')
      expect(res.json().formData.fields.EPS_RESULTURL, String(origin)).toBe('http://portal.test/api/payments/callback')
    }
  })

  it('answers the same pending order and reference to a repeat from another origin', async () => {
    await buyer.cartOfTwo()
    const key = 'origin-repeat-1'
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create',
      headers: { ...bearer(buyer.token), origin: 'http://localhost:3000', 'idempotency-key': key },
      payload: { orderDetails: orderDetails({ purchaseOrder: 'ORIGIN-REPEAT' }), amount: 55, accountName: 'x' },
    })
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create',
      headers: { ...bearer(buyer.token), origin: 'http://127.0.0.1:3000', 'idempotency-key': key },
      payload: { orderDetails: orderDetails({ purchaseOrder: 'ORIGIN-REPEAT' }), amount: 55, accountName: 'x' },
    })
    expect(again.json().orderId).toBe(first.json().orderId)
    expect(again.json().formData.fields.EPS_REFERENCEID).toBe(first.json().formData.fields.EPS_REFERENCEID)
    expect(again.json().formData.action).toBe('http://127.0.0.1:3000/sandbox/securepay/directpost/authorise')
  })

  it('leaves the sandbox to the page’s own origin in the policy', async () => {
    const policy = policyOf(await t.app.inject({ method: 'GET', url: '/api/site' }))
    expect(policy['form-action']).toEqual(["'self'"])
    expect(policy['script-src']).toEqual(["'self'"])
  })
})

describe('the Mastercard Gateway sandbox, with the portal opened at another address than PUBLIC_URL', () => {
  let t: TestContext
  let buyer: Awaited<ReturnType<typeof cashBuyer>>
  beforeAll(async () => {
    t = await startTestApp({ PAYMENT_PROVIDER: 'mpgs' })
    buyer = await cashBuyer(t)
  })
  afterAll(async () => t?.close())

  it('loads the checkout script from the page’s origin and returns the payer there', async () => {
    const origin = 'http://127.0.0.1:3000'
    await buyer.cartOfTwo()
    const created = await create(t, buyer.token, origin, 'MPGS-ORIGIN')
    expect(created.json().formData).toEqual({ provider: 'mpgs', checkoutScript: `${origin}/sandbox/mpgs/static/checkout/checkout.min.js` })
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/payments/session',
      headers: { ...bearer(buyer.token), origin },
      payload: { orderId: created.json().orderId },
    })
    expect(opened.statusCode).toBe(200)
    expect(opened.json().checkoutScript).toBe(`${origin}/sandbox/mpgs/static/checkout/checkout.min.js`)
    const paid = await t.app.inject({
      method: 'POST',
      url: `/sandbox/mpgs/checkout/pay/${opened.json().sessionId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: '5123450000000008', expiryMonth: '01', expiryYear: '39', securityCode: '100', action: 'pay' }).toString(),
    })
    const back = new URL(paid.headers.location as string)
    expect(`${back.origin}${back.pathname}`).toBe(`${origin}/card-payment`)
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/payments/complete',
      headers: bearer(buyer.token),
      payload: { sessionID: opened.json().sessionId, resultIndicator: back.searchParams.get('resultIndicator') },
    })
    expect(done.json()).toMatchObject({ approved: true, order: { CustomerPurchaseOrder: 'MPGS-ORIGIN' } })
  })
})

describe('a configured provider outside production mode', () => {
  let t: TestContext
  let buyer: Awaited<ReturnType<typeof cashBuyer>>
  beforeAll(async () => {
    t = await startTestApp({ SECUREPAY_URL: 'https://test.api.securepay.com.au/directpost/authorise', MPGS_HOST: 'https://test-gateway.mastercard.com' })
    buyer = await cashBuyer(t)
  })
  afterAll(async () => t?.close())

  it('is posted to at its own address whatever the page’s origin, and comes back to PUBLIC_URL', async () => {
    await buyer.cartOfTwo()
    const res = await create(t, buyer.token, 'http://127.0.0.1:3000')
    expect(res.json().formData.action).toBe('https://test.api.securepay.com.au/directpost/authorise')
    expect(res.json().formData.fields.EPS_RESULTURL).toBe('http://portal.test/api/payments/callback')
  })

  it('is named by the policy on every response', async () => {
    for (const url of ['/api/site', '/api/no-such-route', '/some/client/route']) {
      const policy = policyOf(await t.app.inject({ method: 'GET', url }))
      expect(policy['form-action'], url).toEqual(["'self'", 'https://test.api.securepay.com.au', 'https://test-gateway.mastercard.com'])
      expect(policy['script-src'], url).toEqual(["'self'", 'https://test-gateway.mastercard.com'])
      expect(policy['frame-src'], url).toEqual(["'self'", 'https://test-gateway.mastercard.com'])
    }
  })
})

describe('the policy names the configured provider’s origin in every mode', () => {
  const base = "default-src 'self'; script-src 'self'; connect-src 'self'; form-action 'self'"
  const securepay = { SECUREPAY_MERCHANT_ID: 'ABC0010', SECUREPAY_PASSWORD: 'not-a-real-one' }
  const mpgs = { MPGS_MERCHANT_ID: 'TEST123', MPGS_API_PASSWORD: 'not-a-real-api-password' }
  const modes = [
    { NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' },
    { NODE_ENV: 'test', PUBLIC_URL: 'http://127.0.0.1:4000' },
    { NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example' },
  ]

  it.each([
    ['SecurePay’s test host', 'https://test.api.securepay.com.au/directpost/authorise', 'https://test.api.securepay.com.au'],
    ['SecurePay’s live host', 'https://api.securepay.com.au/directpost/authorise', 'https://api.securepay.com.au'],
  ])('SECUREPAY_URL at %s', (_, url, origin) => {
    for (const mode of modes) {
      for (const provider of ['securepay', 'mpgs']) {
        const config = loadConfig({ ...mode, ...securepay, PAYMENT_PROVIDER: provider, SECUREPAY_URL: url, IP_LOOKUP_URL: 'off' })
        expect(withPaymentOrigins(base, config), `${mode.NODE_ENV} ${provider}`).toContain(`form-action 'self' ${origin}`)
      }
    }
  })

  it.each(['https://ap-gateway.mastercard.com', 'https://test-gateway.mastercard.com/'])('MPGS_HOST %s', (host) => {
    const origin = new URL(host).origin
    for (const mode of modes) {
      const config = loadConfig({ ...mode, ...mpgs, PAYMENT_PROVIDER: 'mpgs', MPGS_HOST: host, IP_LOOKUP_URL: 'off' })
      const csp = withPaymentOrigins(base, config)
      expect(csp, mode.NODE_ENV).toContain(`script-src 'self' ${origin}`)
      expect(csp, mode.NODE_ENV).toContain(`frame-src 'self' ${origin}`)
      expect(csp, mode.NODE_ENV).toMatch(new RegExp(`form-action 'self'[^;]* ${origin.replace(/\./g, '\\.')}`))
    }
  })

  it('names a provider even on PUBLIC_URL’s own origin: the page may have been opened at another', () => {
    const config = loadConfig({ PUBLIC_URL: 'http://localhost:3000', SECUREPAY_URL: 'http://localhost:3000/pay/authorise', IP_LOOKUP_URL: 'off' })
    expect(withPaymentOrigins(base, config)).toContain("form-action 'self' http://localhost:3000")
  })
})
