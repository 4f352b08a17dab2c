import type { ChangeFeed } from '../../db/change-feed'
import type { Database } from '../../db/database'
import { SearchIndex, type StockByBranch } from './search-index'
import * as repo from './search-repo'

/** Tables whose change means rebuilding the index; a change to branches (or products) reloads the stock only. */
const INDEXED_TABLES = new Set(['products', 'categories', 'brands', 'search_synonyms'])
const STOCK_TABLES = new Set(['stock', 'branches', 'products'])

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

/** Sets the in-stock bytes of these products from their stock rows (a product without a row is out of stock). */
function patchStock(stock: StockByBranch, ids: number[], rows: Array<{ location_id: string; product_id: number }>) {
  for (const bytes of stock.values()) for (const id of ids) if (id < bytes.length) bytes[id] = 0
  for (const row of rows) {
    const bytes = stock.get(row.location_id)
    if (bytes && row.product_id < bytes.length) bytes[row.product_id] = 1
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
  private reloadAllStock = true
  private readonly stockChanged = new Set<number>()

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
    // A full reload when asked (at start, branches or products changed, a whole stock file); otherwise only
    // the in-stock bytes of the products a stock change named (migration 0012, decision 0032).
    this.stockRefresher = new Refresher(async () => {
      if (this.reloadAllStock) {
        this.reloadAllStock = false
        this.stockChanged.clear()
        this.stock = await repo.stockByBranch(db)
        this.changed()
        return
      }
      const ids = [...this.stockChanged]
      this.stockChanged.clear()
      if (ids.length > 0) patchStock(this.stock, ids, await repo.stockOfProducts(db, ids))
    }, onError)
    feed?.subscribe('portal_catalogue', (table) => {
      if (table === null || INDEXED_TABLES.has(table)) this.indexRefresher.request()
      if (table === null || STOCK_TABLES.has(table)) void this.reloadStock()
    })
    feed?.subscribe('portal_stock', (payload) => {
      if (payload === null || payload === '*') return void this.reloadStock()
      for (const id of payload.split(',')) this.stockChanged.add(Number(id))
      this.stockRefresher.request()
    })
    this.indexRefresher.request()
    void this.reloadStock()
    this.first = this.settled()
  }


  /** Called after each rebuild or full stock reload (the list cache forgets pages built from the old one). */
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
      await this.reloadStock()
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
    this.reloadAllStock = true
    this.stockRefresher.request()
    await this.settled()
  }

  /**
   * Reloads the stock of these products (all of it without any) and resolves once it is in place: a writer's
   * own change, before its notification arrives.
   */
  async reloadStock(productIds?: Iterable<number>): Promise<void> {
    if (productIds) for (const id of productIds) this.stockChanged.add(id)
    else this.reloadAllStock = true
    this.stockRefresher.request()
    await this.stockRefresher.settled()
  }

  /** Resolves once every rebuild asked for so far is done (tests, and the bench's memory figure). */
  async settled(): Promise<void> {
    await Promise.all([this.indexRefresher.settled(), this.stockRefresher.settled()])
  }
}
