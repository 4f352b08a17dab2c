import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'
import { SearchEngine } from './search-engine'
import { StockBook } from './stock-book'

let t: TestContext
let trade: string
beforeAll(async () => {
  t = await startTestApp()
  trade = await signIn(t.app, DEMO.trade)
})
afterAll(async () => t?.close())

const idsFor = async (engine: SearchEngine, text: string) => {
  const { index, stock } = await engine.current()
  return index.search(text, { elders: false, branch: 'WAG', offset: 0, limit: 50 }, stock).ids
}

/** Waits until the app's own search (another engine, on the same notifications) answers what `done` wants. */
async function appSearchShows(text: string, done: (codes: string[]) => boolean) {
  for (const deadline = Date.now() + 10_000; ;) {
    const res = await t.app.inject({ method: 'POST', url: '/api/search?warehouse=WAG', headers: bearer(trade), payload: { search: text } })
    const codes = (res.json() as Array<{ ProductCode: string }>).map((p) => p.ProductCode)
    if (done(codes)) return codes
    if (Date.now() > deadline) throw new Error(`search for ${text} answered ${codes.join(', ')}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('the search index and a changed product', () => {
  it('takes in a product whose name changed, and one withdrawn, without building the index again', async () => {
    const engine = new SearchEngine(t.db, new StockBook(t.db, t.changes), t.changes)
    await engine.settled()
    expect(engine.counts).toEqual({ builds: 1, updates: 0 })
    const product = await t.db
      .selectFrom('products')
      .select(['id', 'product_code'])
      .where('active', '=', true)
      .where('brand_code', '=', 'COOPERS')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const rename = async (description: string) => {
      await t.db.updateTable('products').set({ description }).where('id', '=', product.id).execute()
      await t.changes.caughtUp()
      await engine.settled()
    }

    await rename('Quixotrel pour-on 5 L')
    expect(await idsFor(engine, 'quixotrel')).toEqual([product.id])
    await rename('Zorbulax pour-on 5 L')
    expect(await idsFor(engine, 'zorbulax')).toEqual([product.id])
    expect(await idsFor(engine, 'quixotrel')).not.toContain(product.id)
    // Still found by its other words and its code, once.
    expect((await idsFor(engine, product.product_code)).filter((id) => id === product.id)).toEqual([product.id])
    expect(engine.counts.builds).toBe(1)
    expect(engine.counts.updates).toBeGreaterThanOrEqual(2)
    await appSearchShows('zorbulax', (codes) => codes[0] === product.product_code)

    // Withdrawn: gone from search, still without a build.
    await t.db.updateTable('products').set({ active: false }).where('id', '=', product.id).execute()
    await t.changes.caughtUp()
    await engine.settled()
    expect(await idsFor(engine, 'zorbulax')).toEqual([])
    expect(engine.counts.builds).toBe(1)
    await appSearchShows('zorbulax', (codes) => codes.length === 0)

    // A brand's change still builds the index again: what many products show changed.
    await t.db.updateTable('brands').set({ description: 'Coopers Animal Health' }).where('brand_code', '=', 'COOPERS').execute()
    await t.changes.caughtUp()
    await engine.settled()
    expect(engine.counts.builds).toBe(2)
  })
})
