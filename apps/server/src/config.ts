import { readFileSync, statSync } from 'node:fs'
import { z } from 'zod'

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes')

const positiveInt = z.coerce.number().int().positive()

/** A base the web app calls: an http(s) URL or a path on the portal's own origin. */
const baseUrl = z.string().regex(/^(https?:\/\/[^/\s]+)?\/[^\s?#]*$/, 'must be an http(s) URL or a path starting with /')

/** A Sentry DSN (https://publickey@host/projectId). A secret key in it is refused: the browser is given the DSN. */
const sentryDsn = z
  .string()
  .regex(/^https?:\/\/[^:@/\s]+@[^/\s]+(\/[^\s?#]*)?\/[\w-]+$/, 'must be a Sentry DSN such as https://publickey@o1.ingest.sentry.io/123 (without a secret key)')

/** An e-mail address as mail software takes it: something@domain.tld, no spaces. */
const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>".]+$/

/** A sender: an address, or a name and an address in angle brackets. */
const MAIL_FROM = /^(?:[^<>@\r\n]+ <[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>".]+>|[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>".]+)$/

/**
 * The ABN's check: subtract 1 from the first digit, weigh the 11 digits by 10, 1, 3, 5, ..., 19; the sum is a
 * multiple of 89 (the Australian Business Register's published rule). A typo in one digit always fails it.
 */
export function validAbn(abn: string): boolean {
  const digits = abn.replace(/ /g, '')
  if (!/^\d{11}$/.test(digits)) return false
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]
  const sum = [...digits].reduce((total, d, i) => total + (Number(d) - (i === 0 ? 1 : 0)) * weights[i]!, 0)
  return sum % 89 === 0
}

const Env = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    WEB_DIST: z.string().min(1).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATABASE_POOL_SIZE: positiveInt.max(200).default(10),
    DEMO_MODE: bool.optional(),
    SEED_SCALE: z.enum(['demo', 'large', 'none']).default('demo'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().regex(MAIL_FROM, 'must be an e-mail address, or a name and an address: Hamilton Rural <orders@hamiltonrural.com.au>').optional(),
    DISTRIBUTOR_NAME: z.string().trim().min(2).max(100).optional(),
    DISTRIBUTOR_ABN: z
      .string()
      .regex(/^\d{2} ?\d{3} ?\d{3} ?\d{3}$/, 'must be an 11-digit ABN, e.g. 53 004 085 616')
      .refine(validAbn, 'is not a valid ABN: its check digits do not add up (see abr.business.gov.au to look it up)')
      .optional(),
    DISTRIBUTOR_PHONE: z.string().trim().min(6).max(40).optional(),
    DISTRIBUTOR_ACCOUNTS_PHONE: z.string().trim().min(6).max(40).optional(),
    DISTRIBUTOR_EMAIL: z.string().regex(EMAIL, 'must be an e-mail address such as orders@hamiltonrural.com.au').optional(),
    DISTRIBUTOR_ADDRESS: z.string().trim().min(6).max(200).optional(),
    DISTRIBUTOR_POSTAL_ADDRESS: z.string().trim().min(6).max(200).optional(),
    DISTRIBUTOR_LOGO: z
      .string()
      .refine(
        (v) => /^https:\/\/[^\s]+$/.test(v) || /\.(png|jpe?g)$/i.test(v),
        'must be a PNG or JPEG file (path ending .png, .jpg or .jpeg) or an https:// URL',
      )
      .optional(),
    DISTRIBUTOR_BRAND_COLOUR: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour as #rrggbb, e.g. #1f5f3a')
      .optional(),
    SESSION_IDLE_MINUTES: positiveInt.default(12 * 60),
    SESSION_MAX_DAYS: positiveInt.default(30),
    PASSWORD_RESET_MINUTES: positiveInt.default(60),
    LOGIN_MAX_FAILURES_PER_USER: positiveInt.default(5),
    LOGIN_USER_DELAY_SECONDS: positiveInt.max(86_400).default(60),
    LOGIN_MAX_FAILURES_PER_ADDRESS: positiveInt.default(30),
    LOGIN_ADDRESS_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(500),
    LOGIN_ADDRESS_CEILING: positiveInt.default(300),
    LOGIN_WINDOW_MINUTES: positiveInt.default(15),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: bool.default(false),
    CONTENT_BASE_URL: z
      .string()
      .regex(/^(https?:\/\/[^/\s]+)?\/[^\s]*$/, 'must be an http(s) URL or a path starting with /')
      .default('/content/wp-json/wp/v2'),
    BENCH_HELLO: bool.default(false),
    CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    HEAP_BUDGET_MIB: z.coerce.number().int().min(0).max(65536).default(0),
    HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(300).default(30),
    MEMORY_BUDGET_MIB: z.coerce.number().int().min(0).max(65536).default(256),
    PAYMENT_PROVIDER: z.enum(['securepay', 'mpgs']).default('securepay'),
    SECUREPAY_URL: z.url({ protocol: /^https?$/ }).optional(),
    SECUREPAY_MERCHANT_ID: z.string().trim().min(1).max(20).optional(),
    SECUREPAY_PASSWORD: z.string().min(1).max(100).optional(),
    SECUREPAY_NEXT_PASSWORD: z.string().min(1).max(100).optional(),
    SECUREPAY_REFUND_URL: z.url({ protocol: /^https?$/ }).optional(),
    MPGS_HOST: z.url({ protocol: /^https?$/ }).optional(),
    MPGS_MERCHANT_ID: z.string().trim().min(1).max(40).optional(),
    MPGS_API_PASSWORD: z.string().min(1).max(200).optional(),
    MPGS_API_VERSION: z.coerce.number().int().min(63, 'must be 63 or later (INITIATE_CHECKOUT)').max(200).default(72),
    IP_LOOKUP_URL: z.union([z.url({ protocol: /^https?$/ }), z.literal('off')]).default('https://api.ipify.org?format=json'),
    ANALYTICS_HOOK: z
      .string()
      .regex(/^[A-Za-z_$][\w$]{0,63}$/, 'must be a JavaScript identifier (the name of a window array)')
      .default('dataLayer'),
    SANDBOX_TEST_AMOUNTS: bool.default(false),
    PAYMENT_HOLD_MINUTES: z.coerce.number().int().min(1).max(1440).default(20),
    API_BASE_URL: baseUrl.default('/api'),
    IMAGE_BASE_URL: baseUrl.optional(),
    SENTRY_DSN: sentryDsn.optional(),
    SENTRY_BROWSER_DSN: z.union([sentryDsn, z.literal('off')]).optional(),
    SENTRY_ENVIRONMENT: z
      .string()
      .regex(/^[\w.-]{1,64}$/, 'must be a short name such as production or staging')
      .optional(),
    SENTRY_RELEASE: z
      .string()
      .regex(/^[\w.@+-]{1,200}$/, 'must be a release name such as trade-portal@1.4.0 or a commit id')
      .optional(),
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{16,200}$/, 'must be 16 or more printable characters without spaces')
      .optional(),
    READY_OUTBOX_MINUTES: z.coerce.number().int().min(0).max(10_080).default(15),
    ERP_API_KEY: z
      .string()
      .regex(/^[\x21-\x7e]{32,512}$/, 'must be 32 or more printable characters without spaces (e.g. openssl rand -base64 36)')
      .optional(),
    /** Only while the key is changed: the old key, still accepted beside ERP_API_KEY until the ERP sends the new one. */
    ERP_API_KEY_PREVIOUS: z
      .string()
      .regex(/^[\x21-\x7e]{32,512}$/, 'must be 32 or more printable characters without spaces, like ERP_API_KEY')
      .optional(),
    ERP_ORDER_LEASE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
    ERP_ORDER_ALERT_MINUTES: z.coerce.number().int().min(0).max(10_080).default(30),
    ERP_EXPORT_GROUP_READABLE: bool.default(false),
  })
  .superRefine((env, ctx) => {
    if (env.LOGIN_ADDRESS_CEILING <= env.LOGIN_MAX_FAILURES_PER_ADDRESS) {
      ctx.addIssue({
        code: 'custom',
        path: ['LOGIN_ADDRESS_CEILING'],
        message: `must be above LOGIN_MAX_FAILURES_PER_ADDRESS (${env.LOGIN_MAX_FAILURES_PER_ADDRESS}): an address is slowed down first, refused only far beyond`,
      })
    }
  })

export type Config = ReturnType<typeof toConfig>

function toConfig(env: z.infer<typeof Env>) {
  const production = env.NODE_ENV === 'production'
  return {
    env: env.NODE_ENV,
    production,
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir: env.DATA_DIR,
    /** The built web app to serve; apps/web/dist when unset. */
    webDist: env.WEB_DIST,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    // Demo logins are never created in production mode, whatever DEMO_MODE says.
    demo: !production && (env.DEMO_MODE ?? true),
    seedScale: env.SEED_SCALE,
    smtpUrl: env.SMTP_URL,
    mailFrom: mailFromOf(env),
    distributor: identityOf(env, !production && (env.DEMO_MODE ?? true)),
    session: {
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
      maxMs: env.SESSION_MAX_DAYS * 86_400_000,
    },
    passwordResetMs: env.PASSWORD_RESET_MINUTES * 60_000,
    /** Sign-in throttling (modules/auth/throttle.ts, docs/decisions/0025-sign-in-throttling-and-request-limits.md). */
    loginThrottle: {
      perUser: env.LOGIN_MAX_FAILURES_PER_USER,
      userDelayMs: env.LOGIN_USER_DELAY_SECONDS * 1000,
      perAddress: env.LOGIN_MAX_FAILURES_PER_ADDRESS,
      addressDelayMs: env.LOGIN_ADDRESS_DELAY_MS,
      addressCeiling: env.LOGIN_ADDRESS_CEILING,
      windowMs: env.LOGIN_WINDOW_MINUTES * 60_000,
    },
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    /** The WordPress REST API (wp/v2) base the web app reads content from; the embedded service by default. */
    contentBaseUrl: env.CONTENT_BASE_URL.replace(/\/$/, ''),
    /** GET /api/hello, the benchmark's do-nothing baseline; off unless asked for. */
    benchHello: env.BENCH_HELLO,
    /** The in-memory caches' backstop lifetime (lib/caches.ts); 0 turns them off. */
    cacheTtlMs: env.CACHE_SECONDS * 1000,
    /** The heap V8 is let grow to after a full collection, in MiB; 0: no budget (lib/memory.ts). */
    heapBudgetMiB: env.HEAP_BUDGET_MIB,
    /** The least V8 lets the heap grow past what the last full collection kept, in percent; 0 with no budget leaves V8's own choice. */
    heapGrowingPercent: env.HEAP_GROWING_PERCENT,
    /** The resident memory the server aims to stay within, in MiB; 0: none (lib/memory.ts, decision 0099). */
    memoryBudgetMiB: env.MEMORY_BUDGET_MIB,
    payments: paymentsConfig(env, production, (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '')),
    /** Where the web app sends its API calls and loads product pictures from (GET /api/site tells it). */
    apiBaseUrl: env.API_BASE_URL.replace(/\/$/, ''),
    imageBaseUrl: (env.IMAGE_BASE_URL ?? env.API_BASE_URL).replace(/\/$/, ''),
    errorReporting: errorReportingConfig(env),
    /** GET /metrics: open outside production without a token; in production only with METRICS_TOKEN. */
    metrics: { token: env.METRICS_TOKEN ?? null, enabled: !production || env.METRICS_TOKEN !== undefined },
    /** GET /api/ready fails when the oldest unsent e-mail is older than this; 0 leaves the outbox out of it. */
    readyOutboxMs: env.READY_OUTBOX_MINUTES * 60_000,
    /** The ERP interchange (modules/erp, docs/erp-interchange.md). */
    erp: {
      /** The setting; without it the routes are off in production and a demo key is kept in the data directory (modules/erp/key.ts). */
      apiKey: env.ERP_API_KEY ?? null,
      /** The key being replaced, accepted beside apiKey during a rotation (docs/deployment.md section 4); only with ERP_API_KEY. */
      previousApiKey: env.ERP_API_KEY ? (env.ERP_API_KEY_PREVIOUS ?? null) : null,
      /** How long an order collected from GET /api/erp/orders stays out of the feed before it is offered again (decision 0037). */
      orderLeaseMs: env.ERP_ORDER_LEASE_SECONDS * 1000,
      /** An unacknowledged order older than this fails GET /api/ready and shows in /metrics; 0 leaves it out of readiness. */
      orderAlertMs: env.ERP_ORDER_ALERT_MINUTES * 60_000,
      /** The mode of the files npm run erp:export writes: its owner's alone, or its group's to read too (decision 0080). */
      exportFileMode: env.ERP_EXPORT_GROUP_READABLE ? 0o640 : 0o600,
    },
  }
}

/**
 * The demo distributor's identity: the defaults of every identity setting in demo mode, and only there
 * (decision 0075). A fictional business with a valid ABN's shape and check digits.
 */
export const DEMO_IDENTITY = {
  name: 'Riverina Rural Supply',
  abn: '53 004 085 616',
  phone: '02 6921 4400',
  accountsPhone: '02 6921 4455',
  email: 'orders@riverinarural.example',
  address: '1 Hammond Avenue, Wagga Wagga NSW 2650',
  postalAddress: 'PO Box 512, Wagga Wagga NSW 2650',
} as const

/** The brand colour without DISTRIBUTOR_BRAND_COLOUR: the portal's own green, not the demo's. */
export const DEFAULT_BRAND_COLOUR = '#1f5f3a'

/** The identity settings a portal outside demo mode must be given; the others have defaults of their own. */
export const REQUIRED_IDENTITY = ['DISTRIBUTOR_NAME', 'DISTRIBUTOR_ABN', 'DISTRIBUTOR_PHONE', 'DISTRIBUTOR_EMAIL', 'DISTRIBUTOR_ADDRESS'] as const

/** Where the distributor's logo comes from: a picture file the portal serves (GET /api/site/logo), or an https:// address. */
export type Logo = { file: string; type: 'image/png' | 'image/jpeg' } | { url: string } | null

/**
 * The distributor's identity as pages, e-mails, PDFs and the app's manifest show it. Outside demo mode a
 * required setting left out is empty here, and the server refuses to start (identityProblems).
 */
function identityOf(env: z.infer<typeof Env>, demo: boolean) {
  const fallback = (value: string | undefined, demoValue: string) => value ?? (demo ? demoValue : '')
  const address = fallback(env.DISTRIBUTOR_ADDRESS, DEMO_IDENTITY.address)
  const phone = fallback(env.DISTRIBUTOR_PHONE, DEMO_IDENTITY.phone)
  const logo: Logo = !env.DISTRIBUTOR_LOGO
    ? null
    : env.DISTRIBUTOR_LOGO.startsWith('https://')
      ? { url: env.DISTRIBUTOR_LOGO }
      : { file: env.DISTRIBUTOR_LOGO, type: /\.png$/i.test(env.DISTRIBUTOR_LOGO) ? 'image/png' : 'image/jpeg' }
  return {
    name: fallback(env.DISTRIBUTOR_NAME, DEMO_IDENTITY.name),
    abn: fallback(env.DISTRIBUTOR_ABN, DEMO_IDENTITY.abn),
    phone,
    // Accounts receivable is the main number unless the distributor has one of its own.
    accountsPhone: env.DISTRIBUTOR_ACCOUNTS_PHONE ?? (demo && !env.DISTRIBUTOR_PHONE ? DEMO_IDENTITY.accountsPhone : phone),
    email: fallback(env.DISTRIBUTOR_EMAIL, DEMO_IDENTITY.email),
    address,
    postalAddress: env.DISTRIBUTOR_POSTAL_ADDRESS ?? (demo && !env.DISTRIBUTOR_ADDRESS ? DEMO_IDENTITY.postalAddress : address),
    logo,
    brandColour: (env.DISTRIBUTOR_BRAND_COLOUR ?? DEFAULT_BRAND_COLOUR).toLowerCase(),
  }
}

/** The sender of the portal's e-mails: MAIL_FROM, else the distributor's name and e-mail address. */
function mailFromOf(env: z.infer<typeof Env>): string {
  if (env.MAIL_FROM) return env.MAIL_FROM
  const demo = env.NODE_ENV !== 'production' && (env.DEMO_MODE ?? true)
  const name = env.DISTRIBUTOR_NAME ?? (demo ? DEMO_IDENTITY.name : '')
  const email = env.DISTRIBUTOR_EMAIL ?? (demo ? DEMO_IDENTITY.email : '')
  // A name with characters special in an address header is quoted, as RFC 5322 asks.
  return name ? `${/[()<>[\]:;@\\,."]/.test(name) ? JSON.stringify(name) : name} <${email}>` : email
}

const RELEASE = `trade-portal@${(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version}`

/** Error reporting to Sentry (docs/decisions/0017-operations-settings-errors-health-metrics.md): off unless SENTRY_DSN is set. */
function errorReportingConfig(env: z.infer<typeof Env>) {
  const browserDsn = env.SENTRY_BROWSER_DSN === 'off' ? null : (env.SENTRY_BROWSER_DSN ?? env.SENTRY_DSN ?? null)
  return {
    dsn: env.SENTRY_DSN ?? null,
    browserDsn,
    environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV,
    release: env.SENTRY_RELEASE ?? RELEASE,
  }
}

/**
 * Card payments (docs/decisions/0010-card-payments.md). Outside production mode every provider setting has a default
 * that points at the local sandbox (/sandbox/...), so a demo checkout works with nothing configured; in
 * production a provider without its settings is off (null) and card payments are refused.
 */
function paymentsConfig(env: z.infer<typeof Env>, production: boolean, publicUrl: string) {
  const sandboxOk = !production
  const securepay =
    (env.SECUREPAY_URL || sandboxOk) && (env.SECUREPAY_MERCHANT_ID || sandboxOk) && (env.SECUREPAY_PASSWORD || sandboxOk)
      ? {
          url: env.SECUREPAY_URL ?? `${publicUrl}/sandbox/securepay/directpost/authorise`,
          merchantId: env.SECUREPAY_MERCHANT_ID ?? 'RRS0010',
          password: env.SECUREPAY_PASSWORD ?? 'sandbox-transaction-password',
          // While the transaction password is rotated, results signed with the new one are accepted too (docs/deployment.md).
          ...(env.SECUREPAY_NEXT_PASSWORD ? { nextPassword: env.SECUREPAY_NEXT_PASSWORD } : {}),
          // Refunds go to the XML API beside SECUREPAY_URL unless this names it (payments/securepay.ts refundUrlOf).
          ...(env.SECUREPAY_REFUND_URL ? { refundUrl: env.SECUREPAY_REFUND_URL } : {}),
        }
      : null
  const mpgs =
    (env.MPGS_HOST || sandboxOk) && (env.MPGS_MERCHANT_ID || sandboxOk) && (env.MPGS_API_PASSWORD || sandboxOk)
      ? {
          host: (env.MPGS_HOST ?? `${publicUrl}/sandbox/mpgs`).replace(/\/$/, ''),
          merchantId: env.MPGS_MERCHANT_ID ?? 'TESTRIVERINA01',
          apiPassword: env.MPGS_API_PASSWORD ?? 'sandbox-api-password',
          apiVersion: env.MPGS_API_VERSION,
        }
      : null
  return {
    provider: env.PAYMENT_PROVIDER,
    securepay,
    mpgs,
    /** The local sandboxes answer under /sandbox/... outside production mode only. */
    sandboxEnabled: sandboxOk,
    sandboxTestAmounts: env.SANDBOX_TEST_AMOUNTS,
    ipLookupUrl: env.IP_LOOKUP_URL === 'off' ? null : env.IP_LOOKUP_URL,
    analyticsHook: env.ANALYTICS_HOOK,
    /** How long a cash-sale account's pending card payment holds its units at the branch (docs/decisions/0024). */
    holdMinutes: env.PAYMENT_HOLD_MINUTES,
  }
}

export class ConfigError extends Error {}

/** Settings whose value never appears in a message, even when it is refused. */
const SECRETS = new Set(['ERP_API_KEY', 'ERP_API_KEY_PREVIOUS'])

/** Reads the environment once; a bad value stops the start with a message naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = Env.safeParse(present)
  if (!parsed.success) {
    const got = (name: string) => (SECRETS.has(name) ? `${present[name]!.length} characters` : JSON.stringify(present[name]))
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (got ${got(String(i.path[0]))})`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return toConfig(parsed.data)
}

const DEMO_PASSWORDS = new Set(['sandbox-transaction-password', 'sandbox-api-password', 'abc123', 'abcd1234', 'password', 'changeme', 'secret', 'test'])

/**
 * What production mode will not start with: each problem names its variable. Demo logins, the local payment
 * sandboxes or demo passwords, e-mails that are never sent, or links and cookies on plain http.
 */
export function productionProblems(source: NodeJS.ProcessEnv, config: Config): string[] {
  if (!config.production) return []
  const value = (name: string) => (source[name] === undefined || source[name] === '' ? undefined : source[name])
  const problems: string[] = []
  const demo = value('DEMO_MODE')
  if (demo !== undefined && ['true', '1', 'yes'].includes(demo))
    problems.push('DEMO_MODE: must be off in production; the demo logins and their passwords are public')
  const publicUrl = value('PUBLIC_URL')
  if (!publicUrl) problems.push('PUBLIC_URL: must be set in production to the https:// address users reach the portal at (it is in e-mailed links)')
  else if (!publicUrl.startsWith('https://')) problems.push(`PUBLIC_URL: must be an https:// address in production (got ${JSON.stringify(publicUrl)})`)
  if (!value('SMTP_URL')) problems.push('SMTP_URL: must be set in production; without it password resets, invoices and statements are never e-mailed')

  const own = new URL(config.publicUrl).origin
  const sandboxUrl = (url: string) => {
    const u = new URL(url)
    return /(^|\/)sandbox(\/|$)/.test(u.pathname) || u.origin === own || ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname)
  }
  const providers = [
    {
      name: 'securepay',
      url: 'SECUREPAY_URL',
      merchant: 'SECUREPAY_MERCHANT_ID',
      password: 'SECUREPAY_PASSWORD',
      example: 'https://api.securepay.com.au/directpost/authorise',
    },
    { name: 'mpgs', url: 'MPGS_HOST', merchant: 'MPGS_MERCHANT_ID', password: 'MPGS_API_PASSWORD', example: 'https://ap-gateway.mastercard.com' },
  ] as const
  for (const p of providers) {
    const chosen = config.payments.provider === p.name
    const url = value(p.url)
    if (url && sandboxUrl(url)) problems.push(`${p.url}: must be the provider's endpoint in production, not a local sandbox (got ${JSON.stringify(url)})`)
    else if (!url && chosen)
      problems.push(`${p.url}: must be set in production (PAYMENT_PROVIDER=${p.name}), e.g. ${p.example}; the local sandbox is for development`)
    if (!value(p.merchant) && chosen) problems.push(`${p.merchant}: must be set in production (PAYMENT_PROVIDER=${p.name})`)
    const password = value(p.password)
    if (password && DEMO_PASSWORDS.has(password)) problems.push(`${p.password}: is a demo password; set the one the provider issued`)
    else if (!password && chosen) problems.push(`${p.password}: must be set in production (PAYMENT_PROVIDER=${p.name})`)
  }
  return problems
}

/**
 * What a portal outside demo mode will not start without: the distributor's own name, ABN, phone, e-mail and
 * address (the demo's are defaults in demo mode only), and a logo file that can be read.
 */
export function identityProblems(source: NodeJS.ProcessEnv, config: Config): string[] {
  const problems: string[] = []
  if (!config.demo) {
    const missing = REQUIRED_IDENTITY.filter((name) => source[name] === undefined || source[name]!.trim() === '')
    for (const name of missing)
      problems.push(`${name}: must be set outside demo mode (DEMO_MODE=false or NODE_ENV=production): it is the distributor's own ${IDENTITY_WORDS[name]}`)
  }
  const logo = config.distributor.logo
  if (logo && 'file' in logo) {
    const problem = logoFileProblem(logo.file)
    if (problem) problems.push(`DISTRIBUTOR_LOGO: ${problem} (got ${JSON.stringify(logo.file)})`)
  }
  return problems
}

const IDENTITY_WORDS: Record<(typeof REQUIRED_IDENTITY)[number], string> = {
  DISTRIBUTOR_NAME: 'name, shown on every page, e-mail and document',
  DISTRIBUTOR_ABN: 'ABN, on tax invoices and statements',
  DISTRIBUTOR_PHONE: 'customer service phone',
  DISTRIBUTOR_EMAIL: 'e-mail address, the sender of its e-mails and where requests go',
  DISTRIBUTOR_ADDRESS: "street address, on documents and the pages' footer",
}

/** The largest logo file: it is sent with every page that shows it and drawn into every PDF. */
export const LOGO_MAX_BYTES = 512 * 1024

function logoFileProblem(path: string): string | null {
  let size: number
  try {
    size = statSync(path).size
  } catch {
    return 'no such file'
  }
  if (size > LOGO_MAX_BYTES) return `must be at most ${LOGO_MAX_BYTES / 1024} KB`
  const head = readFileSync(path).subarray(0, 8)
  const png = head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  const jpeg = head[0] === 0xff && head[1] === 0xd8
  if (/\.png$/i.test(path) ? !png : !jpeg) return `is not a ${/\.png$/i.test(path) ? 'PNG' : 'JPEG'} picture`
  return null
}

/**
 * The server's start: the settings as loadConfig reads them, the distributor's identity (identityProblems),
 * and in production mode none of productionProblems.
 */
export function loadServerConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const config = loadConfig(source)
  const problems = [...productionProblems(source, config), ...identityProblems(source, config)]
  if (problems.length) {
    const mode = config.production ? ' in production mode (NODE_ENV=production)' : config.demo ? '' : ' outside demo mode'
    throw new ConfigError(`Refusing to start${mode}:\n${problems.map((p) => `  ${p}`).join('\n')}`)
  }
  return config
}
