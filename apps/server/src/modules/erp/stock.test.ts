import { ERP_STOCK_MAX_ROWS } from '@portal/contract/erp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, TEST_ERP_KEY, type TestContext } from '../../../test/helpers'
import { stockOf } from '../../../test/payments'

const erpKey = { authorization: `Bearer ${TEST_ERP_KEY}` }

let t: TestContext
let trade: string
beforeAll(async () => {
  t = await startTestApp()
  trade = await signIn(t.app, DEMO.trade)
})
afterAll(async () => t?.close())

const sendStock = (rows: unknown) => t.app.inject({ method: 'POST', url: '/api/erp/stock', headers: erpKey, payload: rows as object })

interface ListItem {
  ProductID: number
  ProductCode: string
  Availability: { Available: number }
}

/** A brand's first page at WAG as trade sees it (and as the list cache keeps it). */
async function brandPage(brand: string): Promise<ListItem[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/brands/${brand}/products?warehouse=WAG&size=20`, headers: bearer(trade) })
  expect(res.statusCode).toBe(200)
  return res.json()
}

async function someBrand(): Promise<string> {
  const row = await t.db
    .selectFrom('products')
    .select('brand_code')
    .where('active', '=', true)
    .groupBy('brand_code')
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .executeTakeFirstOrThrow()
  return row.brand_code
}

describe('POST /api/erp/stock', () => {
  it('writes the counts in one go, records the run, and the catalogue and search show them at once', async () => {
    const brand = await someBrand()
    const before = await brandPage(brand)
    const [a, b] = before
    const searchFor = async (code: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/search?warehouse=WAG', headers: bearer(trade), payload: { search: code } })
      return res.json() as { products?: ListItem[] } & ListItem[] as unknown
    }
    await searchFor(a!.ProductCode)
    const qtyA = a!.Availability.Available + 17
    const res = await sendStock([
      { ProductCode: a!.ProductCode, LocationID: 'WAG', QtyAvailable: qtyA },
      { ProductCode: b!.ProductCode, LocationID: 'WAG', QtyAvailable: 0 },
      { ProductCode: a!.ProductCode, LocationID: 'MEL', QtyAvailable: 5 },
    ])
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ rows: 3, run: expect.any(Number) })
    expect(res.json().changed + res.json().unchanged).toBe(3)

    const after = await brandPage(brand)
    expect(after.find((p) => p.ProductID === a!.ProductID)?.Availability.Available).toBe(qtyA)
    expect(after.find((p) => p.ProductID === b!.ProductID)?.Availability.Available ?? 0).toBe(0)
    const detail = await t.app.inject({ method: 'GET', url: `/api/product/${a!.ProductID}?warehouse=MEL`, headers: bearer(trade) })
    expect(detail.json().Availability.Available).toBe(5)
    expect(JSON.stringify(await searchFor(a!.ProductCode))).toContain(`"Available":${qtyA}`)

    const runs = await t.app.inject({ method: 'GET', url: '/api/erp/runs?size=1', headers: erpKey })
    expect(runs.json()[0]).toMatchObject({ id: res.json().run, kind: 'stock', mode: 'delta', status: 'succeeded', changed: res.json().changed, failed: 0 })
    expect(runs.json()[0].who).toMatch(/^api /)

    // The same delta again changes nothing, and says so.
    const again = await sendStock([
      { ProductCode: a!.ProductCode, LocationID: 'WAG', QtyAvailable: qtyA },
      { ProductCode: b!.ProductCode, LocationID: 'WAG', QtyAvailable: 0 },
      { ProductCode: a!.ProductCode, LocationID: 'MEL', QtyAvailable: 5 },
    ])
    expect(again.json()).toMatchObject({ rows: 3, changed: 0, unchanged: 3 })
  })

  it('reports every problem with its line, field and value, and writes nothing', async () => {
    const [p] = await brandPage(await someBrand())
    const before = await stockOf(t.db, p!.ProductID, 'WAG')
    const runsBefore = (await t.app.inject({ method: 'GET', url: '/api/erp/runs?size=200', headers: erpKey })).json().length
    const res = await sendStock([
      { ProductCode: p!.ProductCode, LocationID: 'WAG', QtyAvailable: 999 },
      { ProductCode: 'NO-SUCH-THING', LocationID: 'WAG', QtyAvailable: 1 },
      { ProductCode: p!.ProductCode, LocationID: 'ZZZ', QtyAvailable: 1 },
      { ProductCode: p!.ProductCode, LocationID: 'MEL', QtyAvailable: -1 },
      { ProductCode: p!.ProductCode, LocationID: 'SHE', QtyAvailable: 2.5 },
      { ProductCode: p!.ProductCode, LocationID: 'ADE', QtyAvailable: true },
      { ProductCode: p!.ProductCode, LocationID: 'WAG', QtyAvailable: 3 },
      { LocationID: 'WAG', QtyAvailable: 3 },
      'not an object',
    ])
    expect(res.statusCode).toBe(422)
    const body = res.json()
    expect(body).toMatchObject({ error: 'erp_problems', message: '8 problems found; nothing was written.' })
    expect(body.problems).toEqual([
      { file: 'stock', line: 2, field: 'ProductCode', value: 'NO-SUCH-THING', message: 'Unknown product NO-SUCH-THING' },
      { file: 'stock', line: 3, field: 'LocationID', value: 'ZZZ', message: 'Unknown branch ZZZ' },
      { file: 'stock', line: 4, field: 'QtyAvailable', value: '-1', message: 'Must be a whole number, 0 or more' },
      { file: 'stock', line: 5, field: 'QtyAvailable', value: '2.5', message: 'Must be a whole number, 0 or more' },
      { file: 'stock', line: 6, field: 'QtyAvailable', value: 'true', message: 'Must be a whole number, 0 or more' },
      { file: 'stock', line: 7, field: 'ProductCode', value: p!.ProductCode, message: `Duplicate: ${p!.ProductCode} at WAG is already on line 1` },
      { file: 'stock', line: 8, field: 'ProductCode', value: '', message: 'Missing: the product code is required' },
      { file: 'stock', line: 9, field: '', value: 'not an object', message: 'Expected an object {ProductCode, LocationID, QtyAvailable}' },
    ])
    expect(await stockOf(t.db, p!.ProductID, 'WAG')).toBe(before)
    expect((await t.app.inject({ method: 'GET', url: '/api/erp/runs?size=200', headers: erpKey })).json()).toHaveLength(runsBefore)
  })

  it('refuses a quantity sent as text, "12" included, with a 400 naming the row\'s field, and writes nothing', async () => {
    const [p] = await brandPage(await someBrand())
    const before = await stockOf(t.db, p!.ProductID, 'WAG')
    const res = await sendStock([
      { ProductCode: p!.ProductCode, LocationID: 'WAG', QtyAvailable: 7 },
      { ProductCode: p!.ProductCode, LocationID: 'MEL', QtyAvailable: '12' },
    ])
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ error: 'not_a_number', fields: [{ field: 'body.1.QtyAvailable' }] })
    expect(res.json().message).toBe('QtyAvailable must be a JSON number such as 12, not the text "12" (row 2).')
    expect(await stockOf(t.db, p!.ProductID, 'WAG')).toBe(before)
  })

  it('refuses more than the row limit with a 400 naming it, and a body that is not a list', async () => {
    const rows = Array.from({ length: ERP_STOCK_MAX_ROWS + 1 }, (_, i) => ({ ProductCode: `P${i}`, LocationID: 'WAG', QtyAvailable: 1 }))
    const res = await sendStock(rows)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ error: 'too_many_rows', fields: [{ field: 'body' }] })
    expect(res.json().message).toContain(`At most ${ERP_STOCK_MAX_ROWS} stock rows a call`)
    const notAList = await sendStock({ ProductCode: 'X', LocationID: 'WAG', QtyAvailable: 1 })
    expect(notAList.statusCode).toBe(400)
  })

  it('takes an empty delta as a run that changed nothing', async () => {
    const res = await sendStock([])
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ rows: 0, changed: 0, unchanged: 0 })
  })

  it("leaves what card payments hold alone: the branch count is the ERP's, the hold still counts against it (decision 0024)", async () => {
    const [p] = await brandPage(await someBrand())
    const pending = await t.db.selectFrom('users').select(['id', 'account_id']).where('username', '=', 'cash').executeTakeFirstOrThrow()
    await t.db
      .insertInto('pending_orders')
      .values({
        id: '00000000-0000-4000-8000-00000000e4f0',
        reference: 'W0000ERPHOLD1',
        account_id: pending.account_id,
        user_id: pending.id,
        location_id: 'WAG',
        order_details: '{}',
        amount_cents: 1100,
        provider: 'securepay',
        lines: '[]',
      })
      .execute()
    await t.db
      .insertInto('stock_holds')
      .values({
        pending_order_id: '00000000-0000-4000-8000-00000000e4f0',
        user_id: pending.id,
        location_id: 'WAG',
        product_id: p!.ProductID,
        qty: 4,
        expires_at: new Date(Date.now() + 600_000),
      })
      .execute()
    expect((await sendStock([{ ProductCode: p!.ProductCode, LocationID: 'WAG', QtyAvailable: 6 }])).statusCode).toBe(200)
    const hold = await t.db.selectFrom('stock_holds').select('qty').where('pending_order_id', '=', '00000000-0000-4000-8000-00000000e4f0').executeTakeFirst()
    expect(hold?.qty).toBe(4)
    expect(await stockOf(t.db, p!.ProductID, 'WAG')).toBe(6)
  })
})
