import type { ChangeFeed } from '../../db/change-feed'
import type { Database } from '../../db/database'
import { Refresher } from '../../lib/refresher'
import * as repo from './stock-book-repo'

/** A branch as the product page lists the others: in the order of the branch selector. */
export interface BookBranch {
  readonly code: string
  readonly name: string
  readonly trading: boolean
}

/** Quantities of one branch by product id; a product without a stock row has 0. */
export type BranchStock = Int32Array

/**
 * The stock of every product at every branch, in this process's memory (decision 0097): an Int32Array per
 * branch indexed by product id, 4 bytes a product and branch (2.6 MB for 50,000 products at 13 branches).
 * Loaded whole at start; kept in step by `portal_stock` (migration 0012: the ids of the products whose
 * stock a statement changed), which re-reads only those products' rows, and reloaded whole on '*' (a full
 * stock file), on a change to the branches, and whenever the change feed was down.
 *
 * The catalogue's cached pages hold no stock: each answer takes it from here, so a stock change empties no
 * page (list-cache.ts). Pages read with the caches off take it from here too, their statements reading no
 * stock (decision 0097). The search index ranks by it too (in stock at the branch as a tie-breaker).
 *
 * Never behind what this process has been told: a product named by a notification is `owed` until its rows
 * are read again, and `current(ids)` waits for that; while a whole reload is owed (or the change feed is
 * down) the book is not `ready` and pages are read from the database with their stock.
 */
export class StockBook {
  private byBranch = new Map<string, BranchStock>()
  private branchList: readonly BookBranch[] = []
  private loaded = false
  private reloadAll = true
  /** A whole reload is reading the stock: what the book holds may be older than what it was told. */
  private reloading = false
  /** Products named by a change and not yet read again, and those being read. */
  private readonly changed = new Set<number>()
  private inFlight: ReadonlySet<number> = new Set()
  private readonly refresher: Refresher
  /** When the soonest live card-payment hold of each held product ends (ms since the epoch), and the timer for the first. */
  private holdEnds = new Map<number, number>()
  private holdTimer: NodeJS.Timeout | undefined
  private holdTimerAt = Infinity

  constructor(
    private readonly db: Database,
    private readonly feed: ChangeFeed | undefined,
    onError: (error: unknown) => void = () => {},
  ) {
    this.refresher = new Refresher(() => this.refresh(), onError)
    feed?.subscribe('portal_stock', (payload) => {
      if (payload === null || payload === '*') return void this.reload()
      for (const id of payload.split(',')) this.changed.add(Number(id))
      this.refresher.request()
    })
    feed?.subscribe('portal_catalogue', (table) => {
      if (table === null || table === 'branches') void this.reload()
    })
    this.refresher.request()
  }

  /**
   * Loaded, no whole reload owed, and kept in step (its change feed live: while the feed is down changes go
   * unheard, as for the caches of decision 0015): quantities can be taken from here.
   */
  get ready(): boolean {
    return this.loaded && !this.reloadAll && !this.reloading && this.feed?.live === true
  }

  /** The quantity of a product at a branch (0 without a stock row or at an unknown branch). */
  qty(branch: string, productId: number): number {
    return this.byBranch.get(branch)?.[productId] ?? 0
  }

  /** The quantities at each branch, by product id (the search index ranks by them). */
  get quantities(): ReadonlyMap<string, BranchStock> {
    return this.byBranch
  }

  hasBranch(code: string): boolean {
    return this.byBranch.has(code)
  }

  /** Every trading branch but this one, in the selector's order, with the product's quantity there. */
  othersOf(branch: string, productId: number): Array<{ location_id: string; name: string; qty: number }> {
    return this.branchList.filter((b) => b.trading && b.code !== branch).map((b) => ({ location_id: b.code, name: b.name, qty: this.qty(b.code, productId) }))
  }

  /**
   * Resolves once the quantities of these products are as the last notification about them left them;
   * false when the book is not ready (the caller reads the database instead).
   */
  async current(productIds: readonly number[]): Promise<boolean> {
    if (!this.ready) return false
    if (this.changed.size > 0 || this.inFlight.size > 0) {
      if (productIds.some((id) => this.changed.has(id) || this.inFlight.has(id))) await this.refresher.settled()
    }
    return this.ready
  }

  /**
   * Reads the stock of these products again (all of it without any) and resolves once it is in place: a
   * writer's own change (an order placed here, an ERP delta), before its notification comes back.
   */
  async reload(productIds?: Iterable<number>): Promise<void> {
    if (productIds) for (const id of productIds) this.changed.add(id)
    else this.reloadAll = true
    this.refresher.request()
    await this.refresher.settled()
  }

  /** Resolves when nothing is owed (tests, and the first request after a start). */
  settled(): Promise<void> {
    return this.refresher.settled()
  }

  private async refresh(): Promise<void> {
    if (this.reloadAll) {
      // Not ready until the whole stock is read again: the quantities held are from before the reload was owed.
      this.reloadAll = false
      this.reloading = true
      this.changed.clear()
      try {
        const [{ branches, stock }, ends] = await Promise.all([repo.allStock(this.db), repo.holdsEnding(this.db)])
        this.branchList = branches
        this.byBranch = stock
        this.holdEnds = new Map(ends.map((e) => [e.product_id, e.ends]))
        this.loaded = true
        this.scheduleHoldEnds()
      } catch (error) {
        this.reloadAll = true
        throw error
      } finally {
        this.reloading = false
      }
      return
    }
    if (this.changed.size === 0) return
    const ids = [...this.changed]
    this.changed.clear()
    this.inFlight = new Set(ids)
    try {
      const rows = await repo.stockOfProducts(this.db, ids)
      this.patch(ids, rows)
      for (const id of ids) this.holdEnds.delete(id)
      for (const row of rows) {
        if (row.ends !== null) this.holdEnds.set(row.product_id, Math.min(row.ends, this.holdEnds.get(row.product_id) ?? Infinity))
      }
      this.scheduleHoldEnds()
    } catch (error) {
      // These products' stock is unknown now: not ready (pages read the database) until a whole reload, which
      // the next notification or the change feed's return starts.
      this.reloadAll = true
      throw error
    } finally {
      this.inFlight = new Set()
    }
  }

  /**
   * A card payment's hold ends at its time without any statement, so without a notification: the products whose
   * holds have ended are read again then, as if a change had named them (decision 0066).
   */
  private scheduleHoldEnds() {
    let first = Infinity
    for (const ends of this.holdEnds.values()) if (ends < first) first = ends
    if (first === this.holdTimerAt) return
    clearTimeout(this.holdTimer)
    this.holdTimerAt = first
    if (first === Infinity) return
    // A moment after the end, so that the database's now() is past it too; at most a day at a time (setTimeout's limit).
    this.holdTimer = setTimeout(() => this.holdsEnded(), Math.min(Math.max(first - Date.now(), 0) + 50, 86_400_000))
    this.holdTimer.unref()
  }

  private holdsEnded() {
    this.holdTimerAt = Infinity
    const now = Date.now()
    for (const [id, ends] of this.holdEnds) {
      if (ends <= now) {
        this.holdEnds.delete(id)
        this.changed.add(id)
      }
    }
    if (this.changed.size > 0) this.refresher.request()
    this.scheduleHoldEnds()
  }

  private patch(ids: readonly number[], rows: ReadonlyArray<{ location_id: string; product_id: number; qty_available: number }>) {
    let top = 0
    for (const id of ids) if (id > top) top = id
    for (const row of rows) if (row.product_id > top) top = row.product_id
    for (const [code, qty] of this.byBranch) {
      const grown = top < qty.length ? qty : grow(qty, top)
      if (grown !== qty) this.byBranch.set(code, grown)
      for (const id of ids) grown[id] = 0
    }
    for (const row of rows) {
      const qty = this.byBranch.get(row.location_id)
      if (qty) qty[row.product_id] = row.qty_available
    }
  }
}

/** A branch's quantities with room for product ids up to `top` and some more (new products get higher ids). */
function grow(qty: BranchStock, top: number): BranchStock {
  const grown = new Int32Array(Math.max(top + 1, Math.ceil(qty.length * 1.25)))
  grown.set(qty)
  return grown
}
