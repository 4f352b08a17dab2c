import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
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

/** A distributor of its own, not the demo's. */
const OWN_IDENTITY = {
  DISTRIBUTOR_NAME: 'Hamilton Rural & Vet Supplies',
  DISTRIBUTOR_ABN: '33 618 240 660',
  DISTRIBUTOR_PHONE: '03 5572 1800',
  DISTRIBUTOR_EMAIL: 'orders@hamiltonrural.example',
  DISTRIBUTOR_ADDRESS: '40 Gipps Street, Hamilton VIC 3300',
}

describe('production mode', () => {
  /** Everything production needs, with the provider's live endpoint. */
  const LIVE = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://portal.riverinarural.example',
    SMTP_URL: 'smtps://portal:mail-password@smtp.riverinarural.example:465',
    SECUREPAY_URL: 'https://api.securepay.com.au/directpost/authorise',
    SECUREPAY_MERCHANT_ID: 'RRS0042',
    SECUREPAY_PASSWORD: 'k7V!q2-issued-by-securepay',
    ...OWN_IDENTITY,
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
    expect(config.distributor).toMatchObject({ name: 'Hamilton Rural & Vet Supplies', abn: '33 618 240 660' })
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
      'DISTRIBUTOR_NAME',
      'DISTRIBUTOR_ABN',
      'DISTRIBUTOR_PHONE',
      'DISTRIBUTOR_EMAIL',
      'DISTRIBUTOR_ADDRESS',
    ])
    expect(message).toMatch(/^Refusing to start in production mode/)
  })

  it('refuses nothing of the sort outside production', () => {
    expect(loadServerConfig({ DEMO_MODE: 'true' }).demo).toBe(true)
    expect(loadServerConfig({ NODE_ENV: 'test' }).payments.sandboxEnabled).toBe(true)
  })
})

describe("the distributor's identity", () => {
  const refusal = (env: Record<string, string | undefined>) => {
    try {
      loadServerConfig(env)
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError)
      return (err as Error).message
    }
    throw new Error('the configuration was accepted')
  }

  it("is the demo's in demo mode only", () => {
    expect(loadServerConfig({}).distributor).toMatchObject({ name: 'Riverina Rural Supply', abn: '53 004 085 616', brandColour: '#1f5f3a', logo: null })
    expect(loadServerConfig({}).mailFrom).toBe('Riverina Rural Supply <orders@riverinarural.example>')
    const message = refusal({ DEMO_MODE: 'false' })
    expect(message).toMatch(/^Refusing to start outside demo mode:/)
    for (const name of ['DISTRIBUTOR_NAME', 'DISTRIBUTOR_ABN', 'DISTRIBUTOR_PHONE', 'DISTRIBUTOR_EMAIL', 'DISTRIBUTOR_ADDRESS'])
      expect(message).toMatch(new RegExp(`^ {2}${name}: must be set outside demo mode`, 'm'))
    expect(message).not.toMatch(/Riverina/)
  })

  it('outside demo mode is the settings, with the sender, accounts phone and postal address following them', () => {
    const config = loadServerConfig({ DEMO_MODE: 'false', ...OWN_IDENTITY, DISTRIBUTOR_BRAND_COLOUR: '#7A3B12' })
    expect(config.distributor).toEqual({
      name: 'Hamilton Rural & Vet Supplies',
      abn: '33 618 240 660',
      phone: '03 5572 1800',
      accountsPhone: '03 5572 1800',
      email: 'orders@hamiltonrural.example',
      address: '40 Gipps Street, Hamilton VIC 3300',
      postalAddress: '40 Gipps Street, Hamilton VIC 3300',
      logo: null,
      brandColour: '#7a3b12',
    })
    expect(config.mailFrom).toBe('Hamilton Rural & Vet Supplies <orders@hamiltonrural.example>')
    expect(loadServerConfig({ DEMO_MODE: 'false', ...OWN_IDENTITY, DISTRIBUTOR_NAME: 'Hamilton Rural Pty. Ltd.' }).mailFrom).toBe(
      '"Hamilton Rural Pty. Ltd." <orders@hamiltonrural.example>',
    )
    expect(loadServerConfig({ DEMO_MODE: 'false', ...OWN_IDENTITY, MAIL_FROM: 'Hamilton Rural <noreply@hamiltonrural.example>' }).mailFrom).toBe(
      'Hamilton Rural <noreply@hamiltonrural.example>',
    )
  })

  it('checks the ABN with its check digits, the colour as #rrggbb and the e-mail addresses', () => {
    expect(() => loadConfig({ DISTRIBUTOR_ABN: '33 618 240 661' })).toThrow(/DISTRIBUTOR_ABN: is not a valid ABN: its check digits do not add up/)
    expect(() => loadConfig({ DISTRIBUTOR_ABN: '12 345 678' })).toThrow(/DISTRIBUTOR_ABN: must be an 11-digit ABN/)
    expect(loadConfig({ DISTRIBUTOR_ABN: '33618240660' }).distributor.abn).toBe('33618240660')
    expect(() => loadConfig({ DISTRIBUTOR_BRAND_COLOUR: 'green' })).toThrow(/DISTRIBUTOR_BRAND_COLOUR: must be a colour as #rrggbb/)
    expect(() => loadConfig({ DISTRIBUTOR_BRAND_COLOUR: '#abc' })).toThrow(/DISTRIBUTOR_BRAND_COLOUR/)
    expect(() => loadConfig({ DISTRIBUTOR_EMAIL: 'orders at hamilton' })).toThrow(/DISTRIBUTOR_EMAIL: must be an e-mail address/)
    expect(() => loadConfig({ MAIL_FROM: 'Hamilton Rural' })).toThrow(/MAIL_FROM: must be an e-mail address, or a name and an address/)
    expect(() => loadConfig({ DISTRIBUTOR_LOGO: 'logo.gif' })).toThrow(/DISTRIBUTOR_LOGO: must be a PNG or JPEG file/)
  })

  it('serves a logo file it can read, and refuses one it cannot', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-logo-'))
    try {
      const png = join(dir, 'logo.png')
      writeFileSync(png, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]))
      expect(loadServerConfig({ DISTRIBUTOR_LOGO: png }).distributor.logo).toEqual({ file: png, type: 'image/png' })
      expect(refusal({ DISTRIBUTOR_LOGO: join(dir, 'missing.png') })).toMatch(/^ {2}DISTRIBUTOR_LOGO: no such file/m)
      writeFileSync(join(dir, 'fake.jpg'), 'not a picture')
      expect(refusal({ DISTRIBUTOR_LOGO: join(dir, 'fake.jpg') })).toMatch(/DISTRIBUTOR_LOGO: is not a JPEG picture/)
      expect(loadServerConfig({ DISTRIBUTOR_LOGO: 'https://cdn.example.com/logo.png' }).distributor.logo).toEqual({ url: 'https://cdn.example.com/logo.png' })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('stops the server with exit code 2 and the message when an identity setting is wrong', async () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url))
    const run = (env: Record<string, string>) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', main], {
          env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', PORT: '0', DATA_DIR: join(tmpdir(), 'portal-never-opened'), ...env },
        })
        let stderr = ''
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
        child.on('exit', (code) => resolve({ code, stderr }))
      })
    // One start (each costs seconds): a setting missing and one malformed are both refusals the same way.
    const refused = await run({ DEMO_MODE: 'false', ...OWN_IDENTITY, DISTRIBUTOR_ABN: '33 618 240 661' })
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('DISTRIBUTOR_ABN: is not a valid ABN')
  }, 180_000)
})
