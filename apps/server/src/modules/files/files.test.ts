import ExcelJS from 'exceljs'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'
import { productVisibleTo, viewerWith } from '../../lib/visibility'

let t: TestContext
let trade: string
let elders: string
beforeAll(async () => {
  t = await startTestApp()
  trade = await signIn(t.app, DEMO.trade)
  elders = await signIn(t.app, DEMO.elders)
})
afterAll(async () => t?.close())

const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...headers, ...(token ? bearer(token) : {}) } })

/** Products every account may see (resellers' rule), whose pictures are public; and one hidden from resellers. */
const visibleToAll = () =>
  t.db
    .selectFrom('products')
    .where('active', '=', true)
    .where(productVisibleTo(viewerWith('elders')))
    .orderBy('id')
const productWithImage = () => visibleToAll().select(['id', 'image_id']).where('image_id', 'is not', null).executeTakeFirstOrThrow()
const productWithoutImage = () => visibleToAll().select('id').where('image_id', 'is', null).executeTakeFirstOrThrow()
const tradeOnlyWithImage = () =>
  t.db
    .selectFrom('products')
    .select(['id', 'image_id'])
    .where('active', '=', true)
    .where('image_id', 'is not', null)
    .where(sql<boolean>`not ${productVisibleTo(viewerWith('elders'))}`)
    .orderBy('id')
    .executeTakeFirstOrThrow()
describe('product images', () => {
  it('come as WebP at exactly the width asked for, 250, 512 or 1200, without a session', async () => {
    const { id } = await productWithImage()
    for (const width of [250, 512, 1200]) {
      const res = await get(`/api/product/${id}/image?width=${width}&v=202647`)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/webp')
      const meta = await sharp(res.rawPayload).metadata()
      expect(meta.format).toBe('webp')
      expect(meta.width).toBe(width)
    }
  })

  it("may be cached for a week by browsers and CDNs under the week's version, and revalidate by ETag", async () => {
    const { id, image_id } = await productWithImage()
    const res = await get(`/api/product/${id}/image?width=250&v=202647`)
    expect(res.headers['cache-control']).toBe('public, max-age=604800, immutable')
    expect(res.headers.etag).toBe(`"image-${image_id}-w250"`)
    const again = await get(`/api/product/${id}/image?width=250&v=202647`, undefined, { 'if-none-match': res.headers.etag as string })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload).toHaveLength(0)
    // Without the version the address never changes, so it is kept for an hour only.
    expect((await get(`/api/product/${id}/image?width=250`)).headers['cache-control']).toBe('public, max-age=3600')
  })

  it('fall back to a placeholder picture at the same width when the product has none', async () => {
    const { id } = await productWithoutImage()
    const res = await get(`/api/product/${id}/image?width=512&v=202647`)
    expect(res.statusCode).toBe(200)
    expect(res.headers.etag).toBe('"placeholder-w512"')
    expect((await sharp(res.rawPayload).metadata()).width).toBe(512)
  })

  it('refuse other widths and a malformed version, and answer 404 for an unknown product', async () => {
    const { id } = await productWithImage()
    const odd = await get(`/api/product/${id}/image?width=300`)
    expect(odd.statusCode).toBe(400)
    expect(odd.json().fields[0].field).toBe('querystring.width')
    expect((await get(`/api/product/${id}/image?width=250&v=yesterday`)).statusCode).toBe(400)
    // An unknown product is 404 to a session; without one it is 401, as a hidden product's picture is (below).
    expect((await get('/api/product/99999999/image?width=250', trade)).statusCode).toBe(404)
    expect((await get('/api/product/99999999/image?width=250')).statusCode).toBe(401)
  })

  it('of a product hidden from resellers are private to those who may see it: 401 without a session, 404 to a reseller', async () => {
    const { id, image_id } = await tradeOnlyWithImage()
    const url = `/api/product/${id}/image?width=512&v=202647`
    const seen = await get(url, trade)
    expect(seen.statusCode).toBe(200)
    expect(seen.headers.etag).toBe(`"image-${image_id}-w512"`)
    expect(seen.headers['cache-control']).toBe('private, max-age=604800, immutable')
    expect(seen.headers.vary).toBe('Authorization, Cookie')
    expect((await sharp(seen.rawPayload).metadata()).width).toBe(512)
    const anonymous = await get(url)
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().error).toBe('unauthorized')
    expect(anonymous.headers['cache-control']).toBe('no-store')
    const reseller = await get(url, elders)
    expect(reseller.statusCode).toBe(404)
    expect(reseller.json()).toEqual((await get('/api/product/99999999/image?width=512&v=202647', elders)).json())
    // The token query parameter the API accepts for older clients counts as a session too.
    expect((await get(`${url}&token=${trade}`)).statusCode).toBe(200)
    expect((await get(`/api/product/${id}/image?width=250`, trade)).headers['cache-control']).toBe('private, max-age=3600')
  })

  it("reach a signed-in browser's <img> through the picture cookie that sign-in sets and logout clears", async () => {
    const { id } = await tradeOnlyWithImage()
    const url = `/api/product/${id}/image?width=250&v=202647`
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: DEMO.trade.username, password: DEMO.trade.password } })
    const setCookie = String(login.headers['set-cookie'])
    const token = login.json().token as string
    expect(setCookie).toBe(`portal_pictures=${token}; Path=/api/product/; Max-Age=${30 * 86_400}; HttpOnly; SameSite=Strict`)
    const cookie = { cookie: `portal_pictures=${token}` }
    expect((await get(url, undefined, cookie)).statusCode).toBe(200)
    // GET /api/me sets it again, for a session that began without it.
    expect(String((await get('/api/me', token)).headers['set-cookie'])).toBe(setCookie)
    // Only the picture route reads it: it is no session anywhere else.
    expect((await get('/api/me', undefined, cookie)).statusCode).toBe(401)
    // A reseller's cookie is a reseller's session.
    const resellerLogin = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: DEMO.elders.username, password: DEMO.elders.password } })
    expect((await get(url, undefined, { cookie: `portal_pictures=${resellerLogin.json().token as string}` })).statusCode).toBe(404)
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })
    expect(String(logout.headers['set-cookie'])).toMatch(/^portal_pictures=; Path=\/api\/product\/; Max-Age=0; HttpOnly; SameSite=Strict/)
    // A cookie kept past logout names an ended session: no session.
    expect((await get(url, undefined, cookie)).statusCode).toBe(401)
  })
})

describe('product documents', () => {
  it('download with their own content type and file name, as valid PDFs', async () => {
    const doc = await t.db.selectFrom('product_attachments').select(['id', 'product_id', 'file_name', 'content_type']).orderBy('id').executeTakeFirstOrThrow()
    const res = await get(`/api/product/${doc.product_id}/attachment/${doc.id}`, trade)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe(doc.content_type)
    expect(res.headers['content-disposition']).toContain(`filename="${doc.file_name}"`)
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect(res.rawPayload.subarray(-8).toString()).toContain('%%EOF')
  })

  it("need a session, and are 404 for another product's document or a product the reseller may not see", async () => {
    const doc = await t.db.selectFrom('product_attachments').select(['id', 'product_id']).orderBy('id').executeTakeFirstOrThrow()
    expect((await get(`/api/product/${doc.product_id}/attachment/${doc.id}`)).statusCode).toBe(401)
    expect((await get(`/api/product/${doc.product_id + 1}/attachment/${doc.id}`, trade)).statusCode).toBe(404)
    const hidden = await t.db
      .selectFrom('product_attachments')
      .innerJoin('products', 'products.id', 'product_attachments.product_id')
      .innerJoin('brands', 'brands.brand_code', 'products.brand_code')
      .select(['product_attachments.id', 'product_attachments.product_id'])
      .where('brands.hidden_for_elders', '=', true)
      .orderBy('product_attachments.id')
      .executeTakeFirstOrThrow()
    expect((await get(`/api/product/${hidden.product_id}/attachment/${hidden.id}`, trade)).statusCode).toBe(200)
    expect((await get(`/api/product/${hidden.product_id}/attachment/${hidden.id}`, elders)).statusCode).toBe(404)
  })
})

describe('barcodes', () => {
  it('render an EAN-13 or a Code 128 symbol as SVG, cacheable for good', async () => {
    const ean = await get('/api/barcode/9310000000018')
    expect(ean.statusCode).toBe(200)
    expect(ean.headers['content-type']).toBe('image/svg+xml')
    expect(ean.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(ean.body).toMatch(/^<svg [^>]*aria-label="EAN-13 barcode 9310000000018"/)
    // 11 + 95 + 7 modules at 2 px each.
    expect(ean.body).toContain('width="226"')
    const code = await get('/api/barcode/IVO000123X')
    expect(code.body).toContain('aria-label="Code 128 barcode IVO000123X"')
    const png = await sharp(Buffer.from(ean.body)).png().toBuffer()
    expect((await sharp(png).metadata()).width).toBe(226)
  })

  it('refuse a value no symbol can carry', async () => {
    const res = await get(`/api/barcode/${encodeURIComponent('Café')}`)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('unsupported_barcode')
  })
})

async function workbook(body: Buffer) {
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(body as unknown as ArrayBuffer)
  return book.getWorksheet('Price List')!
}

describe('the price list', () => {
  it("is an Excel workbook of every product with the account's prices and the branch's stock", async () => {
    const res = await get('/api/price-list?warehouse=WAG', trade)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="price-list-WAG-\d{4}-\d{2}-\d{2}\.xlsx"/)
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK')
    const sheet = await workbook(res.rawPayload)
    expect(String(sheet.getCell('A1').value)).toContain('Wagga Wagga (WAG)')
    const header = (sheet.getRow(4).values as unknown[]).slice(1)
    expect(header).toEqual([
      'Product Code',
      'Description',
      'Brand',
      'Category',
      'Unit Price',
      'Carton Qty',
      'Carton Price',
      'Pallet Qty',
      'Pallet Price',
      'RRP',
      'Available',
      'Barcode',
    ])
    const products = await t.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('active', '=', true)
      .executeTakeFirstOrThrow()
    expect(sheet.rowCount - 4).toBe(Number(products.n))

    const detail = (await get('/api/categories/drenches/products?warehouse=WAG&size=1', trade)).json()[0]
    const row = sheet.getRows(5, sheet.rowCount - 4)!.find((r) => r.getCell(1).value === detail.ProductCode)!
    expect(row.getCell(5).value).toBe(detail.SinglePricing.Price)
    expect(row.getCell(5).numFmt).toBe('#,##0.00')
    expect(row.getCell(11).value).toBe(detail.Availability.Available)
    expect(row.getCell(12).value).toBe(detail.Barcode)
  })

  it('gives resellers one price and none of their hidden products', async () => {
    const res = await get('/api/price-list?warehouse=SHE&isElders=false', elders)
    expect(res.statusCode).toBe(200)
    const sheet = await workbook(res.rawPayload)
    expect((sheet.getRow(4).values as unknown[]).slice(1)).toEqual(['Product Code', 'Description', 'Brand', 'Category', 'Price', 'Available', 'Barcode'])
    const hidden = await t.db
      .selectFrom('products')
      .innerJoin('brands', 'brands.brand_code', 'products.brand_code')
      .select('products.product_code')
      .where('brands.hidden_for_elders', '=', true)
      .execute()
    const codes = new Set(sheet.getColumn(1).values.slice(5).map(String))
    expect(codes.size).toBeGreaterThan(100)
    expect(hidden.some((h) => codes.has(h.product_code))).toBe(false)
  })

  it('needs a session and a real branch', async () => {
    expect((await get('/api/price-list?warehouse=WAG')).statusCode).toBe(401)
    expect((await get('/api/price-list?warehouse=XYZ', trade)).statusCode).toBe(400)
  })
})
