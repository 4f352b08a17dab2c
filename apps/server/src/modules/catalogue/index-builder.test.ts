import { build } from 'esbuild'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildIndex } from './index-builder'
import { SearchIndex, type IndexedGroup, type IndexedProduct, type SynonymRow } from './search-index'

// Decision 0065: the search index is built on a worker thread, and answers as the one built on this thread does.

const words = ['drench', 'oral', 'sheep', 'cattle', 'pour', 'on', 'wormer', 'vaccine', 'fence', 'energiser', 'bolt', 'gate']
const products: IndexedProduct[] = Array.from({ length: 600 }, (_, i) => ({
  id: 600 - i,
  code: `AB-${(i * 37) % 1000}-${i % 7}L`,
  barcode: i % 5 === 0 ? `93${String(100000 + i)}` : null,
  description: `${words[i % words.length]} ${words[(i * 7) % words.length]} ${i % 3 === 0 ? '20L' : '5L'}`,
  brandCode: `B${i % 9}`,
  brandName: `Brand ${['Acme', 'Coopers', 'Zoetis'][i % 3]}`,
  categoryTitle: ['Drenches', 'Fencing', 'Hardware'][i % 3]!,
  parentTitle: i % 2 ? 'Animal Health' : null,
  hiddenForElders: i % 11 === 0,
  popularity: (i * 13) % 50,
}))
const groups: IndexedGroup[] = [
  { kind: 'category', key: 'drenches', title: 'Drenches', hiddenForElders: false },
  { kind: 'brand', key: 'B1', title: 'Coopers', hiddenForElders: true },
]
const synonyms: SynonymRow[] = [{ term: 'wormer', synonyms: ['drench'] }]
const stock = new Map([['WAG', Int32Array.from({ length: 601 }, (_, id) => (id % 4 === 0 ? 0 : id % 17))]])
const queries = ['drench', 'wormr', 'pour on', 'AB-37', 'ab37', '9310000', 'coopers sheep', 'fence 20 l', 'zoetis', 'energser gate', 'nothing like it']

/** What an index answers to every query, for a trade customer and a reseller, and its suggestions' groups. */
function answers(index: SearchIndex) {
  return queries.flatMap((text) =>
    [false, true].map((elders) => ({
      text,
      elders,
      found: index.search(text, { elders, branch: 'WAG', offset: 0, limit: 20 }, stock),
      groups: index.groupsFor(text, elders, 3),
    })),
  )
}

describe('the search index built on a worker thread (decision 0065)', () => {
  // The worker as build.mjs bundles it for the server (Node's worker threads run no TypeScript).
  const dir = mkdtempSync(join(tmpdir(), 'index-worker-'))
  const worker = { url: pathToFileURL(join(dir, 'search-index-worker.js')) }
  beforeAll(async () => {
    const entry = new URL('./search-index-worker.ts', import.meta.url).pathname
    await build({ entryPoints: [entry], outfile: join(dir, 'search-index-worker.js'), bundle: true, platform: 'node', format: 'esm', logLevel: 'warning' })
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('answers every query as the index built on this thread does', async () => {
    const failures: unknown[] = []
    const built = await buildIndex(products, groups, synonyms, { script: worker, failed: (error) => failures.push(error) })
    expect(failures).toEqual([])
    expect(built.productCount).toBe(products.length)
    const here = SearchIndex.build(products, groups, synonyms)
    expect(answers(built)).toEqual(answers(here))
    expect(answers(built).some((a) => a.found.ids.length > 0 && a.found.correction !== null)).toBe(true)
  })

  it('builds on this thread when the worker cannot run', async () => {
    const broken = { url: new URL('./no-such-worker.js', import.meta.url) }
    const failures: unknown[] = []
    const built = await buildIndex(products, groups, synonyms, { script: broken, failed: (error) => failures.push(error) })
    expect(failures).toHaveLength(1)
    expect(answers(built)).toEqual(answers(SearchIndex.build(products, groups, synonyms)))
  })
})
