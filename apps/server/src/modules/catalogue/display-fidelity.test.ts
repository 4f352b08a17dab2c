import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, TEST_ERP_KEY, type TestContext } from '../../../test/helpers'

let t: TestContext
let trade: string
let category: string
let brand: string

beforeAll(async () => {
  t = await startTestApp()
  trade = await signIn(t.app, DEMO.trade)
  const product = await t.db
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .select(['categories.name as category', 'products.brand_code as brand'])
    .where('products.active', '=', true)
    .executeTakeFirstOrThrow()
  category = product.category
  brand = product.brand
})
afterAll(async () => t?.close())

async function importFiles(files: Record<string, string>) {
  const form = new FormData()
  for (const [path, text] of Object.entries(files)) form.append(path, new Blob([text]), path.split('/').pop())
  const body = new Response(form)
  return t.app.inject({
    method: 'POST',
    url: '/api/erp/import',
    headers: { authorization: `Bearer ${TEST_ERP_KEY}`, 'content-type': body.headers.get('content-type')! },
    payload: Buffer.from(await body.arrayBuffer()),
  })
}

describe('what the ERP sent, shown as it was sent', () => {
  it('an empty retail price is no RRP, line breaks in a description are kept, and a text document is served as UTF-8', async () => {
    const res = await importFiles({
      'products.csv':
        'ProductCode,Description,Category,brandcode,Price,RetailPrice,FullDescription1\r\n' +
        `FID-NORRP,Calf pellets 20kg,${category},${brand},21.50,,"Feed from day 4.\r\nFree choice.\r\n\r\nStore dry."\r\n` +
        `FID-RRP,Calf pellets 40kg,${category},${brand},41.50,59.95,One line\r\n`,
      'attachments/FID-NORRP/feeding-guide.txt': 'Feeding guide — day 4 to weaning\n',
    })
    expect(res.statusCode, res.body).toBe(200)
    const ids = await t.db.selectFrom('products').select(['id', 'product_code']).where('product_code', 'in', ['FID-NORRP', 'FID-RRP']).execute()
    const idOf = (code: string) => ids.find((p) => p.product_code === code)!.id

    const without = await t.app.inject({ method: 'GET', url: `/api/product/${idOf('FID-NORRP')}?warehouse=WAG`, headers: bearer(trade) })
    expect(without.statusCode).toBe(200)
    expect(without.json().SinglePricing).not.toHaveProperty('RetailPrice')
    expect(without.json().FullDescription1).toBe('Feed from day 4.\r\nFree choice.\r\n\r\nStore dry.')
    const withRrp = await t.app.inject({ method: 'GET', url: `/api/product/${idOf('FID-RRP')}?warehouse=WAG`, headers: bearer(trade) })
    expect(withRrp.json().SinglePricing.RetailPrice).toBe(59.95)

    const [document] = without.json().Attachments as Array<{ AttachmentID: number; FileName: string }>
    expect(document!.FileName).toBe('feeding-guide.txt')
    const file = await t.app.inject({ method: 'GET', url: `/api/product/${idOf('FID-NORRP')}/attachment/${document!.AttachmentID}`, headers: bearer(trade) })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(file.body).toBe('Feeding guide — day 4 to weaning\n')
  })
})
