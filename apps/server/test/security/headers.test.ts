import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestContext } from '../helpers'

/**
 * Response headers. The policy: scripts from our own origin only (plus the Mastercard Gateway's
 * checkout.min.js when that gateway is configured on another origin), forms post to our own origin and
 * the configured payment providers only, no framing by anyone, no MIME sniffing, and HSTS in
 * production mode (behind TLS) only. Decision 0016.
 */

type Policy = Record<string, string[]>

function policyOf(res: LightMyRequestResponse): Policy {
  const header = res.headers['content-security-policy']
  expect(header, `no CSP on ${res.statusCode} ${res.headers['content-type']}`).toEqual(expect.any(String))
  const policy: Policy = {}
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) policy[name] = sources
  }
  return policy
}

/** One of each kind of answer: JSON, errors (the router's own too), a refusal, files, HTML pages, the content service and the docs browser. */
const SAMPLES = [
  { method: 'GET', url: '/api/warehouses' },
  { method: 'GET', url: '/api/me' },
  { method: 'GET', url: '/api/no-such-route' },
  { method: 'GET', url: '/api/orders/%ED%A0%80' },
  { method: 'POST', url: '/api/login', payload: { username: 1 } },
  { method: 'GET', url: '/api/barcode/9300000000008' },
  { method: 'GET', url: '/api/product/1/image?width=250' },
  { method: 'GET', url: '/content/wp-json/wp/v2/posts' },
  { method: 'GET', url: '/api/docs/ui/' },
  { method: 'GET', url: '/api/docs' },
  { method: 'GET', url: '/some/client/route' },
] as const

async function sampleAll(t: TestContext) {
  const out: Array<{ url: string; res: LightMyRequestResponse }> = []
  for (const sample of SAMPLES) out.push({ url: sample.url, res: await t.app.inject(sample) })
  return out
}

describe('outside production mode (payment sandboxes on our own origin)', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp({ IP_LOOKUP_URL: 'https://api.ipify.org?format=json' })
  })
  afterAll(async () => t?.close())

  it('sends the same protective headers on every kind of response', async () => {
    for (const { url, res } of await sampleAll(t)) {
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.headers['x-frame-options'], url).toBe('DENY')
      expect(res.headers['referrer-policy'], url).toBe('same-origin')
      const policy = policyOf(res)
      expect(policy['frame-ancestors'], url).toEqual(["'none'"])
      expect(policy['script-src'], url).toEqual(["'self'"])
      expect(policy['form-action'], url).toEqual(["'self'"])
    }
  })

  it('lets the web app register its service worker and read its manifest from this origin only', async () => {
    const policy = policyOf(await t.app.inject({ method: 'GET', url: '/' }))
    expect(policy['worker-src']).toEqual(["'self'"])
    expect(policy['manifest-src']).toEqual(["'self'"])
  })

  it('allows no inline or evaluated script, no plugins, and no <base> elsewhere', async () => {
    const policy = policyOf(await t.app.inject({ method: 'GET', url: '/api/site' }))
    expect(policy['default-src']).toEqual(["'self'"])
    expect(policy['object-src']).toEqual(["'none'"])
    expect(policy['base-uri']).toEqual(["'self'"])
    for (const [directive, sources] of Object.entries(policy)) {
      expect(sources, directive).not.toContain("'unsafe-eval'")
      if (directive !== 'style-src') expect(sources, directive).not.toContain("'unsafe-inline'")
      if (!['img-src'].includes(directive))
        expect(
          sources.filter((s) => s === '*' || s === 'https:' || s === 'http:'),
          directive,
        ).toEqual([])
    }
    // The browser asks the IP-lookup service for the card form: a fetch, never a script.
    expect(policy['connect-src']).toEqual(["'self'", 'https://api.ipify.org'])
  })

  it('sends no HSTS: development and test run on plain http', async () => {
    for (const { url, res } of await sampleAll(t)) expect(res.headers['strict-transport-security'], url).toBeUndefined()
  })
})

describe('production mode with real payment providers', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://portal.example',
      SECUREPAY_URL: 'https://test.api.securepay.com.au/directpost/authorise',
      SECUREPAY_MERCHANT_ID: 'ABC0010',
      SECUREPAY_PASSWORD: 'abc123-not-a-real-one',
      MPGS_HOST: 'https://ap-gateway.mastercard.com',
      MPGS_MERCHANT_ID: 'TEST123',
      MPGS_API_PASSWORD: 'not-a-real-api-password',
      IP_LOOKUP_URL: 'https://api.ipify.org?format=json',
    })
  })
  afterAll(async () => t?.close())

  it('sends HSTS for a year, subdomains included, on every response', async () => {
    for (const { url, res } of await sampleAll(t)) expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains')
  })

  it("allows scripts from our origin and the gateway's, and form posts to our origin and the providers' only", async () => {
    for (const { url, res } of await sampleAll(t)) {
      const policy = policyOf(res)
      expect(policy['script-src'], url).toEqual(["'self'", 'https://ap-gateway.mastercard.com'])
      expect(policy['form-action'], url).toEqual(["'self'", 'https://test.api.securepay.com.au', 'https://ap-gateway.mastercard.com'])
      expect(policy['frame-src'], url).toEqual(["'self'", 'https://ap-gateway.mastercard.com'])
      expect(policy['connect-src'], url).toEqual(["'self'", 'https://ap-gateway.mastercard.com', 'https://api.ipify.org'])
      expect(policy['frame-ancestors'], url).toEqual(["'none'"])
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
    }
  })

  it('has no development outbox, no payment sandboxes and no open metrics', async () => {
    for (const url of ['/dev/outbox', '/sandbox/mpgs/static/checkout/checkout.min.js']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
    }
    const post = await t.app.inject({ method: 'POST', url: '/sandbox/securepay/directpost/authorise', payload: {} })
    expect(post.statusCode).toBe(404)
    // Without METRICS_TOKEN there is no /metrics route (the path falls through to the web app).
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).not.toContain('# HELP')
  })

  it('lists no demo logins', async () => {
    const site = (await t.app.inject({ method: 'GET', url: '/api/site' })).json()
    expect(site.demo).toBe(false)
    expect(site.demoLogins).toEqual([])
  })
})
