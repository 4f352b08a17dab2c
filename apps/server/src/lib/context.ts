import type { Config } from '../config'
import type { Database } from '../db/database'
import { InMemory } from './in-memory'
import { NO_METRICS, type BusinessMetrics } from './metrics'

/** What every module's routes and services are given. */
export interface Deps {
  db: Database
  config: Config
  /** What this process keeps in memory, and when each part may be used (lib/in-memory.ts); `InMemory.none()` outside the server. */
  inMemory: InMemory
  /** Orders placed and payments, for GET /metrics; `NO_METRICS` outside the server (seeding, imports). */
  metrics: BusinessMetrics
}

/** The dependencies of code run outside the server (seeding, the command-line import, the demo): nothing in memory, no metrics. */
export const depsOutsideServer = (db: Database, config: Config): Deps => ({ db, config, inMemory: InMemory.none(), metrics: NO_METRICS })

/** The signed-in user, as every service sees it. Resolved from the token by plugins/auth.ts. */
export interface Session {
  sessionId: number
  userId: number
  username: string
  name: string
  email: string
  role: 'Administrator' | 'User'
  accountId: number
  accountCode: string
  accountName: string
  salesCategory: string
  isElders: boolean
  /** Cash-sale account: sales category CAS, compared without regard to case. */
  isCash: boolean
  defaultBranch: string
  /**
   * The back office user ordering for this user (decision 0101), or null for the customer's own session. Such a
   * session may not change passwords, users, the account's settings or take card payments (plugins/auth.ts).
   */
  actingBy: ActingBy | null
}

/** A back office user acting for a customer's user, and the back office session they act from. */
export interface ActingBy {
  userId: number
  email: string
  name: string
  backOfficeSessionId: number
}
