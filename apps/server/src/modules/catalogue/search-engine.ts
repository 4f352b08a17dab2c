import type { ChangeFeed } from '../../db/change-feed'
import type { Database } from '../../db/database'
import { Refresher } from '../../lib/refresher'
import { SearchIndex, type StockByBranch } from './search-index'
import * as repo from './search-repo'
import type { StockBook } from './stock-book'

/** Tables whose change means rebuilding the index. */
const INDEXED_TABLES = new Set(['products', 'categories', 'brands', 'search_synonyms'])

/** What migration 0031 sends when the indexed text of a few products changed: `products:` and their ids. */
const NAMED_PRODUCTS = 'products:'

/** The most products a layer over the full index holds (SearchIndex.withChanges): beyond, the index is built again. */
const LAYER_LIMIT = 2_000

/** How much indexing work the engine has done since it started (the bench reports it; tests check it). */
export interface SearchEngineCounts {
  /** Full builds of the index (every active product read and indexed). */
  builds: number
  /** Changes of a few products taken in without a build. */
  updates: number
}

/**
 * The search index of this process, kept in step with the database by the change notifications of
 * decision 0015: categories, brands, synonyms or many products rebuild the index in the background; a change
 * naming a few products (migration 0031) takes in only those, as a small layer over the index (decision 0080).
 * It ranks by the stock book's quantities (in stock at the branch as a tie-breaker: stock-book.ts). Answers go on
 * from the previous index while a new one is built (a full catalogue import never pauses search), and the pages
 * shown are priced and checked for visibility by the database, so a product withdrawn a moment ago never
 * shows. Decision 0029.
 */
export class SearchEngine {
  private index: SearchIndex | null = null
  private readonly indexRefresher: Refresher
  private readonly first: Promise<void>
  private readonly listeners: Array<() => void> = []
  /** A full build is owed (the whole catalogue may have changed). */
  private buildOwed = true
  /** Products named by changes since the index last took them in. */
  private readonly named = new Set<number>()
  readonly counts: SearchEngineCounts = { builds: 0, updates: 0 }

  constructor(
    private readonly db: Database,
    private readonly stock: StockBook,
    feed: ChangeFeed | undefined,
    private readonly events: {
      error?: (error: unknown) => void
      built?: (facts: { products: number; bytes: number; ms: number }) => void
    } = {},
  ) {
    const onError = events.error ?? (() => {})
    this.indexRefresher = new Refresher(() => this.bringUpToDate(), onError)
    feed?.subscribe('portal_catalogue', (table) => {
      if (table?.startsWith(NAMED_PRODUCTS)) {
        for (const id of table.slice(NAMED_PRODUCTS.length).split(',')) this.named.add(Number(id))
        this.indexRefresher.request()
      } else if (table === null || INDEXED_TABLES.has(table)) {
        this.buildOwed = true
        this.indexRefresher.request()
      }
    })
    this.indexRefresher.request()
    this.first = this.settled()
  }

  /** Builds the index when a build is owed, or the changes named are many; else lays the named products over it. */
  private async bringUpToDate(): Promise<void> {
    const named = [...this.named]
    this.named.clear()
    if (this.buildOwed || !this.index || named.length + this.index.layerSize > LAYER_LIMIT) {
      this.buildOwed = false
      const started = Date.now()
      const [products, groups, synonyms] = await Promise.all([repo.indexedProducts(this.db), repo.indexedGroups(this.db), repo.synonymRows(this.db)])
      this.index = await SearchIndex.build(products, groups, synonyms)
      this.counts.builds++
      this.events.built?.({ products: this.index.productCount, bytes: this.index.approximateBytes, ms: Date.now() - started })
    } else if (named.length > 0) {
      const changed = await repo.indexedProducts(this.db, named)
      // A named product no longer active (or gone) leaves the index.
      const found = new Set(changed.map((p) => p.id))
      this.index = this.index.withChanges(
        changed,
        named.filter((id) => !found.has(id)),
      )
      this.counts.updates++
    } else return
    this.changed()
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
    this.buildOwed = true
    this.indexRefresher.request()
    await Promise.all([this.stock.reload(), this.indexRefresher.settled()])
  }

  /** Resolves once every rebuild asked for so far, and the stock, are done (tests, and the bench's memory figure). */
  async settled(): Promise<void> {
    await Promise.all([this.indexRefresher.settled(), this.stock.settled()])
  }
}
