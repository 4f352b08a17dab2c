import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'

let t: TestContext
let trade: string
let cash: string
let elders: string
beforeAll(async () => {
  t = await startTestApp()
  trade = await signIn(t.app, DEMO.trade)
  cash = await signIn(t.app, DEMO.cash)
  elders = await signIn(t.app, DEMO.elders)
})
afterAll(async () => t?.close())

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) })
const post = (url: string, token: string | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) })
const search = (text: string, token: string, query = 'warehouse=WAG') => post(`/api/search?${query}`, token, { search: text })

interface WireProduct {
  ProductID: number
  ProductCode: string
  Description: string
  brandcode: string
  Category: string
  SinglePricing: { Price: number; RetailPrice?: number }
  CartonPricing?: { Price: number }
  CartonQty: number | null
  PalletPricing?: { Price: number }
  PalletQty: number | null
  Availability: { Available: number }
  Barcode: string | null
}
const products = (res: { json(): unknown }) => res.json() as WireProduct[]
const ids = (list: WireProduct[]) => list.map((p) => p.ProductID)

/** Small factories over the demo data: the facts a test needs, read from the database it runs on. */
const data = {
  async stock(productId: number, branch: string) {
    const row = await t.db.selectFrom('stock').select('qty_available').where('product_id', '=', productId).where('location_id', '=', branch).executeTakeFirst()
    return row?.qty_available ?? 0
  },
  async productsInCategoryTree(name: string) {
    const rows = await sql<{ id: number }>`
      SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id
      WHERE p.active AND (c.name = ${name} OR c.parent_id = (SELECT id FROM categories WHERE name = ${name}))`.execute(t.db)
    return rows.rows.map((r) => r.id)
  },
  /** Products resellers never see: by a hidden brand, in a category they do see. */
  async hiddenBrandProductInVisibleCategory() {
    return t.db
      .selectFrom('products')
      .innerJoin('brands', 'brands.brand_code', 'products.brand_code')
      .innerJoin('categories', 'categories.id', 'products.category_id')
      .select(['products.id', 'products.product_code', 'products.brand_code', 'categories.name as category', 'products.barcode'])
      .where('brands.hidden_for_elders', '=', true)
      .where('categories.hidden_for_elders', '=', false)
      .orderBy('products.id')
      .executeTakeFirstOrThrow()
  },
  async hiddenProductIds() {
    const rows = await sql<{ id: number }>`
      SELECT p.id FROM products p JOIN brands b USING (brand_code) JOIN categories c ON c.id = p.category_id LEFT JOIN categories pc ON pc.id = c.parent_id
      WHERE b.hidden_for_elders OR c.hidden_for_elders OR coalesce(pc.hidden_for_elders, false)`.execute(t.db)
    return new Set(rows.rows.map((r) => r.id))
  },
  async tradeAccount() {
    return t.db
      .selectFrom('customer_accounts')
      .innerJoin('users', 'users.account_id', 'customer_accounts.id')
      .select(['customer_accounts.id', 'customer_accounts.price_discount_bp'])
      .where('users.username', '=', 'trade')
      .executeTakeFirstOrThrow()
  },
}

describe('reference data', () => {
  it('lists every branch without a token, Consignment and Farmers Mailbox included (the selector leaves them out)', async () => {
    const res = await get('/api/warehouses')
    expect(res.statusCode).toBe(200)
    const names = res.json().map((w: { NAME: string }) => w.NAME)
    expect(res.json()).toEqual(
      expect.arrayContaining([
        { LocationID: 'WAG', NAME: 'Wagga Wagga' },
        { LocationID: 'MEL', NAME: 'Melbourne' },
      ]),
    )
    // Branches that do not trade (the consignment and Farmers Mailbox locations) are offered nowhere.
    expect(names.some((n: string) => n.includes('Consignment'))).toBe(false)
    expect(names).not.toContain('Farmers Mailbox')
  })

  it('lists parent categories in their display order with their children', async () => {
    const res = await get('/api/categories')
    expect(res.statusCode).toBe(200)
    const parents = res.json() as Array<{ name: string; title: string; acf: { order: number; child_categories: unknown[] } }>
    const orders = parents.map((p) => p.acf.order)
    expect(orders).toEqual([...orders].sort((a, b) => a - b))
    expect(parents.some((p) => p.acf.child_categories.length > 0)).toBe(true)
  })

  it("leaves a reseller's hidden categories and brands out, whatever the query says", async () => {
    const everyone = (await get('/api/categories')).json().map((c: { title: string }) => c.title)
    expect(everyone).toContain('Apparent herbicides')
    const token = await signIn(t.app, DEMO.elders)
    const elders = (await get('/api/categories?isElders=false', token)).json().map((c: { title: string }) => c.title)
    expect(elders).not.toContain('Apparent herbicides')
    expect(elders.some((title: string) => title.startsWith('iO '))).toBe(false)

    const brands = (await get('/api/brands?isElders=false', token)).json().map((b: { Description: string }) => b.Description)
    expect(brands).not.toContain('iO Equine')
    expect(brands.some((d: string) => d.startsWith('Apparent'))).toBe(false)
    const allBrands = (await get('/api/brands')).json().map((b: { Description: string }) => b.Description)
    expect(allBrands).toContain('iO Equine')
  })

  it('answers 404 to a reseller opening a hidden category by its address, and its products to others', async () => {
    const token = await signIn(t.app, DEMO.elders)
    const hidden = await get('/api/categories/apparent-herbicides/products?warehouse=WAG', token)
    expect(hidden.statusCode).toBe(404)
    expect(hidden.json().error).toBe('not_found')
    const trade = await signIn(t.app, DEMO.trade)
    expect((await get('/api/categories/apparent-herbicides/products?warehouse=MEL', trade)).statusCode).toBe(200)
  })

  it('lists brands across every letter group of the menu', async () => {
    const brands = (await get('/api/brands')).json() as Array<{ BrandCode: string; Description: string }>
    const groups = ['A', 'BC', 'DEF', 'GHIJ', 'KLMN', 'OPQR', 'STUV', 'WYZ']
    for (const g of groups) expect(brands.some((b) => g.includes(b.Description[0]!.toUpperCase()))).toBe(true)
  })
})

describe('product lists', () => {
  it("a category page holds 40 products, its children included, with the contract's fields, this account's prices and the branch's stock", async () => {
    const res = await get('/api/categories/animal-health/products?warehouse=WAG&page=1&size=40&isElders=false', trade)
    expect(res.statusCode).toBe(200)
    const page = products(res)
    expect(page).toHaveLength(40)
    const inTree = new Set(await data.productsInCategoryTree('animal-health'))
    for (const p of page) expect(inTree.has(p.ProductID)).toBe(true)
    expect(new Set(page.map((p) => p.Category)).size).toBeGreaterThan(1)
    const first = page[0]!
    expect(Object.keys(first)).toEqual(
      expect.arrayContaining([
        'ProductID',
        'ProductCode',
        'Description',
        'FullDescription1',
        'FullDescription2',
        'FullDescription3',
        'brandcode',
        'Category',
        'SinglePricing',
        'CartonQty',
        'PalletQty',
        'Availability',
        'UserDefinedField4',
        'Barcode',
      ]),
    )
    for (const p of page.slice(0, 10)) expect(p.Availability.Available).toBe(await data.stock(p.ProductID, 'WAG'))
    const descriptions = page.map((p) => p.Description)
    expect(descriptions).toEqual([...descriptions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
  })

  it('pages on without repeating, until a short last page', async () => {
    const total = (await data.productsInCategoryTree('animal-health')).length
    const seen: number[] = []
    for (let page = 1; page < 20; page++) {
      const list = products(await get(`/api/categories/animal-health/products?warehouse=WAG&page=${page}`, trade))
      seen.push(...ids(list))
      if (list.length < 40) break
    }
    expect(seen).toHaveLength(total)
    expect(new Set(seen).size).toBe(total)
  })

  it("shows the same products' stock at the branch asked for", async () => {
    const wag = products(await get('/api/categories/drenches/products?warehouse=WAG', trade))
    const mel = products(await get('/api/categories/drenches/products?warehouse=mel', trade))
    expect(ids(mel)).toEqual(ids(wag))
    for (const p of mel) expect(p.Availability.Available).toBe(await data.stock(p.ProductID, 'MEL'))
  })

  it("prices each product for the account: its contract price where it has one, else the list price less the account's discount", async () => {
    const account = await data.tradeAccount()
    const contract = await t.db
      .selectFrom('contract_prices')
      .innerJoin('products', 'products.id', 'contract_prices.product_id')
      .select(['products.id', 'contract_prices.price_cents'])
      .where('contract_prices.account_id', '=', account.id)
      .orderBy('products.id')
      .executeTakeFirstOrThrow()
    const withContract = (await get(`/api/product/${contract.id}?warehouse=WAG`, trade)).json() as WireProduct
    expect(withContract.SinglePricing.Price).toBe(contract.price_cents / 100)

    const plain = await t.db
      .selectFrom('products')
      .select(['id', 'unit_price_cents', 'carton_price_cents', 'rrp_cents'])
      .where('carton_price_cents', 'is not', null)
      .where('id', 'not in', (eb) => eb.selectFrom('contract_prices').select('product_id').where('account_id', '=', account.id))
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const discounted = (cents: number) => Math.round((cents * (10000 - account.price_discount_bp)) / 10000) / 100
    const product = (await get(`/api/product/${plain.id}?warehouse=WAG`, trade)).json() as WireProduct
    expect(product.SinglePricing).toEqual({ Price: discounted(plain.unit_price_cents), RetailPrice: plain.rrp_cents / 100 })
    expect(product.CartonPricing?.Price).toBe(Math.min(discounted(plain.carton_price_cents!), discounted(plain.unit_price_cents)))
    // A cash account has no discount: the list price.
    const forCash = (await get(`/api/product/${plain.id}?warehouse=MEL`, cash)).json() as WireProduct
    expect(forCash.SinglePricing.Price).toBe(plain.unit_price_cents / 100)
  })

  it('prices the dearest products too, where cents times the discount passes the integer range', async () => {
    const account = await data.tradeAccount()
    const dearest = await t.db
      .selectFrom('products')
      .select(['id', 'unit_price_cents'])
      .where('id', 'not in', (eb) => eb.selectFrom('contract_prices').select('product_id').where('account_id', '=', account.id))
      .orderBy('unit_price_cents', 'desc')
      .executeTakeFirstOrThrow()
    expect(dearest.unit_price_cents * (10000 - account.price_discount_bp)).toBeGreaterThan(2 ** 31)
    const res = await get(`/api/product/${dearest.id}?warehouse=WAG`, trade)
    expect(res.statusCode).toBe(200)
    expect(res.json().SinglePricing.Price).toBe(Math.round((dearest.unit_price_cents * (10000 - account.price_discount_bp)) / 10000) / 100)
  })

  it("lists a brand's products by description", async () => {
    const list = products(await get('/api/brands/IVOMEC/products?warehouse=WAG', trade))
    expect(list.length).toBeGreaterThan(0)
    expect(list.every((p) => p.brandcode === 'IVOMEC')).toBe(true)
  })

  it('lists specials 20 to a page by default, and every one is a special', async () => {
    const page = products(await get('/api/specials?warehouse=WAG', trade))
    expect(page).toHaveLength(20)
    const specials = await t.db.selectFrom('products').select('id').where('is_special', '=', true).execute()
    const special = new Set(specials.map((r) => r.id))
    expect(page.every((p) => special.has(p.ProductID))).toBe(true)
    expect(products(await get('/api/specials?warehouse=WAG&page=1&size=4', trade))).toEqual(page.slice(0, 4))
  })

  it('lists the most popular products first', async () => {
    const list = products(await get('/api/popular?warehouse=WAG', trade))
    expect(list).toHaveLength(20)
    const popularity = await t.db.selectFrom('products').select(['id', 'popularity']).where('id', 'in', ids(list)).execute()
    const byId = new Map(popularity.map((r) => [r.id, r.popularity]))
    const scores = list.map((p) => byId.get(p.ProductID)!)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
  })

  it('picks related products at random from the category and its children, 20 at most', async () => {
    const inTree = new Set(await data.productsInCategoryTree('animal-health'))
    const first = products(await get('/api/categories/animal-health/random-products?warehouse=WAG&isElders=false', trade))
    expect(first).toHaveLength(20)
    expect(first.every((p) => inTree.has(p.ProductID))).toBe(true)
    const second = products(await get('/api/categories/animal-health/random-products?warehouse=WAG', trade))
    expect(ids(second)).not.toEqual(ids(first))
  })

  it("uses the account's default branch when none is given", async () => {
    const list = products(await get('/api/categories/drenches/products', cash))
    for (const p of list.slice(0, 5)) expect(p.Availability.Available).toBe(await data.stock(p.ProductID, 'MEL'))
  })

  it('answers 404 for an unknown category or brand, 400 for an unknown branch or a bad page, 401 without a session', async () => {
    expect((await get('/api/categories/no-such-thing/products?warehouse=WAG', trade)).statusCode).toBe(404)
    expect((await get('/api/brands/NOSUCH/products?warehouse=WAG', trade)).statusCode).toBe(404)
    const branch = await get('/api/categories/drenches/products?warehouse=XYZ', trade)
    expect(branch.statusCode).toBe(400)
    expect(branch.json()).toMatchObject({ error: 'unknown_warehouse', fields: [{ field: 'query.warehouse' }] })
    expect((await get('/api/specials?warehouse=NOPE', trade)).statusCode).toBe(400)
    expect((await get('/api/categories/drenches/products?warehouse=WAG&page=0', trade)).json().fields[0].field).toBe('querystring.page')
    expect((await get('/api/categories/drenches/products?warehouse=WAG&size=500', trade)).statusCode).toBe(400)
    expect((await get('/api/categories/drenches/products?warehouse=WAG&page=abc', trade)).statusCode).toBe(400)
    expect((await get('/api/categories/drenches/products?warehouse=WAG')).statusCode).toBe(401)
    expect((await get('/api/popular')).statusCode).toBe(401)
    expect((await post('/api/search', undefined, { search: 'drench' })).statusCode).toBe(401)
  })

  it('answers an empty page past the end', async () => {
    const res = await get('/api/categories/drenches/products?warehouse=WAG&page=999', trade)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([])
  })
})

describe('search', () => {
  it("forgives a typo: 'ivomek' finds Ivomec first", async () => {
    const res = await search('ivomek', trade)
    expect(res.statusCode).toBe(200)
    const list = products(res)
    expect(list.length).toBeGreaterThan(0)
    expect(list[0]!.brandcode).toBe('IVOMEC')
    const ivomec = list.filter((p) => p.Description.startsWith('Ivomec'))
    expect(ivomec.length).toBeGreaterThanOrEqual(3)
  })

  it("forgives a typo: 'drentch' finds drenches", async () => {
    const list = products(await search('drentch', trade))
    expect(list.length).toBeGreaterThanOrEqual(10)
    expect(list.every((p) => /drench/i.test(p.Description))).toBe(true)
  })

  it('matches every word of the query, in any order', async () => {
    const list = products(await search('sheep ivomec', trade))
    expect(list.length).toBeGreaterThan(0)
    expect(list.every((p) => /ivomec/i.test(p.Description) && /sheep/i.test(p.Description))).toBe(true)
  })

  it('puts the product with that exact code first', async () => {
    const product = await t.db
      .selectFrom('products')
      .select(['id', 'product_code'])
      .where('product_code', 'like', 'IVO-%')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const list = products(await search(product.product_code.toLowerCase(), trade))
    expect(list[0]!.ProductID).toBe(product.id)
  })

  it('finds a product by its barcode, EAN-13 or other', async () => {
    for (const pattern of ['^[0-9]{13}$', '^[A-Z]']) {
      const product = await t.db
        .selectFrom('products')
        .select(['id', 'barcode'])
        .where(sql<boolean>`barcode ~ ${pattern}`)
        .orderBy('id')
        .executeTakeFirstOrThrow()
      const list = products(await search(product.barcode!, trade))
      expect(list[0]!.ProductID).toBe(product.id)
    }
  })

  it('pages through results 20 at a time', async () => {
    const first = products(await search('drench', trade, 'warehouse=WAG&page=1'))
    const second = products(await search('drench', trade, 'warehouse=WAG&page=2'))
    expect(first).toHaveLength(20)
    expect(second.length).toBeGreaterThan(0)
    expect(ids(second).some((id) => ids(first).includes(id))).toBe(false)
  })

  it('takes LIKE wildcards literally and finds nothing for nonsense', async () => {
    expect(products(await search('%', trade))).toEqual([])
    expect(products(await search('_____', trade))).toEqual([])
    expect(products(await search('qqqzzzxxx', trade))).toEqual([])
  })

  it('refuses an empty search', async () => {
    const res = await search('   ', trade)
    expect(res.statusCode).toBe(400)
    expect(res.json().fields[0].field).toBe('body.search')
    expect((await post('/api/search?warehouse=WAG', trade, {})).statusCode).toBe(400)
  })
})

describe('product detail', () => {
  it('gives the stock at the other branches customers order from, and its sum', async () => {
    const product = (await get('/api/categories/drenches/products?warehouse=WAG', trade)).json()[0] as WireProduct
    const res = await get(`/api/product/${product.ProductID}?warehouse=WAG`, trade)
    expect(res.statusCode).toBe(200)
    const detail = res.json() as WireProduct & {
      QtyAvailableOther: number
      AvailabilityOther: Array<{ LocationID: string; DESCRIPTION: string; QtyAvail: number }>
    }
    expect(detail.Availability.Available).toBe(await data.stock(product.ProductID, 'WAG'))
    const branches = detail.AvailabilityOther.map((b) => b.LocationID)
    expect(branches).not.toContain('WAG')
    expect(branches).toEqual(expect.arrayContaining(['MEL', 'ADE', 'SYD']))
    expect(detail.AvailabilityOther.some((b) => /Consignment|Farmers Mailbox/.test(b.DESCRIPTION))).toBe(false)
    for (const b of detail.AvailabilityOther) expect(b.QtyAvail).toBe(await data.stock(product.ProductID, b.LocationID))
    expect(detail.QtyAvailableOther).toBe(detail.AvailabilityOther.reduce((sum, b) => sum + b.QtyAvail, 0))
  })

  it('lists its documents', async () => {
    const attachment = await t.db
      .selectFrom('product_attachments')
      .select(['product_id', 'id', 'file_name', 'description'])
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const detail = (await get(`/api/product/${attachment.product_id}?warehouse=WAG`, trade)).json()
    expect(detail.Attachments).toContainEqual({ AttachmentID: attachment.id, FileName: attachment.file_name, Description: attachment.description })
  })

  it('answers 404 for a product that does not exist and 400 for a bad id', async () => {
    expect((await get('/api/product/99999999?warehouse=WAG', trade)).statusCode).toBe(404)
    expect((await get('/api/product/abc?warehouse=WAG', trade)).statusCode).toBe(400)
    expect((await get('/api/product/1?warehouse=XYZ', trade)).statusCode).toBe(400)
  })

  it("shows a product out of stock at the cash account's branch as 0 there, with stock elsewhere", async () => {
    const row = await sql<{ product_id: number }>`
      SELECT s.product_id FROM stock s WHERE s.location_id = 'MEL' AND s.qty_available = 0
      AND EXISTS (SELECT 1 FROM stock o WHERE o.product_id = s.product_id AND o.location_id = 'WAG' AND o.qty_available > 0)
      ORDER BY s.product_id LIMIT 1`.execute(t.db)
    const id = row.rows[0]!.product_id
    const detail = (await get(`/api/product/${id}?warehouse=MEL`, cash)).json()
    expect(detail.Availability.Available).toBe(0)
    expect(detail.QtyAvailableOther).toBeGreaterThan(0)
  })
})

describe('resellers (isElders)', () => {
  it("never reach a hidden brand's product by list, search, detail, related, popular or specials, even sending isElders=false", async () => {
    const hidden = await data.hiddenBrandProductInVisibleCategory()
    const allHidden = await data.hiddenProductIds()
    const q = 'warehouse=WAG&isElders=false'

    // Trade customers do reach it: the test would prove nothing otherwise.
    expect((await get(`/api/product/${hidden.id}?${q}`, trade)).statusCode).toBe(200)
    expect(ids(products(await get(`/api/brands/${hidden.brand_code}/products?${q}`, trade)))).toContain(hidden.id)
    expect(ids(products(await search(hidden.product_code, trade, q)))).toContain(hidden.id)

    expect((await get(`/api/brands/${hidden.brand_code}/products?${q}`, elders)).statusCode).toBe(404)
    expect((await get(`/api/product/${hidden.id}?${q}`, elders)).statusCode).toBe(404)
    const inCategory: number[] = []
    for (let page = 1; page < 50; page++) {
      const list = products(await get(`/api/categories/${hidden.category}/products?${q}&page=${page}`, elders))
      inCategory.push(...ids(list))
      if (list.length < 40) break
    }
    expect(inCategory.length).toBeGreaterThan(0)
    expect(inCategory.some((id) => allHidden.has(id))).toBe(false)
    for (const text of [hidden.product_code, hidden.brand_code, hidden.barcode ?? hidden.product_code, 'iO Animal Health', 'apparent']) {
      expect(ids(products(await search(text, elders, `${q}&size=100`))).some((id) => allHidden.has(id))).toBe(false)
    }
    for (let i = 0; i < 5; i++) {
      const related = products(await get(`/api/categories/${hidden.category}/random-products?${q}&size=100`, elders))
      expect(related.some((p) => allHidden.has(p.ProductID))).toBe(false)
    }
    // The demo's hidden products are among the most popular and the specials: trade sees them, resellers never.
    const popularForTrade = products(await get(`/api/popular?${q}&size=100`, trade))
    expect(popularForTrade.some((p) => allHidden.has(p.ProductID))).toBe(true)
    expect(products(await get(`/api/popular?${q}&size=100`, elders)).some((p) => allHidden.has(p.ProductID))).toBe(false)
    const specials: number[] = []
    for (let page = 1; page < 20; page++) {
      const list = products(await get(`/api/specials?${q}&page=${page}&size=100`, elders))
      specials.push(...ids(list))
      if (list.length < 100) break
    }
    expect(specials.length).toBeGreaterThan(0)
    expect(specials.some((id) => allHidden.has(id))).toBe(false)
  })

  it('never reach a hidden category, its children or their products', async () => {
    const child = await t.db
      .selectFrom('categories as c')
      .innerJoin('categories as p', 'p.id', 'c.parent_id')
      .select(['c.name as child', 'p.name as parent'])
      .where('p.hidden_for_elders', '=', true)
      .orderBy('c.id')
      .executeTakeFirstOrThrow()
    for (const name of [child.parent, child.child]) {
      expect((await get(`/api/categories/${name}/products?warehouse=WAG&isElders=false`, trade)).statusCode).toBe(200)
      expect((await get(`/api/categories/${name}/products?warehouse=WAG&isElders=false`, elders)).statusCode).toBe(404)
      expect((await get(`/api/categories/${name}/random-products?warehouse=WAG&isElders=false`, elders)).statusCode).toBe(404)
    }
  })

  it('see one price per product: no carton, pallet or retail price', async () => {
    const list = products(await get('/api/categories/drenches/products?warehouse=WAG', elders))
    expect(list.length).toBeGreaterThan(0)
    for (const p of list) {
      expect(Object.keys(p.SinglePricing)).toEqual(['Price'])
      expect(p.CartonPricing).toBeUndefined()
      expect(p.PalletPricing).toBeUndefined()
    }
    const forTrade = products(await get('/api/categories/drenches/products?warehouse=WAG', trade))
    expect(forTrade.some((p) => p.CartonPricing !== undefined)).toBe(true)
    expect(forTrade.every((p) => p.SinglePricing.RetailPrice !== undefined)).toBe(true)
  })
})

describe('code setup requests', () => {
  const setup = (token: string, payload: object) => post('/api/products/code-setup', token, payload)

  it('are for resellers only', async () => {
    const res = await setup(trade, { id: 1, warehouse: 'WAG' })
    expect(res.statusCode).toBe(403)
    expect((await setup(cash, { id: 1, warehouse: 'MEL' })).statusCode).toBe(403)
  })

  it('are recorded, e-mailed to the distributor once, and shown as requested when the user opens the product again at that branch', async () => {
    const product = products(await get('/api/categories/drenches/products?warehouse=SHE', elders))[0]!
    const before = (await get(`/api/product/${product.ProductID}?warehouse=SHE`, elders)).json()
    expect(before.CodeSetupRequested).toBe(false)

    const res = await setup(elders, { id: product.ProductID, warehouse: 'SHE', token: 'ignored', username: 'ignored' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: 'Code successfully requested.' })
    expect((await get(`/api/product/${product.ProductID}?warehouse=SHE`, elders)).json().CodeSetupRequested).toBe(true)
    expect((await get(`/api/product/${product.ProductID}?warehouse=WAG`, elders)).json().CodeSetupRequested).toBe(false)

    const mails = await t.db.selectFrom('email_outbox').selectAll().where('subject', 'like', `%${product.ProductCode}%`).execute()
    expect(mails).toHaveLength(1)
    expect(mails[0]!.to_address).toBe(t.config.distributor.email)
    expect(mails[0]!.text_body).toContain(product.Description)
    expect(mails[0]!.text_body).toContain('SHE Shepparton')
    const recorded = await t.db.selectFrom('code_setup_requests').selectAll().where('product_id', '=', product.ProductID).execute()
    expect(recorded).toHaveLength(1)
    expect(recorded[0]!.location_id).toBe('SHE')

    expect((await setup(elders, { id: product.ProductID, warehouse: 'she' })).statusCode).toBe(200)
    expect(await t.db.selectFrom('email_outbox').select('id').where('subject', 'like', `%${product.ProductCode}%`).execute()).toHaveLength(1)
  })

  it('refuse a product the reseller may not see, an unknown branch and a bad body', async () => {
    const hidden = await data.hiddenBrandProductInVisibleCategory()
    expect((await setup(elders, { id: hidden.id, warehouse: 'WAG' })).statusCode).toBe(404)
    expect((await setup(elders, { id: 99999999, warehouse: 'WAG' })).statusCode).toBe(404)
    const branch = await setup(elders, { id: 1, warehouse: 'XYZ' })
    expect(branch.statusCode).toBe(400)
    expect(branch.json().fields[0].field).toBe('body.warehouse')
    expect((await setup(elders, { id: 'one', warehouse: 'WAG' })).json().fields[0].field).toBe('body.id')
    expect((await setup(elders, { id: 1 })).statusCode).toBe(400)
  })
})
