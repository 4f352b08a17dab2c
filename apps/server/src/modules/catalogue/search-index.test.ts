import { describe, expect, it } from 'vitest'
import { type IndexedProduct, SearchIndex } from './search-index'

// Decision 0097: a query's ranking is kept without stock and serves every branch; the branch's stock orders
// each group of equal rank as it is paged. These pin that order against the rule it replaces: stock in the key.

/** A product with the word "drench" in its description (place 0), its brand (1) or its category (2): three ranks. */
const product = (id: number, place: number, popularity: number): IndexedProduct => ({
  id,
  code: `P-${id}`,
  barcode: null,
  description: place === 0 ? 'Drench oral sheep' : 'Oral sheep',
  brandCode: 'ACME',
  brandName: place === 1 ? 'Drench Co' : 'Acme',
  categoryTitle: place === 2 ? 'Drench' : 'Animal Health',
  parentTitle: null,
  hiddenForElders: false,
  popularity,
})

/** A small deterministic random number generator (mulberry32). */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const random = rng(7)
// 1,500 products, the word in one of three fields (three groups of rank), popularity with many ties.
const products = Array.from({ length: 1500 }, (_, i) => product(i + 1, i % 3, Math.floor(random() * 40)))
const placeOf = (p: IndexedProduct) => (p.description.startsWith('Drench') ? 0 : p.brandName.startsWith('Drench') ? 1 : 2)
const index = new SearchIndex(products, [], [])
/** Stock at WAG: about `outOfStock` of the products with none (0 or less). */
const stockOf = (seed: number, outOfStock = 0.5) => {
  const next = rng(seed)
  const qty = new Int32Array(products.length + 1)
  for (let id = 1; id <= products.length; id++) qty[id] = next() < outOfStock ? 0 : Math.floor(next() * 20) - 2
  return new Map([['WAG', qty]])
}
const page = (stock: Map<string, Int32Array>, offset: number, limit: number) =>
  index.search('drench', { elders: false, branch: 'WAG', offset, limit }, stock).ids

/** The order of the rule with stock in the key: the field matched, then in stock, then popularity, then id. */
function expected(stock: Map<string, Int32Array>): number[] {
  const qty = stock.get('WAG')!
  return [...products]
    .sort((a, b) => placeOf(a) - placeOf(b) || Number(qty[a.id]! <= 0) - Number(qty[b.id]! <= 0) || b.popularity - a.popularity || a.id - b.id)
    .map((p) => p.id)
}

describe('search pages with the branch stock applied to a kept ranking', () => {
  it('gives every page in the order of stock in the rank key, first pages and deep ones alike', () => {
    const stock = stockOf(1)
    const all = expected(stock)
    expect(page(stock, 0, 20)).toEqual(all.slice(0, 20))
    expect(page(stock, 20, 20)).toEqual(all.slice(20, 40))
    // Beyond the sorted head: the whole ranking is put in order.
    expect(page(stock, 1400, 40)).toEqual(all.slice(1400, 1440))
    const paged = Array.from({ length: 75 }, (_, p) => page(stock, p * 20, 20)).flat()
    expect(paged).toEqual(all)
    expect(index.search('drench', { elders: false, branch: 'WAG', offset: 0, limit: 1 }, stock).total).toBe(1500)
  })

  it('follows a stock change with the ranking kept: the same query at other stock orders by that stock', () => {
    const before = stockOf(2)
    const after = stockOf(3)
    expect(page(before, 0, 40)).toEqual(expected(before).slice(0, 40))
    expect(page(after, 0, 40)).toEqual(expected(after).slice(0, 40))
    expect(page(after, 0, 40)).not.toEqual(page(before, 0, 40))
  })

  it('ranks again for a page the kept head cannot tell: a first group of 500 with few products in stock', () => {
    // The head kept is the best 200 of the first group; with one product in twenty in stock it holds about ten of
    // them, so a page of 20 needs the rest of the group, in stock first. A page of 5 is told by the head alone.
    const sparse = stockOf(5, 0.95)
    const all = expected(sparse)
    expect(page(sparse, 0, 5)).toEqual(all.slice(0, 5))
    expect(page(sparse, 0, 20)).toEqual(all.slice(0, 20))
    expect(page(sparse, 20, 40)).toEqual(all.slice(20, 60))
    // Ranking again for those pages kept the head as it was: the small page is still told by it.
    expect(page(sparse, 0, 5)).toEqual(all.slice(0, 5))
  })

  it('puts nothing in stock first at a branch it does not know', () => {
    const none = new Map([['WAG', new Int32Array(products.length + 1)]])
    expect(index.search('drench', { elders: false, branch: 'MEL', offset: 0, limit: 30 }, stockOf(4)).ids).toEqual(expected(none).slice(0, 30))
  })
})

describe('an index with a few products changed in place (withChanges)', () => {
  const words = ['drench', 'oral', 'sheep', 'pour', 'cattle', 'fence', 'wire', 'gate']
  const next = rng(11)
  const pick = () => words[Math.floor(next() * words.length)]!
  const item = (id: number): IndexedProduct => ({
    ...product(id, Math.floor(next() * 3), Math.floor(next() * 40)),
    description: `${pick()} ${pick()} ${pick()}`,
    hiddenForElders: next() < 0.1,
  })
  const catalogue = Array.from({ length: 600 }, (_, i) => item(i + 1))
  const full = new SearchIndex(catalogue, [], [])

  it('answers as an index built from the changed catalogue would, change after change', () => {
    let layered = full
    const now = new Map(catalogue.map((p) => [p.id, p]))
    for (let round = 0; round < 4; round++) {
      const changed = Array.from({ length: 25 }, () => item(1 + Math.floor(next() * 650)))
      const removed = Array.from({ length: 5 }, () => 1 + Math.floor(next() * 600))
      layered = layered.withChanges(changed, removed)
      // What a change names twice, it names as its last; a product both changed and removed stays, changed.
      for (const id of removed) now.delete(id)
      for (const p of changed) now.set(p.id, p)
      const rebuilt = new SearchIndex([...now.values()], [], [])
      expect(layered.products).toBe(rebuilt.productCount)
      const stock = stockOf(round)
      for (const text of ['drench', 'sheep oral', 'cattel', 'fe', 'P-3', 'wire gate drench']) {
        for (const elders of [false, true]) {
          const request = { elders, branch: 'WAG', offset: 0, limit: 40 }
          expect(layered.search(text, request, stock), `${text} ${elders}`).toEqual(rebuilt.search(text, request, stock))
        }
      }
    }
  })

  it('finds a renamed product by its new name only, and leaves the full index as it was', () => {
    const renamed = { ...catalogue[0]!, description: 'Zorbulax pour-on' }
    const layered = full.withChanges([renamed], [])
    const request = { elders: false, branch: 'WAG', offset: 0, limit: 600 }
    expect(layered.search('zorbulax', request, stockOf(1)).ids).toEqual([renamed.id])
    expect(full.search('zorbulax', request, stockOf(1)).ids).toEqual([])
    expect(layered.layerSize).toBe(1)
    const before = full.search(catalogue[0]!.description, request, stockOf(1)).ids
    expect(before).toContain(renamed.id)
  })
})

describe('a whole catalogue is indexed without holding the event loop', () => {
  const many = Array.from({ length: 12_000 }, (_, i) => product(i + 1, i % 3, i % 40))

  it('answers other work between slices of products, and builds the same index as at once', async () => {
    let turns = 0
    let building = true
    const other = () => {
      turns++
      if (building) setImmediate(other)
    }
    setImmediate(other)
    // A turn of 0 ms gives way at every pause: the pauses are what is tested, not this machine's speed.
    const built = await SearchIndex.build(many, [], [], 0)
    building = false
    // 12,000 products, a pause every 200 and between the stages: the other work ran between them, not only after.
    expect(turns).toBeGreaterThanOrEqual(60)
    const atOnce = new SearchIndex(many, [], [])
    const stock = new Map([['WAG', new Int32Array(many.length + 1).fill(3)]])
    for (const text of ['drench', 'oral shep', 'P-117', 'acme']) {
      const request = { elders: false, branch: 'WAG', offset: 0, limit: 50 }
      expect(built.search(text, request, stock), text).toEqual(atOnce.search(text, request, stock))
    }
    expect(built.productCount).toBe(many.length)
  })
})
