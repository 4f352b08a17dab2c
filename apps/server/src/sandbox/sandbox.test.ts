import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { withPaymentOrigins } from '../plugins/security'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../test/helpers'
import { arriveAt, fillCart, orderDetails, payWithSecurePay, setListPrice, setStock, visibleProducts } from '../../test/payments'

describe('the SecurePay sandbox with the provider’s test amounts', () => {
  let t: TestContext
  let cash: string
  let cashUser: number
  let pool: number[]
  beforeAll(async () => {
    t = await startTestApp({ SANDBOX_TEST_AMOUNTS: 'true' })
    cash = await signIn(t.app, DEMO.cash)
    cashUser = (await t.db.selectFrom('users').select('id').where('username', '=', 'cash').executeTakeFirstOrThrow()).id
    pool = await visibleProducts(t.db, 20)
  })
  afterAll(async () => t?.close())

  async function pay(priceCents: number, extra: Record<string, string> = {}) {
    const product = pool.shift()!
    await setListPrice(t.db, product, priceCents)
    await setStock(t.db, product, 'MEL', 10)
    await fillCart(t.db, cashUser, 'MEL', [{ productId: product, qty: 1 }])
    const amount = Math.round(priceCents * 1.1) / 100
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create',
      headers: bearer(cash),
      payload: { orderDetails: orderDetails(), amount, accountName: 'x' },
    })
    return payWithSecurePay(t.app, { ...res.json().formData.fields, ...extra }, { number: '4444333322221111' })
  }

  it('approves amounts ending in 00, 08, 11 or 16 cents and declines the others with that bank code', async () => {
    // $10.00 ex GST is $11.00; $10.10 is $11.11; $10.05 is $11.06 (declined, 06); $10.50 is $11.55 (declined, 55).
    expect(Object.fromEntries((await pay(1000)).searchParams)).toMatchObject({ summarycode: '1', rescode: '00', restext: 'Approved' })
    expect(Object.fromEntries((await pay(1010)).searchParams)).toMatchObject({ summarycode: '1', rescode: '11' })
    expect(Object.fromEntries((await pay(1005)).searchParams)).toMatchObject({ summarycode: '2', rescode: '06' })
    expect(Object.fromEntries((await pay(1050)).searchParams)).toMatchObject({ summarycode: '2', rescode: '55' })
  })

  it('answers a tampered request with a failure the portal reports', async () => {
    const result = await pay(1000, { EPS_AMOUNT: '0.01' })
    expect(Object.fromEntries(result.searchParams)).toMatchObject({ summarycode: '3', restext: 'Invalid Fingerprint' })
    // The result is signed over what was sent (0.01), not what the portal asked for, so the portal does not believe it either way.
    expect(await arriveAt(t.app, result)).toMatch(/^\/checkout\?error=We\+could\+not\+verify/)
  })

  it('posts the result back through a page when EPS_REDIRECT is not TRUE', async () => {
    const product = pool.shift()!
    await setListPrice(t.db, product, 1000)
    await setStock(t.db, product, 'MEL', 10)
    await fillCart(t.db, cashUser, 'MEL', [{ productId: product, qty: 1 }])
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create',
      headers: bearer(cash),
      payload: { orderDetails: orderDetails(), amount: 11, accountName: 'x' },
    })
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/securepay/directpost/authorise',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...created.json().formData.fields,
        EPS_REDIRECT: 'FALSE',
        EPS_CARDNUMBER: '4444333322221111',
        EPS_EXPIRYMONTH: '12',
        EPS_EXPIRYYEAR: '2030',
        EPS_CCV: '123',
      }).toString(),
    })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<form method="post" action="http://portal.test/api/payments/callback">')
    expect(res.body).toContain('name="summarycode" value="1"')
  })
})

describe('in production mode', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: 'production' })
  })
  afterAll(async () => t?.close())

  it('has no sandbox', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/securepay/directpost/authorise', payload: {} })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/mpgs/static/checkout/checkout.min.js' })).statusCode).toBe(404)
  })

  it('refuses card payments until a provider is configured, and lists no test cards', async () => {
    const cash = await signIn(t.app, DEMO.cash)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create',
      headers: bearer(cash),
      payload: { orderDetails: orderDetails(), amount: 11, accountName: 'x' },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().error).toBe('payments_unavailable')
    const site = (await t.app.inject({ method: 'GET', url: '/api/site' })).json()
    expect(site.payments).toMatchObject({ sandbox: false, testCards: [], cardEndpoint: null })
  })
})

describe('the content security policy for payments', () => {
  const base = "default-src 'self'; script-src 'self'; connect-src 'self'; form-action 'self'"

  it('lets the card form post to the configured SecurePay endpoint and loads the gateway’s script from its host', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://portal.example',
      SECUREPAY_URL: 'https://test.api.securepay.com.au/directpost/authorise',
      SECUREPAY_MERCHANT_ID: 'ABC0010',
      SECUREPAY_PASSWORD: 'abc123',
      MPGS_HOST: 'https://ap-gateway.mastercard.com',
      MPGS_MERCHANT_ID: 'TEST123',
      MPGS_API_PASSWORD: 'secret',
      IP_LOOKUP_URL: 'https://api.ipify.org?format=json',
    })
    const csp = withPaymentOrigins(base, config)
    expect(csp).toContain("form-action 'self' https://test.api.securepay.com.au https://ap-gateway.mastercard.com")
    expect(csp).toContain("script-src 'self' https://ap-gateway.mastercard.com")
    expect(csp).toContain("connect-src 'self' https://ap-gateway.mastercard.com https://api.ipify.org")
    expect(csp).toContain("frame-src 'self' https://ap-gateway.mastercard.com")
  })

  it('adds nothing for the sandbox on the portal’s own address', () => {
    const config = loadConfig({ PUBLIC_URL: 'http://localhost:3000', IP_LOOKUP_URL: 'off' })
    expect(withPaymentOrigins(base, config)).toBe(base)
  })
})
