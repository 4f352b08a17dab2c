/**
 * Pages of products that do not depend on who asks (decision 0032): each value names the products it
 * holds, and a stock change forgets only the pages holding the changed products. Bounded (the least
 * recently stored goes first when full) with a backstop lifetime, like TtlCache.
 *
 * A page read before an eviction of one of its products is never stored after it: `stamp()` taken before
 * the read and given to `set` is checked against the evictions since (the last `maxLog` of them; an older
 * stamp is not stored at all), so an eviction of other products does not waste a read under way.
 */
export class ProductPageCache<V extends { readonly ids: readonly number[] }> {
  private readonly entries = new Map<string, { value: V; expires: number }>()
  /** Product id to the keys of the pages holding it. */
  private readonly byProduct = new Map<number, Set<string>>()
  /** The evictions by generation, oldest first: the product ids, or null for everything. */
  private readonly log: Array<{ generation: number; ids: ReadonlySet<number> | null }> = []
  private generation = 0

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly maxLog = 1_000,
  ) {}

  get size() {
    return this.entries.size
  }

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expires <= now) {
      this.remove(key)
      return undefined
    }
    return entry.value
  }

  stamp(): number {
    return this.generation
  }

  set(key: string, value: V, stamp: number, now = Date.now()): void {
    if (this.ttlMs <= 0 || this.evictedSince(stamp, value.ids)) return
    this.remove(key)
    if (this.entries.size >= this.maxEntries) this.remove(this.entries.keys().next().value as string)
    this.entries.set(key, { value, expires: now + this.ttlMs })
    for (const id of value.ids) {
      let keys = this.byProduct.get(id)
      if (!keys) this.byProduct.set(id, (keys = new Set()))
      keys.add(key)
    }
  }

  /** Forgets the pages holding any of these products. */
  forgetProducts(ids: Iterable<number>): void {
    const changed = new Set(ids)
    this.note(changed)
    for (const id of changed) {
      const keys = this.byProduct.get(id)
      if (keys) for (const key of [...keys]) this.remove(key)
    }
  }

  /** Forgets every page matching. */
  deleteWhere(matches: (value: V, key: string) => boolean): void {
    this.note(null)
    for (const [key, entry] of this.entries) if (matches(entry.value, key)) this.remove(key)
  }

  clear(): void {
    this.note(null)
    this.entries.clear()
    this.byProduct.clear()
  }

  private note(ids: ReadonlySet<number> | null) {
    this.generation++
    this.log.push({ generation: this.generation, ids })
    if (this.log.length > this.maxLog) this.log.shift()
  }

  private evictedSince(stamp: number, ids: readonly number[]): boolean {
    if (stamp === this.generation) return false
    const first = this.log[0]
    if (!first || first.generation > stamp + 1) return true
    for (let i = this.log.length - 1; i >= 0 && this.log[i]!.generation > stamp; i--) {
      const evicted = this.log[i]!.ids
      if (evicted === null) return true
      for (const id of ids) if (evicted.has(id)) return true
    }
    return false
  }

  private remove(key: string) {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    for (const id of entry.value.ids) {
      const keys = this.byProduct.get(id)
      if (!keys) continue
      keys.delete(key)
      if (keys.size === 0) this.byProduct.delete(id)
    }
  }
}
