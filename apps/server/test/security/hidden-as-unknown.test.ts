import ExcelJS from 'exceljs'
import type { LightMyRequestResponse } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../helpers'

/**
 * A product hidden from resellers (its category or brand is hidden for them) is, to a reseller, a product
 * that does not exist: every route that takes a product's id or code answers it exactly as it answers a
 * made-up one, and no answer names it. The same calls as a trade account find the product, so each check
 * is about the hiding and not a product that is missing anyway.
 */
let t: TestContext
let elders: string
let trade: string
let hidden: { id: number; code: string; barcode: string; description: string; attachment: number }
let visible: { id: number }
const UNKNOWN = { id: 2_000_000_000, code: 'ZZ-NO-SUCH-1', barcode: '9399999999996' }

beforeAll(async () => {
  t = await startTestApp()
  ;[elders, trade] = await Promise.all([signIn(t.app, DEMO.elders), signIn(t.app, DEMO.trade)])
  const found = await sql<typeof hidden>`
    SELECT p.id, p.product_code AS code, p.barcode, p.description, a.id AS attachment FROM products p
    JOIN categories c ON c.id = p.category_id JOIN product_attachments a ON a.product_id = p.id
    WHERE p.active AND p.barcode IS NOT NULL AND c.hidden_for_elders
      AND (SELECT count(*) FROM products o WHERE o.barcode = p.barcode) = 1
    ORDER BY p.id LIMIT 1`.execute(t.db)
  hidden = found.rows[0]!
  const open = await sql<{ id: number }>`
    SELECT p.id FROM products p JOIN brands b ON b.brand_code = p.brand_code
    JOIN categories c ON c.id = p.category_id LEFT JOIN categories pc ON pc.id = c.parent_id
    WHERE p.active AND NOT b.hidden_for_elders AND NOT c.hidden_for_elders AND NOT coalesce(pc.hidden_for_elders, false)
    ORDER BY p.id LIMIT 1`.execute(t.db)
  visible = open.rows[0]!
})
afterAll(async () => t?.close())

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })

/** Status and body, with the values the request itself carried put back to one placeholder. */
const answer = (res: LightMyRequestResponse, ...asked: Array<string | number>) => {
  let body = res.body
  for (const value of asked) body = body.split(String(value)).join('<asked>')
  return { status: res.statusCode, body }
}

/** The reseller's answer for the hidden product and for a made-up one: the same; and the hidden product named nowhere. */
async function sameAsUnknown(
  ask: (p: { id: number; code: string; barcode: string }) => Promise<LightMyRequestResponse>,
  asked: (p: { id: number; code: string; barcode: string }) => Array<string | number>,
) {
  const forHidden = await ask(hidden)
  const forUnknown = await ask(UNKNOWN)
  expect(answer(forHidden, ...asked(hidden))).toEqual(answer(forUnknown, ...asked(UNKNOWN)))
  expect(forHidden.body).not.toContain(hidden.description)
  return forHidden
}

describe('to a reseller, a hidden product is an unknown one', () => {
  it('GET /api/product/:id, its picture and its documents', async () => {
    expect(
      (
        await sameAsUnknown(
          (p) => call(elders, 'GET', `/api/product/${p.id}`),
          (p) => [p.id],
        )
      ).statusCode,
    ).toBe(404)
    expect(
      (
        await sameAsUnknown(
          (p) => call(elders, 'GET', `/api/product/${p.id}/image?width=250`),
          (p) => [p.id],
        )
      ).statusCode,
    ).toBe(404)
    const doc = await sameAsUnknown(
      (p) => call(elders, 'GET', `/api/product/${p.id}/attachment/${hidden.attachment}`),
      (p) => [p.id],
    )
    expect(doc.statusCode).toBe(404)
    expect(answer(doc)).toEqual(answer(await call(elders, 'GET', `/api/product/${hidden.id}/attachment/2000000000`)))
    // A trade account sees all three.
    expect((await call(trade, 'GET', `/api/product/${hidden.id}`)).statusCode).toBe(200)
    expect((await call(trade, 'GET', `/api/product/${hidden.id}/image?width=250`)).statusCode).toBe(200)
    expect((await call(trade, 'GET', `/api/product/${hidden.id}/attachment/${hidden.attachment}`)).statusCode).toBe(200)
  })

  it('scanning a barcode or a code (GET /api/products/by-code)', async () => {
    expect(
      (
        await sameAsUnknown(
          (p) => call(elders, 'GET', `/api/products/by-code?code=${p.barcode}`),
          (p) => [p.barcode],
        )
      ).statusCode,
    ).toBe(404)
    expect(
      (
        await sameAsUnknown(
          (p) => call(elders, 'GET', `/api/products/by-code?code=${p.code}`),
          (p) => [p.code],
        )
      ).statusCode,
    ).toBe(404)
    expect((await call(trade, 'GET', `/api/products/by-code?code=${hidden.barcode}`)).json().ProductID).toBe(hidden.id)
  })

  it('adding to the cart, one product or in bulk by code and barcode', async () => {
    await call(elders, 'DELETE', '/api/cart')
    const one = await sameAsUnknown(
      (p) => call(elders, 'POST', '/api/cart', { productID: p.id, qty: 1, warehouse: 'SHE' }),
      (p) => [p.id],
    )
    expect(one.statusCode).toBe(404)
    for (const key of ['code', 'barcode'] as const) {
      const bulk = await sameAsUnknown(
        (p) => call(elders, 'POST', '/api/cart/bulk', { warehouse: 'SHE', lines: [{ [key]: p[key], qty: 1 }] }),
        (p) => [p[key]],
      )
      expect(bulk.json().notAdded).toEqual([{ index: 0, code: hidden[key], reason: 'unknown_code', message: 'Unknown product code' }])
    }
    expect((await call(elders, 'GET', '/api/cart')).json().Count).toBe(0)
    const tradeBulk = await call(trade, 'POST', '/api/cart/bulk', { warehouse: 'WAG', lines: [{ code: hidden.code, qty: 1 }] })
    expect(tradeBulk.json().added).toHaveLength(1)
    await call(trade, 'DELETE', '/api/cart')
  })

  it('saved order lists: making one, replacing its lines, adding and removing a line', async () => {
    const made = await sameAsUnknown(
      (p) => call(elders, 'POST', '/api/lists', { name: 'Hidden', lines: [{ ProductID: p.id, Quantity: 1 }] }),
      (p) => [p.id],
    )
    expect(made.statusCode).toBe(400)
    const list = (await call(elders, 'POST', '/api/lists', { name: 'Mine', lines: [{ ProductID: visible.id, Quantity: 1 }] })).json().id as number
    const put = await sameAsUnknown(
      (p) => call(elders, 'PUT', `/api/lists/${list}`, { name: 'Mine', lines: [{ ProductID: p.id, Quantity: 1 }] }),
      (p) => [p.id],
    )
    expect(put.statusCode).toBe(400)
    const added = await sameAsUnknown(
      (p) => call(elders, 'POST', `/api/lists/${list}/lines`, { ProductID: p.id, Quantity: 1 }),
      (p) => [p.id],
    )
    expect(added.statusCode).toBe(400)
    const removed = await sameAsUnknown(
      (p) => call(elders, 'DELETE', `/api/lists/${list}/lines/${p.id}`),
      (p) => [p.id],
    )
    expect(removed.statusCode).toBe(404)
    const detail = (await call(elders, 'GET', `/api/lists/${list}`)).json()
    expect(detail.lines.map((l: { ProductID: number }) => l.ProductID)).toEqual([visible.id])
  })

  it("asking for a product's code to be set up", async () => {
    const res = await sameAsUnknown(
      (p) => call(elders, 'POST', '/api/products/code-setup', { id: p.id, warehouse: 'SHE' }),
      (p) => [p.id],
    )
    expect(res.statusCode).toBe(404)
    const sent = await t.db.selectFrom('code_setup_requests').select('id').where('product_id', '=', hidden.id).execute()
    expect(sent).toEqual([])
  })

  it('search and its suggestions, by code and by name', async () => {
    for (const text of [hidden.code, hidden.barcode, hidden.description]) {
      const suggest = await call(elders, 'GET', `/api/search/suggest?text=${encodeURIComponent(text)}`)
      expect(suggest.statusCode).toBe(200)
      expect(suggest.body).not.toContain(`"ProductID":${hidden.id},`)
      expect(suggest.body).not.toContain(hidden.code)
      const found = await call(elders, 'POST', '/api/search', { search: text })
      expect(found.statusCode).toBe(200)
      expect(found.body).not.toContain(hidden.code)
    }
    expect((await call(trade, 'GET', `/api/search/suggest?text=${hidden.code}`)).body).toContain(hidden.code)
  })

  it('the price list', async () => {
    const res = await call(elders, 'GET', '/api/price-list?warehouse=SHE')
    expect(res.statusCode).toBe(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const codes = new Set(workbook.getWorksheet('Price List')!.getColumn(1).values.slice(5).map(String))
    expect(codes.size).toBeGreaterThan(100)
    const hiddenCodes = await sql<{ code: string }>`
      SELECT p.product_code AS code FROM products p JOIN brands b ON b.brand_code = p.brand_code
      JOIN categories c ON c.id = p.category_id LEFT JOIN categories pc ON pc.id = c.parent_id
      WHERE b.hidden_for_elders OR c.hidden_for_elders OR coalesce(pc.hidden_for_elders, false)`.execute(t.db)
    expect(hiddenCodes.rows.length).toBeGreaterThan(10)
    expect(hiddenCodes.rows.filter((r) => codes.has(r.code))).toEqual([])
  })
})
