/**
 * A bounded map whose entries expire: the least recently used goes first when full. `stamp()` taken
 * before a slow read and given to `set` keeps a value read before an eviction from being stored
 * after it (the read may have seen the row the eviction was about).
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>()
  private generation = 0

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  get size() {
    return this.entries.size
  }

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.entries.delete(key)
    if (entry.expires <= now) return undefined
    // Read again: to the back of the queue, so what is read often stays when the cache is full.
    this.entries.set(key, entry)
    return entry.value
  }

  stamp(): number {
    return this.generation
  }

  set(key: string, value: V, stamp: number, now = Date.now()): void {
    if (stamp !== this.generation || this.ttlMs <= 0) return
    this.entries.delete(key)
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string)
    this.entries.set(key, { value, expires: now + this.ttlMs })
  }

  delete(key: string): void {
    this.generation++
    this.entries.delete(key)
  }

  deleteWhere(matches: (value: V, key: string) => boolean): void {
    this.generation++
    for (const [key, entry] of this.entries) if (matches(entry.value, key)) this.entries.delete(key)
  }

  clear(): void {
    this.generation++
    this.entries.clear()
  }
}
