import type { ChangeFeed } from '../db/change-feed'
import type { Session } from './context'
import { TtlCache } from './ttl-cache'

/**
 * A page of products as every account sees it at every branch (resellers apart): list prices, not yet the
 * account's prices nor the branch's stock, which are applied as it is served. Decisions 0032 and 0097.
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

/** More rows than any catalogue has products: the shared rows are then forgotten and gathered again. */
const MAX_SHARED_ROWS = 200_000

/** A signed-in session as the auth hook last read it from the database. */
export interface CachedSession {
  session: Session
  lastSeenAt: number
  expiresAt: number
}

/**
 * What is read on nearly every request, kept in memory for a short while: who a token belongs to,
 * the catalogue's pages (shared by every account and branch, stock apart: decisions 0032, 0097), each account's
 * prices, and the history lists. The database tells every instance what changed as it commits
 * (db/change-feed.ts), so none is behind the database; `ttlMs` is only a backstop. While the change
 * feed is down nothing is served from memory. Decision 0015.
 */
export class Caches {
  readonly sessions: TtlCache<CachedSession>
  /** Catalogue pages without the account's prices or the branch's stock (the stock book's: decision 0097). */
  readonly pages: TtlCache<SharedPage<unknown>>
  /** Product pages (GET /product/{id}) the same way, apart so that the long tail of products does not push lists out. */
  readonly products: TtlCache<SharedPage<unknown>>
  /** Each account's discount and contract prices, by account id. */
  readonly prices: TtlCache<AccountPrices>
  /** History list pages (orders, back orders, invoices), keyed by historyKey(): the account comes first. */
  readonly history: TtlCache<string>
  /**
   * The rows of the kept list pages, one a product, with when each stops being shared: a product on a category
   * page, its brand's page, specials and a dozen search pages is one object, not fifteen copies (decision 0099).
   */
  private readonly rows = new Map<number, { row: unknown; expires: number }>()

  constructor(
    private readonly feed: ChangeFeed,
    private readonly ttlMs: number,
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
    // A product's offer changed (its prices, its pack sizes...: decision 0097): only the pages holding it are forgotten.
    feed.subscribe('portal_products', (payload) => {
      if (payload === null || payload === '*') this.forgetPages()
      else this.forgetProducts(new Set(payload.split(',').map(Number)))
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

  forgetCatalogue() {
    this.forgetPages()
    this.prices.clear()
  }

  /**
   * Forgets the kept pages and product pages holding any of these products, and their shared rows: what a page
   * shows of them changed, not which products it holds (decision 0097). A page being read meanwhile is not kept
   * (the stamps move on).
   */
  forgetProducts(ids: ReadonlySet<number>) {
    const holds = (page: SharedPage<unknown>) => page.ids.some((id) => ids.has(id))
    this.pages.deleteWhere(holds)
    this.products.deleteWhere(holds)
    for (const id of ids) this.rows.delete(id)
  }

  private forgetPages() {
    this.pages.clear()
    this.products.clear()
    this.rows.clear()
  }

  /**
   * Keeps a list page read for every account (unless the catalogue changed while it was read: `stamp`), its
   * rows replaced by the rows kept pages already hold for the same products, which are the same (the catalogue
   * has not changed since, or all would have been forgotten). A row is shared for the caches' lifetime at most,
   * like the pages themselves, so the lifetime stays a backstop. Returns the page as it is to be served.
   */
  keepPage<Row extends { id: number }>(key: string, rows: readonly Row[], stamp: number, now = Date.now()): SharedPage<Row> {
    let kept = rows
    if (stamp === this.pages.stamp()) {
      if (this.rows.size >= MAX_SHARED_ROWS) this.rows.clear()
      kept = rows.map((row) => {
        const shared = this.rows.get(row.id)
        if (shared && shared.expires > now) return shared.row as Row
        this.rows.set(row.id, { row, expires: now + this.ttlMs })
        return row
      })
    }
    const page = { ids: kept.map((r) => r.id), rows: kept }
    this.pages.set(key, page, stamp, now)
    return page
  }

  private forgetHistory(accountId: number) {
    const prefix = `[${accountId},`
    this.history.deleteWhere((_, key) => key.startsWith(prefix))
  }
}
