import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, loadServerConfig } from './config'

describe('configuration', () => {
  it('has working defaults for one machine', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ port: 3000, dataDir: './data', demo: true, production: false, publicUrl: 'http://localhost:3000' })
    expect(config.databaseUrl).toBeUndefined()
    expect(config.heapGrowingPercent).toBe(30)
    expect(config.heapBudgetMiB).toBe(0)
    expect(config.memoryBudgetMiB).toBe(256)
    expect(loadConfig({ MEMORY_BUDGET_MIB: '0' }).memoryBudgetMiB).toBe(0)
  })

  it('stops on a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ DATABASE_URL: 'mysql://localhost/db' })).toThrow(/DATABASE_URL: must start with postgres/)
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL/)
    expect(() => loadConfig({ DEMO_MODE: 'perhaps' })).toThrow(/DEMO_MODE/)
    expect(() => loadConfig({ HEAP_GROWING_PERCENT: '-5' })).toThrow(/HEAP_GROWING_PERCENT/)
    expect(() => loadConfig({ HEAP_GROWING_PERCENT: 'lots' })).toThrow(/HEAP_GROWING_PERCENT/)
    expect(() => loadConfig({ HEAP_BUDGET_MIB: '-1' })).toThrow(/HEAP_BUDGET_MIB/)
    expect(() => loadConfig({ MEMORY_BUDGET_MIB: 'half' })).toThrow(/MEMORY_BUDGET_MIB/)
  })

  it('throttles sign-ins with a ceiling per address far above the slow-down, and refuses a ceiling at or below it', () => {
    expect(loadConfig({}).loginThrottle).toEqual({
      perUser: 5,
      userDelayMs: 60_000,
      perAddress: 30,
      addressDelayMs: 500,
      addressCeiling: 300,
      windowMs: 15 * 60_000,
    })
    expect(() => loadConfig({ LOGIN_ADDRESS_CEILING: '30' })).toThrow(/LOGIN_ADDRESS_CEILING: must be above LOGIN_MAX_FAILURES_PER_ADDRESS \(30\)/)
    expect(loadConfig({ LOGIN_MAX_FAILURES_PER_ADDRESS: '100', LOGIN_ADDRESS_CEILING: '1000' }).loginThrottle.addressCeiling).toBe(1000)
  })

  it('never has demo logins in production mode', () => {
    expect(loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'true' }).demo).toBe(false)
    expect(loadConfig({ DEMO_MODE: 'false' }).demo).toBe(false)
  })

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000)
  })

  it('gives the web app same-origin bases and no error reporting by default', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ apiBaseUrl: '/api', imageBaseUrl: '/api', metrics: { enabled: true, token: null } })
    expect(config.errorReporting).toMatchObject({ dsn: null, browserDsn: null, environment: 'development' })
    expect(config.errorReporting.release).toMatch(/^trade-portal@\d+\.\d+\.\d+/)
  })

  it('checks the error-reporting, base and metrics settings', () => {
    expect(() => loadConfig({ SENTRY_DSN: 'sentry.example.com' })).toThrow(/SENTRY_DSN: must be a Sentry DSN/)
    expect(() => loadConfig({ SENTRY_DSN: 'https://public:secret@sentry.example.com/1' })).toThrow(/SENTRY_DSN/)
    expect(() => loadConfig({ API_BASE_URL: 'api' })).toThrow(/API_BASE_URL/)
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/)
    const config = loadConfig({
      SENTRY_DSN: 'https://abc123@o1.ingest.sentry.io/42',
      SENTRY_RELEASE: 'portal@2026.11.1',
      API_BASE_URL: 'https://api.example.com/api/',
      IMAGE_BASE_URL: 'https://images.example.com/api',
    })
    expect(config.errorReporting).toEqual({
      dsn: 'https://abc123@o1.ingest.sentry.io/42',
      browserDsn: 'https://abc123@o1.ingest.sentry.io/42',
      environment: 'development',
      release: 'portal@2026.11.1',
    })
    expect(config).toMatchObject({ apiBaseUrl: 'https://api.example.com/api', imageBaseUrl: 'https://images.example.com/api' })
    expect(loadConfig({ SENTRY_DSN: 'https://abc123@o1.ingest.sentry.io/42', SENTRY_BROWSER_DSN: 'off' }).errorReporting.browserDsn).toBeNull()
  })
})

describe('production mode', () => {
  /** Everything production needs, with the provider's live endpoint. */
  const LIVE = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://portal.riverinarural.example',
    SMTP_URL: 'smtps://portal:mail-password@smtp.riverinarural.example:465',
    SECUREPAY_URL: 'https://api.securepay.com.au/directpost/authorise',
    SECUREPAY_MERCHANT_ID: 'RRS0042',
    SECUREPAY_PASSWORD: 'k7V!q2-issued-by-securepay',
  }

  const refusal = (env: Record<string, string | undefined>) => {
    try {
      loadServerConfig(env)
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError)
      return (err as Error).message
    }
    throw new Error('the configuration was accepted')
  }

  it('starts with real settings', () => {
    const config = loadServerConfig(LIVE)
    expect(config).toMatchObject({ production: true, demo: false, publicUrl: 'https://portal.riverinarural.example' })
    expect(config.payments.sandboxEnabled).toBe(false)
  })

  it('refuses demo mode', () => {
    expect(refusal({ ...LIVE, DEMO_MODE: 'true' })).toMatch(/^ {2}DEMO_MODE: must be off in production/m)
  })

  it('refuses a missing or plain-http PUBLIC_URL', () => {
    expect(refusal({ ...LIVE, PUBLIC_URL: undefined })).toMatch(/^ {2}PUBLIC_URL: must be set in production/m)
    expect(refusal({ ...LIVE, PUBLIC_URL: 'http://portal.riverinarural.example' })).toMatch(
      /^ {2}PUBLIC_URL: must be an https:\/\/ address in production \(got "http:\/\/portal/m,
    )
  })

  it('refuses to run without an SMTP server', () => {
    expect(refusal({ ...LIVE, SMTP_URL: undefined })).toMatch(/^ {2}SMTP_URL: must be set in production/m)
  })

  it('refuses the local payment sandbox: no provider endpoint, or one on the portal itself or under /sandbox', () => {
    expect(refusal({ ...LIVE, SECUREPAY_URL: undefined })).toMatch(/^ {2}SECUREPAY_URL: must be set in production \(PAYMENT_PROVIDER=securepay\)/m)
    expect(refusal({ ...LIVE, SECUREPAY_URL: 'https://portal.riverinarural.example/sandbox/securepay/directpost/authorise' })).toMatch(
      /^ {2}SECUREPAY_URL: must be the provider's endpoint in production, not a local sandbox/m,
    )
    expect(refusal({ ...LIVE, SECUREPAY_URL: 'http://127.0.0.1:3000/anything' })).toMatch(/SECUREPAY_URL: .*not a local sandbox/)
    const mpgs = { ...LIVE, PAYMENT_PROVIDER: 'mpgs', MPGS_MERCHANT_ID: 'RIVERINA01', MPGS_API_PASSWORD: 'issued-by-the-gateway' }
    expect(refusal(mpgs)).toMatch(/^ {2}MPGS_HOST: must be set in production \(PAYMENT_PROVIDER=mpgs\)/m)
    expect(refusal({ ...mpgs, MPGS_HOST: 'https://gateway.example/sandbox/mpgs' })).toMatch(/^ {2}MPGS_HOST: .*not a local sandbox/m)
    expect(loadServerConfig({ ...mpgs, MPGS_HOST: 'https://ap-gateway.mastercard.com' }).payments.mpgs?.host).toBe('https://ap-gateway.mastercard.com')
  })

  it('refuses missing or demo payment credentials', () => {
    expect(refusal({ ...LIVE, SECUREPAY_PASSWORD: 'sandbox-transaction-password' })).toMatch(/^ {2}SECUREPAY_PASSWORD: is a demo password/m)
    expect(refusal({ ...LIVE, SECUREPAY_PASSWORD: 'abc123' })).toMatch(/^ {2}SECUREPAY_PASSWORD: is a demo password/m)
    expect(refusal({ ...LIVE, SECUREPAY_PASSWORD: undefined })).toMatch(/^ {2}SECUREPAY_PASSWORD: must be set in production/m)
    expect(refusal({ ...LIVE, SECUREPAY_MERCHANT_ID: undefined })).toMatch(/^ {2}SECUREPAY_MERCHANT_ID: must be set in production/m)
    const mpgs = { ...LIVE, PAYMENT_PROVIDER: 'mpgs', MPGS_HOST: 'https://ap-gateway.mastercard.com', MPGS_MERCHANT_ID: 'RIVERINA01' }
    expect(refusal({ ...mpgs, MPGS_API_PASSWORD: 'sandbox-api-password' })).toMatch(/^ {2}MPGS_API_PASSWORD: is a demo password/m)
  })

  it('names every wrong setting at once, one line each', () => {
    const message = refusal({ NODE_ENV: 'production', DEMO_MODE: 'yes' })
    const lines = message.split('\n').slice(1)
    expect(lines.map((l) => l.trim().split(':')[0])).toEqual([
      'DEMO_MODE',
      'PUBLIC_URL',
      'SMTP_URL',
      'SECUREPAY_URL',
      'SECUREPAY_MERCHANT_ID',
      'SECUREPAY_PASSWORD',
    ])
    expect(message).toMatch(/^Refusing to start in production mode/)
  })

  it('refuses nothing of the sort outside production', () => {
    expect(loadServerConfig({ DEMO_MODE: 'true' }).demo).toBe(true)
    expect(loadServerConfig({ NODE_ENV: 'test' }).payments.sandboxEnabled).toBe(true)
  })
})
