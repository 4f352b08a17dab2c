import { SECRET_PARAMS } from '@portal/contract/redact'
import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../test/helpers'
import { arriveAt, fillCart, orderDetails, payWithSecurePay, setListPrice, setStock, visibleProducts } from '../../test/payments'

describe('request ids and log lines', () => {
  let t: TestContext
  const lines: Array<Record<string, unknown>> = []
  let raw = ''

  beforeAll(async () => {
    const stream = new PassThrough()
    stream.on('data', (chunk: Buffer) => {
      raw += chunk.toString()
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
    })
    t = await startTestApp({ LOG_LEVEL: 'info' }, { logStream: stream })
  })
  afterAll(async () => t?.close())

  const linesOf = (id: string) => lines.filter((l) => l.reqId === id)

  it('keeps a sane incoming X-Request-Id, answers it, and puts it on every line of the request', async () => {
    const token = await signIn(t.app, DEMO.trade)
    const res = await t.app.inject({ method: 'GET', url: `/api/cart?token=${token}&warehouse=WAG`, headers: { 'x-request-id': 'lb-7f3a9c21' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-request-id']).toBe('lb-7f3a9c21')
    const mine = linesOf('lb-7f3a9c21')
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed'])
    expect(mine[0]!.req).toMatchObject({ method: 'GET', url: '/api/cart?token=[Filtered]&warehouse=WAG' })
    // Request lines carry the id; no line anywhere carries the token.
    expect(lines.filter((l) => l.req || l.res).every((l) => typeof l.reqId === 'string')).toBe(true)
    expect(raw).not.toContain(token)
  })

  it('makes an id when there is none or the incoming one is not an id', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/health' })
    const odd = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b\u00e9'.repeat(3) } })
    for (const res of [none, odd]) {
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
      expect(linesOf(res.headers['x-request-id'] as string)).toHaveLength(2)
    }
    expect(none.headers['x-request-id']).not.toBe(odd.headers['x-request-id'])
  })

  it('never logs the Authorization header, and redacts tokens in the URLs of failed requests', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/orders?token=not-a-live-session-token-1234',
      headers: { authorization: 'Bearer another-secret-token-5678', 'x-request-id': 'req-401' },
    })
    expect(res.statusCode).toBe(401)
    expect(linesOf('req-401').length).toBeGreaterThan(0)
    expect(raw).not.toContain('not-a-live-session-token-1234')
    expect(raw).not.toContain('another-secret-token-5678')
  })

  const urlLoggedFor = (id: string) => (linesOf(id).find((l) => l.req)?.req as { url: string } | undefined)?.url

  it('redacts a token sent under an escaped name, which the query parser decodes and signs in with', async () => {
    const token = await signIn(t.app, DEMO.trade)
    for (const [i, name] of ['tok%65n', '%74%6F%6B%65%6E', 'TOK%45N'].entries()) {
      const res = await t.app.inject({ method: 'GET', url: `/api/me?${name}=${token}`, headers: { 'x-request-id': `escaped-${i}` } })
      if (name !== 'TOK%45N') expect(res.statusCode).toBe(200)
      expect(urlLoggedFor(`escaped-${i}`)).toBe(`/api/me?${name}=[Filtered]`)
    }
    expect(raw).not.toContain(token)
  })

  it('redacts every secret-bearing parameter, whatever the spelling: escaped, arrays, nested, repeated, escaped twice', async () => {
    const planted: string[] = []
    const secret = () => {
      planted.push(`planted-${planted.length}-${'s3cr3t'.repeat(3)}`)
      return planted.at(-1)!
    }
    const escapeFirst = (name: string) => `%${name.charCodeAt(0).toString(16).toUpperCase()}${name.slice(1)}`
    const spellings = (name: string) => [
      `${name}=${secret()}`,
      `${name.toUpperCase()}=${secret()}`,
      `${escapeFirst(name)}=${secret()}`,
      `${escapeFirst(name).replace('%', '%25')}=${secret()}`,
      `${name}[]=${secret()}&${name}[]=${secret()}`,
      `${name}%5B%5D=${secret()}`,
      `user[${name}]=${secret()}`,
      `warehouse=WAG&${name}=${secret()}&${name}=${secret()}`,
    ]
    const ids: string[] = []
    for (const name of SECRET_PARAMS) {
      for (const query of spellings(name)) {
        const id = `secret-${ids.length}`
        ids.push(id)
        const res = await t.app.inject({ method: 'GET', url: `/api/health?${query}`, headers: { 'x-request-id': id } })
        expect(res.statusCode).toBeLessThan(500)
        expect(urlLoggedFor(id)).toContain('=[Filtered]')
      }
    }
    expect(ids.length).toBe(SECRET_PARAMS.size * 8)
    for (const value of planted) expect(raw).not.toContain(value)
    // What is not secret stays readable.
    const plain = await t.app.inject({ method: 'GET', url: '/api/health?warehouse=WAG&page=2', headers: { 'x-request-id': 'plain-1' } })
    expect(plain.statusCode).toBe(200)
    expect(urlLoggedFor('plain-1')).toBe('/api/health?warehouse=WAG&page=2')
  })
})

describe('GET /metrics', () => {
  let t: TestContext

  beforeAll(async () => {
    t = await startTestApp(
      {},
      {
        beforeReady: (app) => {
          app.get('/api/fails/:n', { config: { public: true } }, async () => {
            throw new Error('a bug')
          })
        },
      },
    )
  })
  afterAll(async () => t?.close())

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    return res.body
  }
  const sample = (text: string, name: string, labels: Record<string, string> = {}) => {
    const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`)
    const line = text.split('\n').find((l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `) ? wanted.every((w) => l.includes(w)) : false))
    return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1))
  }

  it('counts requests by route pattern and status, never by raw URL, and times them', async () => {
    const token = await signIn(t.app, DEMO.trade)
    const [product] = await visibleProducts(t.db, 2)
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: `/api/product/${product}?warehouse=WAG`, headers: bearer(token) })
    await t.app.inject({ method: 'GET', url: '/api/product/999999999?warehouse=WAG', headers: bearer(token) })
    await t.app.inject({ method: 'GET', url: '/api/no/such/thing?token=abc' })
    const text = await scrape()
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/product/:id', status_code: '200', method: 'GET' })).toBe(3)
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/product/:id', status_code: '404' })).toBe(1)
    expect(sample(text, 'http_request_duration_seconds_bucket', { route: '/api/product/:id', status_code: '200', le: '+Inf' })).toBe(3)
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/login', method: 'POST', status_code: '200' })).toBe(1)
    expect(sample(text, 'http_request_duration_seconds_count', { route: '(unmatched)', status_code: '404' })).toBe(1)
    expect(text).not.toMatch(/route="\/api\/product\/\d/)
    expect(text).not.toContain('/api/no/such/thing')
    // The process's own metrics are there too.
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m)
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m)
  })

  it('counts server errors by route', async () => {
    expect(sample(await scrape(), 'portal_server_errors_total')).toBeUndefined()
    for (const n of [1, 2]) expect((await t.app.inject({ method: 'GET', url: `/api/fails/${n}` })).statusCode).toBe(500)
    const text = await scrape()
    expect(sample(text, 'portal_server_errors_total', { method: 'GET', route: '/api/fails/:n' })).toBe(2)
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/fails/:n', status_code: '500' })).toBe(2)
  })

  it('shows the e-mail outbox depth and the age of its oldest message', async () => {
    await t.db.deleteFrom('email_outbox').where('status', '=', 'pending').execute()
    expect(sample(await scrape(), 'portal_email_outbox_pending')).toBe(0)
    await t.db
      .insertInto('email_outbox')
      .values([
        { to_address: 'a@example.com', subject: 'One', text_body: 'x', attachments: '[]', created_at: new Date(Date.now() - 120_000) },
        { to_address: 'b@example.com', subject: 'Two', text_body: 'y', attachments: '[]' },
      ])
      .execute()
    const text = await scrape()
    expect(sample(text, 'portal_email_outbox_pending')).toBe(2)
    expect(sample(text, 'portal_email_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(119)
    await t.db.deleteFrom('email_outbox').where('status', '=', 'pending').execute()
  })

  it('counts orders placed and card payments approved and declined, once each however often the browser repeats', async () => {
    const trade = await signIn(t.app, DEMO.trade)
    const cash = await signIn(t.app, DEMO.cash)
    const users = await t.db.selectFrom('users').select(['id', 'username']).where('username', 'in', ['trade', 'cash']).execute()
    const id = (name: string) => users.find((u) => u.username === name)!.id
    const [a, b, c] = await visibleProducts(t.db, 3)
    for (const p of [a!, b!, c!]) {
      await setListPrice(t.db, p, 1000)
      await setStock(t.db, p, 'WAG', 50)
      await setStock(t.db, p, 'MEL', 50)
    }

    // On account, submitted twice with one idempotency key.
    await fillCart(t.db, id('trade'), 'WAG', [{ productId: a!, qty: 1 }])
    const body = {
      DeliveryName: 'Kelly’s Farm Supplies',
      Address1: '1 Main St',
      Address2: '',
      City: 'Wagga Wagga',
      State: 'NSW',
      PostalCode: '2650',
      Contact: 'Sam',
      Email: 'sam@example.com',
      Phone: '02 6921 0000',
      Fax: '',
      CarrierName: 'Toll',
      CarrierInstructions: '',
      PurchaseOrder: 'PO-METRICS',
      OrderDesc: '',
      DeliveryType: 1,
      warehouse: 'WAG',
    }
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/orders', headers: { ...bearer(trade), 'idempotency-key': 'metrics-order-1' }, payload: body })
      expect(res.statusCode).toBe(201)
    }

    // By card: one approved (the result arrives twice), one declined.
    await fillCart(t.db, id('cash'), 'MEL', [{ productId: b!, qty: 1 }])
    const approved = (
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/create',
        headers: bearer(cash),
        payload: { orderDetails: orderDetails(), amount: 11, accountName: 'x' },
      })
    ).json()
    const result = await payWithSecurePay(t.app, approved.formData.fields, { number: '4444333322221111' })
    expect(await arriveAt(t.app, result)).toMatch(/^\/orders\?approved=/)
    expect(await arriveAt(t.app, result)).toMatch(/^\/orders\?approved=/)

    await fillCart(t.db, id('cash'), 'MEL', [{ productId: c!, qty: 1 }])
    const declined = (
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/create',
        headers: bearer(cash),
        payload: { orderDetails: orderDetails(), amount: 11, accountName: 'x' },
      })
    ).json()
    expect(await arriveAt(t.app, await payWithSecurePay(t.app, declined.formData.fields, { number: '4000000000000002' }))).toMatch(/^\/checkout\?error=/)

    const text = await scrape()
    expect(sample(text, 'portal_orders_placed_total', { payment: 'account' })).toBe(1)
    expect(sample(text, 'portal_orders_placed_total', { payment: 'card' })).toBe(1)
    expect(sample(text, 'portal_payments_total', { provider: 'securepay', outcome: 'approved' })).toBe(1)
    expect(sample(text, 'portal_payments_total', { provider: 'securepay', outcome: 'declined' })).toBe(1)

    // A payment of invoices by card counts the same way: one approved (its result arrives twice), one declined.
    const invoices = await t.db
      .selectFrom('invoices')
      .innerJoin('users', 'users.account_id', 'invoices.account_id')
      .select('invoices.id')
      .where('users.username', '=', 'trade')
      .where('invoices.transaction_type', '=', 'INV')
      .where('invoices.extended_inc_cents', '>=', 2000)
      .orderBy('invoices.id', 'desc')
      .limit(2)
      .execute()
    await t.db
      .updateTable('invoices')
      .set({ outstanding_cents: 2000 })
      .where(
        'id',
        'in',
        invoices.map((i) => i.id),
      )
      .execute()
    const payInvoice = async (invoiceId: number, number: string) => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/invoice-payments',
        headers: bearer(trade),
        payload: { invoices: [{ InvoiceID: invoiceId, Amount: 20 }], amount: 20 },
      })
      expect(created.statusCode, created.body).toBe(200)
      return payWithSecurePay(t.app, created.json().formData.fields, { number })
    }
    const paid = await payInvoice(invoices[0]!.id, '4444333322221111')
    expect(await arriveAt(t.app, paid)).toMatch(/^\/invoices\?paid=/)
    expect(await arriveAt(t.app, paid)).toMatch(/^\/invoices\?paid=/)
    expect(await arriveAt(t.app, await payInvoice(invoices[1]!.id, '4000000000000002'))).toMatch(/^\/invoices\?error=/)
    const after = await scrape()
    expect(sample(after, 'portal_payments_total', { provider: 'securepay', outcome: 'approved' })).toBe(2)
    expect(sample(after, 'portal_payments_total', { provider: 'securepay', outcome: 'declined' })).toBe(2)
  })

  it('shows the database pool on PostgreSQL', async () => {
    const text = await scrape()
    if (!process.env.TEST_DATABASE_URL) return expect(text).not.toContain('portal_db_pool_connections')
    expect(sample(text, 'portal_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'portal_db_pool_connections', { state: 'waiting' })).toBe(0)
  })
})

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestContext
  const METRICS_TOKEN = 'scrape-me-7d1e4a4e9a530d5b'

  beforeAll(async () => {
    t = await startTestApp({ METRICS_TOKEN })
  })
  afterAll(async () => t?.close())

  it('answers only the scraper holding the token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer('scrape-me-wrong') })).statusCode).toBe(401)
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('http_request_duration_seconds')
  })
})

describe('GET /metrics in production mode without METRICS_TOKEN', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: 'production' })
  })
  afterAll(async () => t?.close())

  it('is not there: the path falls through to the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' })
    expect(res.statusCode).not.toBe(200)
    expect(res.body).not.toContain('http_request_duration_seconds')
  })
})
