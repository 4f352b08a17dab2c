import type { ChangeFeed } from '../db/change-feed'
import type { SearchEngine } from '../modules/catalogue/search-engine'
import type { StockBook } from '../modules/catalogue/stock-book'
import type { Caches } from './caches'

/** The parts a server keeps in memory, all following one change feed (app.ts makes them). */
export interface InMemoryParts {
  changes: ChangeFeed
  /** Absent with CACHE_SECONDS=0. */
  caches?: Caches
  stock: StockBook
  search: SearchEngine
}

/**
 * What this process keeps in memory (the caches, the stock book, the search index) and the change feed that keeps
 * it right, and the one place that says when each part may be used (docs/decisions/0104-one-way-to-keep-caches-right.md).
 * Every service reaches them through here: a part answers undefined when it may not be trusted now (the feed is
 * down, the stock book is still loading) or when this process keeps none (seeding, the command-line import:
 * `InMemory.none`), and the service then reads the database.
 */
export class InMemory {
  /** Nothing kept in memory and no change feed: code run outside the server. */
  static none(): InMemory {
    return new InMemory(undefined)
  }

  constructor(private readonly parts: InMemoryParts | undefined) {}

  /** The caches while they may be used: kept (CACHE_SECONDS above 0) and their feed live. */
  get caches(): Caches | undefined {
    const caches = this.parts?.caches
    return caches?.live ? caches : undefined
  }

  /** The stock book while it may stock a page: loaded, no whole reload owed, its feed live. */
  get stock(): StockBook | undefined {
    const stock = this.parts?.stock
    return stock?.ready ? stock : undefined
  }

  /** The search index, kept by the server (it answers even while the feed is down, from what it last read). */
  get search(): SearchEngine | undefined {
    return this.parts?.search
  }

  /**
   * Waits, once a writer's transaction has committed, until this process has heard the notifications it caused:
   * its next request never finds what it changed as it was before. At once when nothing is served from memory
   * (no feed, or the feed is down).
   */
  async heard(): Promise<void> {
    const changes = this.parts?.changes
    if (changes?.live) await changes.caughtUp()
  }

  /**
   * What an order committed, told at once to this process's subscribers on the channels the database's triggers use
   * (migrations 0005 and 0012): the account's history and the stock of its products. An order's answer then waits for
   * no notification's return, which under load waits behind everything else the process is doing; the database's own
   * notifications follow and tell every instance, this one again.
   */
  orderTold(order: { accountId: number; productIds: readonly number[] }): void {
    const changes = this.parts?.changes
    if (!changes) return
    changes.tell('portal_history', String(order.accountId))
    if (order.productIds.length > 0) changes.tell('portal_stock', order.productIds.join(','))
  }

  /**
   * Waits until the stock book and the search index show what an import committed (decision 0097): they follow
   * its notifications as every other instance's do, so this waits for the feed to have told them, then for them
   * to have read what they were told. When the feed cannot say (it is down), the search index is built again.
   */
  async importShown(): Promise<void> {
    if (!this.parts) return
    if (await this.parts.changes.caughtUp()) return this.parts.search.settled()
    return this.parts.search.refresh()
  }
}
