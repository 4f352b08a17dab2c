import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { inject } from 'vitest'
import { buildApp } from '../src/app'
import { loadConfig, type Config } from '../src/config'
import type { ChangeFeed } from '../src/db/change-feed'
import { openDatabase, type Database } from '../src/db/database'
import { migrate } from '../src/db/migrate'
import type { ErrorReporter } from '../src/lib/error-reporting'
import { adminQuery, databaseUrl } from './global-setup'

export interface TestContext {
  app: FastifyInstance
  db: Database
  config: Config
  /** The app's change feed (a test may listen to what the database says has changed). */
  changes: ChangeFeed
  close(): Promise<void>
}

/**
 * The real app on its own copy of the seeded database: PGlite from the run's snapshot, or a fresh
 * PostgreSQL database from the run's template when TEST_DATABASE_URL is set.
 */
export interface TestAppOptions {
  /** Routes or hooks a test adds before the app is ready (e.g. one that fails on purpose). */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>
  /** Log lines go here (at LOG_LEVEL) instead of nowhere. */
  logStream?: NodeJS.WritableStream
  errorReporter?: ErrorReporter | null
  /** A migrated database with no data at all (no demo data), as a distributor's first ERP import finds it. */
  emptyDatabase?: boolean
  /** The database as the app gets it (e.g. with a Kysely plugin that counts statements). */
  wrapDb?: (db: Database) => Database
  /** Each change notification reaches the app this many milliseconds late (as from a distant or busy database). */
  notificationsLateMs?: number
}

/** The ERP interchange's key in test apps (ERP_API_KEY), unless a test sets its own. */
export const TEST_ERP_KEY = 'test-erp-key-0123456789abcdefghijklmnop'

export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestContext> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://portal.test', ERP_API_KEY: TEST_ERP_KEY, ...env })
  const url = process.env.TEST_DATABASE_URL
  let handle
  let drop = async () => {}
  if (url) {
    const name = `portal_t_${randomBytes(6).toString('hex')}`
    await adminQuery(url, `CREATE DATABASE ${name}${options.emptyDatabase ? '' : ` TEMPLATE ${inject('templateDatabase')}`}`)
    handle = await openDatabase({ databaseUrl: databaseUrl(url, name), poolSize: 5 })
    drop = () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  } else if (options.emptyDatabase) {
    handle = await openDatabase({})
  } else {
    const snapshot = new Blob([readFileSync(inject('snapshotFile'))])
    handle = await openDatabase({ loadDataDir: snapshot })
  }
  if (options.emptyDatabase) await migrate(handle.db)
  const feed = await handle.openChangeFeed()
  const changes = options.notificationsLateMs ? lateFeed(feed, options.notificationsLateMs) : feed
  const app = await buildApp({
    config,
    db: options.wrapDb ? options.wrapDb(handle.db) : handle.db,
    changes,
    logger: false,
    webDist: '/nonexistent',
    pool: handle.pool,
    logStream: options.logStream,
    errorReporter: options.errorReporter,
  })
  await options.beforeReady?.(app)
  await app.ready()
  return {
    app,
    db: handle.db,
    config,
    changes,
    async close() {
      await app.close()
      await changes.close()
      await handle.close()
      await drop()
    },
  }
}

/**
 * A change feed whose notifications reach their subscribers `lateMs` late, in the order they came; it is caught up
 * once the feed underneath is and every notification heard before has been delivered.
 */
function lateFeed(feed: ChangeFeed, lateMs: number): ChangeFeed {
  let delivered: Promise<void> = Promise.resolve()
  const told = new Map<string, Array<(payload: string | null) => void>>()
  return {
    get live() {
      return feed.live
    },
    subscribe: (channel, handler) => {
      told.set(channel, [...(told.get(channel) ?? []), handler])
      feed.subscribe(channel, (payload) => {
        delivered = new Promise((resolve) =>
          setTimeout(() => {
            handler(payload)
            resolve()
          }, lateMs),
        )
      })
    },
    // What the process tells itself is not late: only the database's notifications are.
    tell: (channel, payload) => {
      for (const handler of told.get(channel) ?? []) handler(payload)
    },
    async caughtUp(timeoutMs) {
      const heard = await feed.caughtUp(timeoutMs)
      await delivered
      return heard
    },
    close: () => feed.close(),
  }
}

export const DEMO = {
  trade: { username: 'trade', password: 'Trade2026' },
  staff: { username: 'staff', password: 'Staff2026' },
  cash: { username: 'cash', password: 'Cash2026' },
  elders: { username: 'elders', password: 'Elders2026' },
} as const

let addressCounter = 0
/** Each sign-in comes from its own address unless told otherwise, so throttling tests stay independent. */
export function nextAddress() {
  addressCounter += 1
  return `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`
}

export async function signIn(app: FastifyInstance, who: { username: string; password: string }): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: who, remoteAddress: nextAddress() })
  if (res.statusCode !== 200) throw new Error(`sign-in of ${who.username} failed: ${res.statusCode} ${res.body}`)
  return res.json().token as string
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** A checkout form of the trade account's (POST /api/orders), at WAG; tests override what they look at. */
export const checkoutForm = (overrides: Record<string, unknown> = {}) => ({
  DeliveryName: 'Kelly’s Farm Supplies',
  Address1: '12 Sturt Highway',
  Address2: '',
  City: 'Wagga Wagga',
  State: 'NSW',
  PostalCode: '2650',
  Contact: 'Sam Kelly',
  Email: 'sam@kellysfarm.example',
  Phone: '02 6921 0000',
  Fax: '',
  CarrierName: 'Toll',
  CarrierInstructions: '',
  PurchaseOrder: 'PO-77001',
  OrderDesc: 'Spring drench',
  DeliveryType: 1,
  warehouse: 'WAG',
  ...overrides,
})

export function json<T = any>(res: LightMyRequestResponse): T {
  return res.json() as T
}
