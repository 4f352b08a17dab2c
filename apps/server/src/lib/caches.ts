import type { ChangeFeed } from '../db/change-feed'
import type { Session } from './context'
import { ProductPageCache } from './product-pages'
import { TtlCache } from './ttl-cache'

/**
 * A page of products as every account at a branch sees it (resellers apart): list prices and the branch's
 * stock, not yet the account's prices. Decision 0032.
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
 * the catalogue's pages (shared by every account, per branch and page: decision 0032), each account's
 * prices, and the history lists. The database tells every instance what changed as it commits
 * (db/change-feed.ts), so none is behind the database; `ttlMs` is only a backstop. While the change
 * feed is down nothing is served from memory. Decision 0015.
 */
export class Caches {
  readonly sessions: TtlCache<CachedSession>
  /** Catalogue pages without the account's prices; a stock change forgets the pages holding its products. */
  readonly pages: ProductPageCache<SharedPage<unknown>>
  /** Product pages (GET /product/{id}) the same way, apart so that the long tail of products does not push lists out. */
  readonly products: ProductPageCache<SharedPage<unknown>>
  /** Each account's discount and contract prices, by account id. */
  readonly prices: TtlCache<AccountPrices>
  /** History list pages (orders, back orders, invoices), keyed by historyKey(): the account comes first. */
  readonly history: TtlCache<string>

  constructor(
    private readonly feed: ChangeFeed,
    ttlMs: number,
  ) {
    this.sessions = new TtlCache(20_000, ttlMs)
    this.pages = new ProductPageCache(3_000, ttlMs)
    this.products = new ProductPageCache(5_000, ttlMs)
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
    feed.subscribe('portal_stock', (payload) => {
      if (payload === null || payload === '*') this.forgetPages()
      else this.forgetProducts(payload.split(',').map(Number))
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

  /** The stock of these products moved (an order placed here): the pages holding them go. */
  forgetProducts(productIds: Iterable<number>) {
    const ids = [...productIds]
    this.pages.forgetProducts(ids)
    this.products.forgetProducts(ids)
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
