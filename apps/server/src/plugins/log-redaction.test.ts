import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, TEST_ERP_KEY, type TestContext } from '../../test/helpers'

/** A key of another installation: not the portal's, so only the request that presents it can say it is a secret. */
const FOREIGN_KEY = 'foreign-erp-key-from-another-portal-7Q2'

describe('no secret reaches the log, under any name', () => {
  let t: TestContext
  let raw = ''

  beforeAll(async () => {
    const stream = new PassThrough()
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    t = await startTestApp(
      { LOG_LEVEL: 'info', METRICS_TOKEN: 'metrics-token-for-the-scraper-91' },
      {
        logStream: stream,
        beforeReady: (app) => {
          // A careless error that repeats what it was sent.
          app.get('/api/echo-fails', { config: { public: true } }, async (req) => {
            throw new Error(`could not use ${JSON.stringify(req.query)}`)
          })
        },
      },
    )
  })
  afterAll(async () => t?.close())

  const logged = () => raw

  it('redacts the ERP key sent under any parameter name, in a path, a header or a body', async () => {
    const names = ['ERP_API_KEY', 'erp_key', 'erpKey', 'k', 'q', 'note', 'erp%5Fkey', 'data[erp]', 'x.y']
    for (const name of names) {
      const res = await t.app.inject({ method: 'GET', url: `/api/erp/orders?${name}=${TEST_ERP_KEY}` })
      expect(res.statusCode).toBe(401)
    }
    const escaped = await t.app.inject({ method: 'GET', url: `/api/erp/orders?z=${encodeURIComponent(TEST_ERP_KEY)}` })
    expect(escaped.statusCode).toBe(401)
    const inPath = await t.app.inject({ method: 'POST', url: `/api/erp/orders/${TEST_ERP_KEY}/ack`, payload: { SalesOrder: TEST_ERP_KEY } })
    expect(inPath.statusCode).toBeLessThan(500)
    const headers = await t.app.inject({
      method: 'GET',
      url: `/api/erp/orders?status=new&ref=${TEST_ERP_KEY}`,
      headers: { authorization: `Bearer ${TEST_ERP_KEY}`, 'x-api-key': TEST_ERP_KEY, 'x-erp-key': TEST_ERP_KEY },
    })
    expect(headers.statusCode).toBe(200)
    expect(logged()).toContain('[Filtered]')
    expect(logged()).not.toContain(TEST_ERP_KEY)
    expect(logged()).not.toContain(encodeURIComponent(TEST_ERP_KEY))
  })

  it('redacts a key the portal does not know wherever the request that presents it repeats it', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/erp/orders?erp_ref=${FOREIGN_KEY}`, headers: { authorization: `Bearer ${FOREIGN_KEY}` } })
    expect(res.statusCode).toBe(401)
    const failed = await t.app.inject({ method: 'GET', url: `/api/echo-fails?ref=${FOREIGN_KEY}`, headers: { 'x-api-key': FOREIGN_KEY } })
    expect(failed.statusCode).toBe(500)
    expect(logged()).toContain('request failed')
    expect(logged()).not.toContain(FOREIGN_KEY)
  })

  it('redacts a session token sent under a name that is not a secret one, and in an error message', async () => {
    const token = await signIn(t.app, DEMO.trade)
    expect((await t.app.inject({ method: 'GET', url: `/api/me?sid=${token}`, headers: bearer(token) })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: `/api/echo-fails?session_id=${token}` })).statusCode).toBe(500)
    expect(logged()).not.toContain(token)
  })

  it('redacts the other secrets of the settings: the metrics token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/echo-fails?scrape=metrics-token-for-the-scraper-91` })
    expect(res.statusCode).toBe(500)
    expect(logged()).not.toContain('metrics-token-for-the-scraper-91')
  })

  it('keeps what is not secret readable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health?warehouse=WAG&search=drench', headers: { 'x-request-id': 'plain-readable' } })
    expect(res.statusCode).toBe(200)
    expect(logged()).toContain('/api/health?warehouse=WAG&search=drench')
  })
})
