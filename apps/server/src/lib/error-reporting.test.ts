import { createServer, type Server } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, TEST_ERP_KEY, type TestContext } from '../../test/helpers'
import { loadConfig } from '../config'
import { startErrorReporting, type ErrorReporter } from './error-reporting'

/** A stand-in for the Sentry host the DSN names: it keeps every envelope it is sent. */
async function fakeSentry() {
  const envelopes: Array<{ path: string; raw: string; items: unknown[] }> = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const raw = (req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8')
      envelopes.push({
        path: req.url ?? '',
        raw,
        items: raw
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as unknown),
      })
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return { envelopes, dsn: `http://examplepublickey@127.0.0.1:${port}/42`, close: () => new Promise<void>((r) => server.close(() => r())) }
}

type SentryEvent = {
  release?: string
  environment?: string
  transaction?: string
  tags?: Record<string, string>
  request?: { method?: string; url?: string }
  exception?: { values?: Array<{ type?: string; value?: string }> }
}

/** An event without what the SDK writes of its own: timestamps, ids, the machine's details, stack frames. */
function withoutSdkNumbers(event: SentryEvent) {
  const { timestamp: _t, event_id: _id, contexts: _c, sdk: _s, ...rest } = event as SentryEvent & Record<string, unknown>
  return { ...rest, exception: { values: event.exception?.values?.map(({ type, value }) => ({ type, value })) } }
}

const PLANTED = {
  password: 'Planted-Password-91',
  card: '4444333322221111',
  ccv: '737',
  queryToken: 'planted-query-token-0c1d2e3f',
  headerToken: 'planted-header-token-4a5b6c7d',
  mailBody: 'Planted e-mail body: your reset link',
}

describe('error reporting to Sentry', () => {
  let sentry: Awaited<ReturnType<typeof fakeSentry>>
  let reporter: ErrorReporter
  let t: TestContext

  beforeAll(async () => {
    sentry = await fakeSentry()
    const env = {
      NODE_ENV: 'test',
      SENTRY_DSN: sentry.dsn,
      SENTRY_RELEASE: 'trade-portal@9.9.9-test',
      SENTRY_ENVIRONMENT: 'staging',
      ERP_API_KEY: TEST_ERP_KEY,
    }
    reporter = (await startErrorReporting(loadConfig(env)))!
    t = await startTestApp(env, {
      errorReporter: reporter,
      beforeReady: (app) => {
        // A bug that puts every kind of secret in its message, the way a careless error does.
        app.post('/api/boom/:id', { config: { public: true } }, async (req) => {
          const body = req.body as Record<string, string>
          const mail = { to: 'someone@example.com', text_body: PLANTED.mailBody }
          throw new Error(
            `could not pay: password=${body.password} EPS_CARDNUMBER=${body.EPS_CARDNUMBER} EPS_CCV=${body.EPS_CCV} card ${body.EPS_CARDNUMBER} auth ${req.headers.authorization} mail ${JSON.stringify(mail)}`,
          )
        })
      },
    })
  })
  afterAll(async () => {
    await t?.close()
    await sentry?.close()
  })

  const events = () =>
    sentry.envelopes.flatMap((e) => {
      const [, itemHeader, payload] = e.items as [unknown, { type: string }, SentryEvent]
      return itemHeader?.type === 'event' ? [payload] : []
    })

  it('sends an unexpected error with the release, environment and route, and no secret', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/boom/17?token=${PLANTED.queryToken}&warehouse=WAG`,
      headers: { authorization: `Bearer ${PLANTED.headerToken}`, cookie: `session=${PLANTED.headerToken}`, 'x-request-id': 'req-boom-1' },
      payload: { password: PLANTED.password, EPS_CARDNUMBER: PLANTED.card, EPS_CCV: PLANTED.ccv },
    })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ error: 'internal', message: 'Something went wrong on our side.' })
    await reporter.flush(5000)

    expect(sentry.envelopes[0]!.path).toMatch(/^\/api\/42\/envelope\/\?.*sentry_key=examplepublickey/)
    const [event] = events()
    expect(event).toMatchObject({
      release: 'trade-portal@9.9.9-test',
      environment: 'staging',
      transaction: 'POST /api/boom/:id',
      tags: { route: '/api/boom/:id', method: 'POST', request_id: 'req-boom-1' },
      request: { method: 'POST', url: '/api/boom/17?token=[Filtered]&warehouse=WAG' },
    })
    expect(event!.exception!.values![0]).toMatchObject({ type: 'Error' })
    expect(event!.exception!.values![0]!.value).toContain('could not pay: password=[Filtered] EPS_CARDNUMBER=[Filtered]')

    const everything = sentry.envelopes.map((e) => e.raw).join('\n')
    const { ccv, ...long } = PLANTED
    for (const secret of Object.values(long)) expect(everything).not.toContain(secret)
    // The CCV is three digits, which the SDK's own timestamps, ids, machine details and stack line numbers hold
    // by chance now and then (a boot time of 19:48:32.737): it is looked for in all the rest of every event.
    for (const e of events()) expect(JSON.stringify(withoutSdkNumbers(e))).not.toContain(ccv)
    expect(everything).not.toMatch(new RegExp(`EPS_CCV\\W{0,3}${ccv}`))
  })

  it('reports the URL with secret parameters redacted by their decoded name: escaped, arrays, repeated', async () => {
    const before = events().length
    const query = `tok%65n=${PLANTED.queryToken}-a&token[]=${PLANTED.queryToken}-b&pass%77ord=${PLANTED.password}&token=${PLANTED.queryToken}-c&token=${PLANTED.queryToken}-d&warehouse=WAG`
    const res = await t.app.inject({ method: 'POST', url: `/api/boom/18?${query}`, payload: {} })
    expect(res.statusCode).toBe(500)
    await reporter.flush(5000)
    const event = events()
      .slice(before)
      .find((e) => e.request?.url?.startsWith('/api/boom/18'))
    expect(event?.request?.url).toBe('/api/boom/18?tok%65n=[Filtered]&token[]=[Filtered]&pass%77ord=[Filtered]&token=[Filtered]&token=[Filtered]&warehouse=WAG')
    const everything = sentry.envelopes.map((e) => e.raw).join('\n')
    expect(everything).not.toContain(PLANTED.queryToken)
    expect(everything).not.toContain(PLANTED.password)
  })

  it('lets the browser reach the DSN host (CSP connect-src) and tells the web app where to report', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site' })
    expect(res.headers['content-security-policy']).toMatch(new RegExp(`connect-src [^;]*${new URL(sentry.dsn).origin.replace(/[.]/g, '\\.')}`))
    expect(res.json().errorReporting).toEqual({ dsn: sentry.dsn, environment: 'staging', release: 'trade-portal@9.9.9-test' })
  })

  it('sends nothing for answers that are not failures: bad input, no session, not found', async () => {
    const before = sentry.envelopes.length
    const token = await signIn(t.app, DEMO.trade)
    expect((await t.app.inject({ method: 'GET', url: `/api/orders?token=${PLANTED.queryToken}` })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: '/api/orders?page=-1', headers: bearer(token) })).statusCode).toBe(400)
    expect((await t.app.inject({ method: 'GET', url: '/api/orders/999999999', headers: bearer(token) })).statusCode).toBe(404)
    await reporter.flush(5000)
    expect(sentry.envelopes.length).toBe(before)
  })

  it('scrubs errors captured outside requests too', async () => {
    reporter.captureError(new Error(`mailer: smtp://portal:${PLANTED.password}@mail.example failed; Authorization: Bearer ${PLANTED.headerToken}`), {
      phase: 'mailer',
    })
    await reporter.flush(5000)
    const event = events().at(-1)!
    expect(event.tags).toMatchObject({ phase: 'mailer' })
    expect(JSON.stringify(event)).not.toContain(PLANTED.headerToken)
    expect(JSON.stringify(event)).not.toContain(PLANTED.password)
    expect(event.exception!.values![0]!.value).toBe('mailer: smtp://portal:[Filtered]@mail.example failed; Authorization: Bearer [Filtered]')
  })

  it('scrubs the ERP key and tokens by value, whatever they were sent under', async () => {
    const token = await signIn(t.app, DEMO.trade)
    const res = await t.app.inject({ method: 'POST', url: `/api/boom/19?erp_key=${TEST_ERP_KEY}&sid=${token}`, payload: { password: TEST_ERP_KEY } })
    expect(res.statusCode).toBe(500)
    reporter.captureError(new Error(`import refused the key ${TEST_ERP_KEY} with session ${token}`), { phase: 'erp' })
    await reporter.flush(5000)
    const everything = sentry.envelopes.map((e) => e.raw).join('\n')
    expect(everything).toContain('import refused the key [Filtered] with session [Filtered]')
    expect(everything).not.toContain(TEST_ERP_KEY)
    expect(everything).not.toContain(token)
  })
})
