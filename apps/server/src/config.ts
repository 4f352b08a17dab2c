import { z } from 'zod'

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const positiveInt = z.coerce.number().int().positive()

const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: positiveInt.max(200).default(10),
  DEMO_MODE: bool.optional(),
  SEED_SCALE: z.enum(['demo', 'large']).default('demo'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Riverina Rural Supply <orders@riverinarural.example>'),
  DISTRIBUTOR_NAME: z.string().min(1).default('Riverina Rural Supply'),
  DISTRIBUTOR_ABN: z.string().regex(/^\d{2} ?\d{3} ?\d{3} ?\d{3}$/, 'must be an 11-digit ABN').default('53 004 085 616'),
  DISTRIBUTOR_PHONE: z.string().min(6).default('02 6921 4400'),
  DISTRIBUTOR_ACCOUNTS_PHONE: z.string().min(6).default('02 6921 4455'),
  DISTRIBUTOR_EMAIL: z.email().default('orders@riverinarural.example'),
  SESSION_IDLE_MINUTES: positiveInt.default(12 * 60),
  SESSION_MAX_DAYS: positiveInt.default(30),
  PASSWORD_RESET_MINUTES: positiveInt.default(60),
  LOGIN_MAX_FAILURES_PER_USER: positiveInt.default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: positiveInt.default(30),
  LOGIN_WINDOW_MINUTES: positiveInt.default(15),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
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
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    // Demo logins are never created in production mode, whatever DEMO_MODE says.
    demo: !production && (env.DEMO_MODE ?? true),
    seedScale: env.SEED_SCALE,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    distributor: {
      name: env.DISTRIBUTOR_NAME,
      abn: env.DISTRIBUTOR_ABN,
      phone: env.DISTRIBUTOR_PHONE,
      accountsPhone: env.DISTRIBUTOR_ACCOUNTS_PHONE,
      email: env.DISTRIBUTOR_EMAIL,
    },
    session: {
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
      maxMs: env.SESSION_MAX_DAYS * 86_400_000,
    },
    passwordResetMs: env.PASSWORD_RESET_MINUTES * 60_000,
    loginThrottle: {
      perUser: env.LOGIN_MAX_FAILURES_PER_USER,
      perAddress: env.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMs: env.LOGIN_WINDOW_MINUTES * 60_000,
    },
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
  }
}

export class ConfigError extends Error {}

/** Reads the environment once; a bad value stops the start with a message naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = Env.safeParse(present)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(present[String(i.path[0])])})`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return toConfig(parsed.data)
}

/** The variables, their defaults and meaning, for the README and `--help`. */
export const CONFIG_KEYS = Object.keys(Env.shape)
