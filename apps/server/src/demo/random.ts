/** A seeded generator (mulberry32): the same seed gives the same demo data on every machine. */
export class Rng {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  /** A uniform float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min)
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[Math.floor(this.next() * items.length)] as T
  }

  /** Picks towards the front of the list: index = n * u^skew. */
  pickSkewed<T>(items: readonly T[], skew: number): T {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[Math.floor(items.length * Math.pow(this.next(), skew))] as T
  }

  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0)
    let r = this.next() * total
    for (const [value, weight] of entries) {
      r -= weight
      if (r < 0) return value
    }
    const last = entries[entries.length - 1]
    if (!last) throw new Error('weighted pick from an empty list')
    return last[0]
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      const a = items[i] as T
      items[i] = items[j] as T
      items[j] = a
    }
    return items
  }

  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle([...items]).slice(0, count)
  }

  /** Knuth's method: fine for the small daily rates used here. */
  poisson(lambda: number): number {
    if (lambda <= 0) return 0
    if (lambda > 50) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * this.gaussian()))
    const limit = Math.exp(-lambda)
    let k = 0
    let p = this.next()
    while (p > limit) {
      k++
      p *= this.next()
    }
    return k
  }

  gaussian(): number {
    const u = 1 - this.next()
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next())
  }

  digits(count: number): string {
    let s = ''
    for (let i = 0; i < count; i++) s += String(this.int(0, 9))
    return s
  }

  /** An independent stream, so adding draws in one part of the generator leaves the others unchanged. */
  fork(label: string): Rng {
    let h = this.state ^ 0x9e3779b9
    for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193)
    return new Rng(h >>> 0)
  }
}
