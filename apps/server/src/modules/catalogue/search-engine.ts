import type { ChangeFeed } from '../../db/change-feed'
import type { Database } from '../../db/database'
import { SearchIndex, type StockByBranch } from './search-index'
import * as repo from './search-repo'

/** Tables whose change means rebuilding the index; a change to stock (or branches) reloads the stock only. */
const INDEXED_TABLES = new Set(['products', 'categories', 'brands', 'search_synonyms'])
const STOCK_TABLES = new Set(['stock', 'branches'])

/**
 * Runs `work` again whenever asked, never twice at once: asked while it runs, it runs once more after.
 * `settled` resolves when no run is running or owed.
 */
class Refresher {
  private running: Promise<void> | null = null
  private owed = false

  constructor(
    private readonly work: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  request(): void {
    if (this.running) {
      this.owed = true
      return
    }
    this.running = (async () => {
      do {
        this.owed = false
        try {
          await this.work()
        } catch (error) {
          this.onError(error)
        }
      } while (this.owed)
      this.running = null
    })()
  }

  async settled(): Promise<void> {
    while (this.running) await this.running
  }
}

/**
 * The search index of this process and the stock it ranks by, kept in step with the database by the
 * change notifications of decision 0015: products, categories, brands or synonyms rebuild the index
 * in the background; stock reloads the in-stock bytes. Answers go on from the previous index while
 * a new one is built (a full catalogue import never pauses search), and the pages shown are priced,
 * stocked and checked for visibility by the database, so a product withdrawn a moment ago never
 * shows. Decision 0029.
 */
export class SearchEngine {
  private index: SearchIndex | null = null
  private stock: StockByBranch = new Map()
  private readonly indexRefresher: Refresher
  private readonly stockRefresher: Refresher
  private readonly first: Promise<void>
  private readonly listeners: Array<() => void> = []

  constructor(
    private readonly db: Database,
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
    this.stockRefresher = new Refresher(async () => {
      this.stock = await repo.stockByBranch(db)
      this.changed()
    }, onError)
    feed?.subscribe('portal_catalogue', (table) => {
      if (table === null || INDEXED_TABLES.has(table)) this.indexRefresher.request()
      if (table === null || STOCK_TABLES.has(table) || table === 'products') this.stockRefresher.request()
    })
    this.indexRefresher.request()
    this.stockRefresher.request()
    this.first = this.settled()
  }

  /** Called after each rebuild or stock reload (the list cache forgets pages built from the old one). */
  onChange(listener: () => void): void {
    this.listeners.push(listener)
  }

  private changed() {
    for (const listener of this.listeners) listener()
  }

  /** The index and stock, once the first build is done (only the first request after a start waits). */
  async current(): Promise<{ index: SearchIndex; stock: StockByBranch }> {
    if (!this.index) await this.first
    if (!this.index) {
      // The first build failed (the database was away): try once more now.
      this.indexRefresher.request()
      this.stockRefresher.request()
      await this.settled()
    }
    if (!this.index) throw new Error('The search index could not be built')
    return { index: this.index, stock: this.stock }
  }

  /**
   * Rebuilds now and resolves when done: a writer in this process (the ERP import) answers only once search
   * shows what it committed, without waiting for the notification to come back.
   */
  async refresh(): Promise<void> {
    this.indexRefresher.request()
    this.stockRefresher.request()
    await this.settled()
  }

  /** Reloads the stock now (a writer's own change, before its notification arrives); resolves once it is in place. */
  async reloadStock(): Promise<void> {
    this.stockRefresher.request()
    await this.stockRefresher.settled()
  }

  /** Resolves once every rebuild asked for so far is done (tests, and the bench's memory figure). */
  async settled(): Promise<void> {
    await Promise.all([this.indexRefresher.settled(), this.stockRefresher.settled()])
  }
}
