import type { ChangeFeed } from '../db/change-feed'
import type { Session } from './context'
import { TtlCache } from './ttl-cache'

/**
 * A page of products as every account sees it at every branch (resellers apart): list prices, not yet the
 * account's prices nor the branch's stock, which are applied as it is served. Decisions 0032 and 0045.
 */
export interface SharedPage<Row> {
  readonly ids: readonly number[]
  readonly rows: readonly Row[]
}

/** What an account pays: its discount off list prices, and its contract prices by product id. */
export interface AccountPrices {
  discountBp: number
  contract: ReadonlyMap<number, number>
}

/** A signed-in session as the auth hook last read it from the database. */
export interface CachedSession {
  session: Session
  lastSeenAt: number
  expiresAt: number
}

/**
 * What is read on nearly every request, kept in memory for a short while: who a token belongs to,
 * the catalogue's pages (shared by every account and branch, stock apart: decisions 0032, 0045), each account's
 * prices, and the history lists. The database tells every instance what changed as it commits
 * (db/change-feed.ts), so none is behind the database; `ttlMs` is only a backstop. While the change
 * feed is down nothing is served from memory. Decision 0015.
 */
export class Caches {
  readonly sessions: TtlCache<CachedSession>
  /** Catalogue pages without the account's prices or the branch's stock (the stock book's: decision 0045). */
  readonly pages: TtlCache<SharedPage<unknown>>
  /** Product pages (GET /product/{id}) the same way, apart so that the long tail of products does not push lists out. */
  readonly products: TtlCache<SharedPage<unknown>>
  /** Each account's discount and contract prices, by account id. */
  readonly prices: TtlCache<AccountPrices>
  /** History list pages (orders, back orders, invoices), keyed by historyKey(): the account comes first. */
  readonly history: TtlCache<string>

  constructor(
    private readonly feed: ChangeFeed,
    ttlMs: number,
  ) {
    this.sessions = new TtlCache(20_000, ttlMs)
    this.pages = new TtlCache(3_000, ttlMs)
    this.products = new TtlCache(5_000, ttlMs)
    this.prices = new TtlCache(10_000, ttlMs)
    this.history = new TtlCache(2_000, ttlMs)
    feed.subscribe('portal_sessions', (payload) => {
      if (payload === null || payload === '*') this.sessions.clear()
      else this.sessions.delete(payload)
    })
    feed.subscribe('portal_catalogue', (table) => {
      // An account's discount or contract prices change what it pays, not what the pages hold.
      if (table === 'contract_prices' || table === 'customer_accounts') this.prices.clear()
      else if (table !== null) this.forgetPages()
      else this.forgetCatalogue()
    })
    feed.subscribe('portal_history', (payload) => {
      if (payload === null || payload === '*') this.history.clear()
      else this.forgetHistory(Number(payload))
    })
  }

  /** A history page's key: the account first, so that an account's pages can be dropped together. */
  static historyKey(accountId: number, ...rest: unknown[]): string {
    return JSON.stringify([accountId, ...rest])
  }

  get live(): boolean {
    return this.feed.live
  }

  /** This instance's own changes are forgotten at once, before the notification comes back. */
  forgetSession(sessionId: number) {
    this.sessions.deleteWhere((c) => c.session.sessionId === sessionId)
  }

  forgetUser(userId: number) {
    this.sessions.deleteWhere((c) => c.session.userId === userId)
  }

  forgetCatalogue() {
    this.forgetPages()
    this.prices.clear()
  }

  private forgetPages() {
    this.pages.clear()
    this.products.clear()
  }

  /** A bulk change (an ERP import) touches everything: everything is read again from the database. */
  forgetAll() {
    this.sessions.clear()
    this.forgetCatalogue()
    this.history.clear()
  }

  forgetHistory(accountId: number) {
    const prefix = `[${accountId},`
    this.history.deleteWhere((_, key) => key.startsWith(prefix))
  }
}
