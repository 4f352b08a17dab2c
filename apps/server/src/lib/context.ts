import type { Config } from '../config'
import type { ChangeFeed } from '../db/change-feed'
import type { Database } from '../db/database'
import type { SearchEngine } from '../modules/catalogue/search-engine'
import type { StockBook } from '../modules/catalogue/stock-book'
import type { Caches } from './caches'
import type { BusinessMetrics } from './metrics'

/** What every module's routes and services are given. */
export interface Deps {
  db: Database
  config: Config
  /** What the database says has changed, as it commits; absent in code run outside the server (seeding, imports). */
  changes?: ChangeFeed
  /** In-memory caches kept right by the database's change notifications; absent where there is no change feed. */
  caches?: Caches
  /** The product search index of this process (decision 0029); absent where there is no change feed. */
  search?: SearchEngine
  /** Every product's stock at every branch, in memory (decision 0097); absent where there is no change feed. */
  stock?: StockBook
  /** Orders placed and payments, for GET /metrics; absent in code run outside the server (seeding, imports). */
  metrics?: BusinessMetrics
}

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
