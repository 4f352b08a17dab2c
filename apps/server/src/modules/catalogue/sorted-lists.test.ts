import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'

// Category, brand and specials lists in the order asked (sort), with only what is in stock at the branch
// (inStock), and how many products each holds (…/count); decision 0073. Served from the shared pages (caches
// live) and with the caches off: the answers are the same.

interface WireProduct {
  ProductID: number
  Description: string
  SinglePricing: { Price: number; RetailPrice?: number; UsualPrice?: number }
  Availability: { Available: number }
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })

describe.each([
  ['shared pages', {}],
  ['caches off', { CACHE_SECONDS: '0' }],
])('sorted and filtered lists (%s)', (_name, env: Record<string, string>) => {
  let t: TestContext
  let users: Record<'trade' | 'elders', string>
  /** A category holding products of a brand hidden from resellers, a brand they see, at a branch. */
  let category: string
  let brand: string
  const branch = 'WAG'

  beforeAll(async () => {
    t = await startTestApp(env)
    users = { trade: await signIn(t.app, DEMO.trade), elders: await signIn(t.app, DEMO.elders) }
    const found = await sql<{ category: string }>`
      SELECT c.name AS category FROM products p JOIN brands b USING (brand_code) JOIN categories c ON c.id = p.category_id
      WHERE p.active AND b.hidden_for_elders AND NOT c.hidden_for_elders AND c.parent_id IS NOT NULL
      GROUP BY c.name ORDER BY count(*) DESC, c.name LIMIT 1`.execute(t.db)
    category = found.rows[0]!.category
    const shown = await sql<{ brand: string }>`
      SELECT p.brand_code AS brand FROM products p JOIN brands b USING (brand_code)
      WHERE p.active AND NOT b.hidden_for_elders GROUP BY p.brand_code ORDER BY count(*) DESC, p.brand_code LIMIT 1`.execute(t.db)
    brand = shown.rows[0]!.brand
  })
  afterAll(async () => t?.close())

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) })
  const page = async (url: string, token: string) => {
    const res = await get(url, token)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as WireProduct[]
  }
  /** Every page of a list, 100 at a time, until a short one. */
  const whole = async (base: string, token: string, query = '') => {
    const all: WireProduct[] = []
    for (let n = 1; ; n++) {
      const got = await page(`${base}?warehouse=${branch}&page=${n}&size=100${query}`, token)
      all.push(...got)
      if (got.length < 100) return all
    }
  }
  const ids = (list: WireProduct[]) => list.map((p) => p.ProductID)
  const lists = () => [`/api/categories/${encodeURIComponent(category)}/products`, `/api/brands/${encodeURIComponent(brand)}/products`, '/api/specials']

  for (const who of ['trade', 'elders'] as const) {
    it(`${who}: each sort orders the same products as relevance does, equals in relevance order`, async () => {
      for (const base of lists()) {
        const relevance = await whole(base, users[who])
        expect(relevance.length).toBeGreaterThan(0)
        const rank = new Map(ids(relevance).map((id, i) => [id, i]))
        const check = async (sort: string, compare: (a: WireProduct, b: WireProduct) => number) => {
          const sorted = await whole(base, users[who], `&sort=${sort}`)
          expect(
            ids(sorted).toSorted((a, b) => a - b),
            `${base} ${sort}`,
          ).toEqual(ids(relevance).toSorted((a, b) => a - b))
          const expected = relevance.toSorted((a, b) => compare(a, b) || rank.get(a.ProductID)! - rank.get(b.ProductID)!)
          expect(ids(sorted), `${base} ${sort}`).toEqual(ids(expected))
        }
        await check('relevance', () => 0)
        await check('description', (a, b) => byName(a.Description, b.Description))
        await check('price-asc', (a, b) => a.SinglePricing.Price - b.SinglePricing.Price)
        await check('price-desc', (a, b) => b.SinglePricing.Price - a.SinglePricing.Price)
        await check('in-stock', (a, b) => Number(b.Availability.Available > 0) - Number(a.Availability.Available > 0))
      }
    })

    it(`${who}: inStock keeps only what is in stock at the branch, in the order asked; the count says how many`, async () => {
      for (const base of lists()) {
        const relevance = await whole(base, users[who])
        const inStock = relevance.filter((p) => p.Availability.Available > 0)
        expect(inStock.length, base).toBeGreaterThan(0)
        expect(inStock.length, base).toBeLessThan(relevance.length)
        expect(ids(await whole(base, users[who], '&inStock=true')), base).toEqual(ids(inStock))
        expect(ids(await whole(base, users[who], '&inStock=false')), base).toEqual(ids(relevance))
        const cheapest = await whole(base, users[who], '&inStock=true&sort=price-asc')
        expect(cheapest.every((p) => p.Availability.Available > 0)).toBe(true)
        expect(ids(cheapest).toSorted((a, b) => a - b)).toEqual(ids(inStock).toSorted((a, b) => a - b))
        // Pages of a sorted list follow on: page 2 of 5 is the sixth to tenth.
        expect(ids(await page(`${base}?warehouse=${branch}&page=2&size=5&inStock=true`, users[who]))).toEqual(ids(inStock.slice(5, 10)))

        const count = async (query = '') => {
          const res = await get(`${base}/count?warehouse=${branch}${query}`, users[who])
          expect(res.statusCode, res.body).toBe(200)
          return (res.json() as { count: number }).count
        }
        expect(await count()).toBe(relevance.length)
        expect(await count('&inStock=true')).toBe(inStock.length)
      }
    })
  }

  it("a reseller's lists and counts leave out the products hidden from them", async () => {
    const base = `/api/categories/${encodeURIComponent(category)}/products`
    const count = async (token: string) => ((await get(`${base}/count?warehouse=${branch}`, token)).json() as { count: number }).count
    const [tradeCount, eldersCount] = [await count(users.trade), await count(users.elders)]
    expect(eldersCount).toBeLessThan(tradeCount)
    expect((await whole(base, users.elders, '&sort=description')).length).toBe(eldersCount)
    expect((await whole(base, users.trade, '&sort=description')).length).toBe(tradeCount)
  })

  it('specials carry the list price as the usual price where the account pays less; never to a reseller', async () => {
    const account = await t.db
      .selectFrom('customer_accounts')
      .innerJoin('users', 'users.account_id', 'customer_accounts.id')
      .select('customer_accounts.price_discount_bp')
      .where('users.username', '=', 'trade')
      .executeTakeFirstOrThrow()
    expect(account.price_discount_bp).toBeGreaterThan(0)
    for (const query of ['', '&sort=price-asc']) {
      const specials = await whole('/api/specials', users.trade, query)
      const listed = await t.db.selectFrom('products').select(['id', 'unit_price_cents']).where('id', 'in', ids(specials)).execute()
      const listCents = new Map(listed.map((r) => [r.id, r.unit_price_cents]))
      for (const p of specials) {
        const usual = listCents.get(p.ProductID)! / 100
        if (p.SinglePricing.Price < usual) expect(p.SinglePricing.UsualPrice, query).toBe(usual)
        else expect(p.SinglePricing.UsualPrice, query).toBeUndefined()
      }
      expect(specials.some((p) => p.SinglePricing.UsualPrice !== undefined)).toBe(true)
      expect((await whole('/api/specials', users.elders, query)).every((p) => p.SinglePricing.UsualPrice === undefined)).toBe(true)
    }
    // Other lists show no usual price.
    const listed = await whole(`/api/categories/${encodeURIComponent(category)}/products`, users.trade)
    expect(listed.every((p) => p.SinglePricing.UsualPrice === undefined)).toBe(true)
  })

  it('a bad sort or inStock is a 400 naming the field; an unknown category or brand is a 404 sorted or counted too', async () => {
    for (const base of lists()) {
      const sort = await get(`${base}?warehouse=${branch}&sort=cheapest`, users.trade)
      expect(sort.statusCode).toBe(400)
      expect(sort.json().fields[0].field).toBe('querystring.sort')
      const stock = await get(`${base}?warehouse=${branch}&inStock=yes`, users.trade)
      expect(stock.statusCode).toBe(400)
      expect(stock.json().fields[0].field).toBe('querystring.inStock')
      const counted = await get(`${base}/count?warehouse=${branch}&inStock=1`, users.trade)
      expect(counted.statusCode).toBe(400)
      expect(counted.json().fields[0].field).toBe('querystring.inStock')
      const unknownBranch = await get(`${base}/count?warehouse=NOPE`, users.trade)
      expect(unknownBranch.statusCode).toBe(400)
      expect((await get(`${base}?warehouse=NOPE&sort=description`, users.trade)).statusCode).toBe(400)
    }
    expect((await get(`/api/categories/no-such-category/products?warehouse=${branch}&sort=description`, users.trade)).statusCode).toBe(404)
    expect((await get(`/api/categories/no-such-category/products/count?warehouse=${branch}`, users.trade)).statusCode).toBe(404)
    expect((await get(`/api/brands/NO-SUCH-BRAND/products/count?warehouse=${branch}`, users.trade)).statusCode).toBe(404)
  })
})
