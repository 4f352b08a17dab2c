import type { ChangeFeed } from '../../db/change-feed'
import type { Database } from '../../db/database'
import { Refresher } from '../../lib/refresher'
import { SearchIndex, type StockByBranch } from './search-index'
import * as repo from './search-repo'
import type { StockBook } from './stock-book'

/** Tables whose change means rebuilding the index. */
const INDEXED_TABLES = new Set(['products', 'categories', 'brands', 'search_synonyms'])

/**
 * The search index of this process, kept in step with the database by the change notifications of
 * decision 0015: products, categories, brands or synonyms rebuild the index in the background. It ranks by
 * the stock book's quantities (in stock at the branch as a tie-breaker: stock-book.ts). Answers go on from
 * the previous index while a new one is built (a full catalogue import never pauses search), and the pages
 * shown are priced and checked for visibility by the database, so a product withdrawn a moment ago never
 * shows. Decision 0029.
 */
export class SearchEngine {
  private index: SearchIndex | null = null
  private readonly indexRefresher: Refresher
  private readonly first: Promise<void>
  private readonly listeners: Array<() => void> = []

  constructor(
    db: Database,
    private readonly stock: StockBook,
    feed: ChangeFeed | undefined,
    events: { error?: (error: unknown) => void; built?: (facts: { products: number; bytes: number; ms: number }) => void } = {},
  ) {
    const onError = events.error ?? (() => {})
    this.indexRefresher = new Refresher(async () => {
      const started = Date.now()
      const [products, groups, synonyms] = await Promise.all([repo.indexedProducts(db), repo.indexedGroups(db), repo.synonymRows(db)])
      this.index = new SearchIndex(products, groups, synonyms)
      events.built?.({ products: this.index.productCount, bytes: this.index.approximateBytes, ms: Date.now() - started })
      this.changed()
    }, onError)
    feed?.subscribe('portal_catalogue', (table) => {
      if (table === null || INDEXED_TABLES.has(table)) this.indexRefresher.request()
    })
    this.indexRefresher.request()
    this.first = this.settled()
  }

  /** Called after each rebuild (the list cache forgets pages built from the old index). */
  onChange(listener: () => void): void {
    this.listeners.push(listener)
  }

  private changed() {
    for (const listener of this.listeners) listener()
  }

  /** The index and the stock it ranks by, once the first build is done (only the first request after a start waits). */
  async current(): Promise<{ index: SearchIndex; stock: StockByBranch }> {
    if (!this.index) await this.first
    if (!this.index) {
      // The first build failed (the database was away): try once more now.
      this.indexRefresher.request()
      await this.settled()
    }
    if (!this.index) throw new Error('The search index could not be built')
    return { index: this.index, stock: this.stock.quantities }
  }

  /**
   * Rebuilds the index and reloads the stock now, and resolves when done: a writer in this process (the ERP
   * import) answers only once search shows what it committed, without waiting for the notification to come back.
   */
  async refresh(): Promise<void> {
    this.indexRefresher.request()
    await Promise.all([this.stock.reload(), this.indexRefresher.settled()])
  }

  /** Resolves once every rebuild asked for so far, and the stock, are done (tests, and the bench's memory figure). */
  async settled(): Promise<void> {
    await Promise.all([this.indexRefresher.settled(), this.stock.settled()])
  }
}
