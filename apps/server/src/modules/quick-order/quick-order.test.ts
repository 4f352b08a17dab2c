import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'

let t: TestContext
let trade: string
let cash: string
let elders: string
let ids: { trade: number; cash: number; elders: number }
/** Products every user may see, with their code and barcode; each test takes its own. */
let pool: Array<{ id: number; code: string; barcode: string; description: string }>
let hidden: { id: number; code: string; barcode: string }

beforeAll(async () => {
  t = await startTestApp()
  ;[trade, cash, elders] = await Promise.all([signIn(t.app, DEMO.trade), signIn(t.app, DEMO.cash), signIn(t.app, DEMO.elders)])
  const users = await t.db.selectFrom('users').select(['id', 'username']).where('username', 'in', ['trade', 'cash', 'elders']).execute()
  const user = (name: string) => users.find((u) => u.username === name)!.id
  ids = { trade: user('trade'), cash: user('cash'), elders: user('elders') }
  const visible = await sql<{ id: number; code: string; barcode: string; description: string }>`
    SELECT p.id, p.product_code AS code, p.barcode, p.description FROM products p
    JOIN brands b ON b.brand_code = p.brand_code
    JOIN categories c ON c.id = p.category_id LEFT JOIN categories pc ON pc.id = c.parent_id
    WHERE p.active AND p.barcode IS NOT NULL AND NOT b.hidden_for_elders AND NOT c.hidden_for_elders AND NOT coalesce(pc.hidden_for_elders, false)
      AND (SELECT count(*) FROM products o WHERE o.barcode = p.barcode) = 1
    ORDER BY p.id DESC LIMIT 120`.execute(t.db)
  pool = visible.rows
  const secret = await sql<{ id: number; code: string; barcode: string }>`
    SELECT p.id, p.product_code AS code, p.barcode FROM products p
    JOIN categories c ON c.id = p.category_id
    WHERE p.active AND p.barcode IS NOT NULL AND c.hidden_for_elders ORDER BY p.id LIMIT 1`.execute(t.db)
  hidden = secret.rows[0]!
})
afterAll(async () => t?.close())

const take = () => {
  const p = pool.shift()
  if (!p) throw new Error('product pool exhausted')
  return p
}

const call = (method: 'GET' | 'POST' | 'DELETE', token: string, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) })
const bulk = (token: string, body: unknown) => call('POST', token, '/api/cart/bulk', body)

async function setStock(productId: number, branch: string, qty: number) {
  await t.db
    .insertInto('stock')
    .values({ product_id: productId, location_id: branch, qty_available: qty })
    .onConflict((oc) => oc.columns(['location_id', 'product_id']).doUpdateSet({ qty_available: qty }))
    .execute()
}

/** What the user's cart holds: product id to quantity, and its branch. */
async function cartOf(userId: number) {
  const rows = await t.db
    .selectFrom('cart_lines')
    .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
    .select(['cart_lines.product_id', 'cart_lines.quantity', 'carts.location_id'])
    .where('carts.user_id', '=', userId)
    .execute()
  return { branch: rows[0]?.location_id ?? null, lines: Object.fromEntries(rows.map((r) => [r.product_id, r.quantity])) }
}

const CAS_MESSAGE = 'Unfortunately the requested quantity is not available for purchase'

describe('POST /api/cart/bulk', () => {
  beforeEach(async () => {
    for (const token of [trade, cash, elders]) await call('DELETE', token, '/api/cart')
  })

  it('adds every valid line in one call, by code in any case, by barcode in the code column, or by barcode', async () => {
    const [a, b, c] = [take(), take(), take()]
    const res = await bulk(trade, {
      warehouse: 'wag',
      lines: [
        { code: a.code.toLowerCase(), qty: 2 },
        { code: ` ${b.barcode} `, qty: '3' },
        { barcode: c.barcode, qty: 1 },
      ],
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      warehouse: 'WAG',
      added: [
        { index: 0, ProductID: a.id, ProductCode: a.code, Description: a.description, Quantity: 2 },
        { index: 1, ProductID: b.id, ProductCode: b.code, Quantity: 3 },
        { index: 2, ProductID: c.id, ProductCode: c.code, Quantity: 1 },
      ],
      notAdded: [],
      summary: { Count: 3, warehouse: 'WAG' },
    })
    expect(body.summary.Value).toBeGreaterThan(0)
    expect(await cartOf(ids.trade)).toEqual({ branch: 'WAG', lines: { [a.id]: 2, [b.id]: 3, [c.id]: 1 } })
  })

  it('sums a product’s quantities with what the cart holds and with the product’s other lines in the call', async () => {
    const [a, b] = [take(), take()]
    expect((await call('POST', trade, '/api/cart', { productID: a.id, qty: 4, warehouse: 'WAG' })).statusCode).toBe(200)
    const res = await bulk(trade, {
      warehouse: 'WAG',
      lines: [
        { code: a.code, qty: 1 },
        { code: b.code, qty: 2 },
        { barcode: a.barcode, qty: 5 },
      ],
    })
    expect(res.json()).toMatchObject({ notAdded: [], summary: { Count: 2 } })
    expect((await cartOf(ids.trade)).lines).toEqual({ [a.id]: 10, [b.id]: 2 })
  })

  it('reports every other line with its reason and message, and adds the rest', async () => {
    const [good, gone, other] = [take(), take(), take()]
    await t.db.updateTable('products').set({ active: false }).where('id', '=', gone.id).execute()
    const lines = [
      { code: good.code, qty: 2 },
      { code: 'NO-SUCH-CODE-1', qty: 1 },
      { code: gone.code, qty: 1 },
      { code: other.code, qty: 0 },
      { code: other.code, qty: -1 },
      { code: other.code, qty: 2.5 },
      { code: other.code, qty: 'two' },
      { code: other.code, qty: '' },
      { code: other.code, qty: null },
      { code: other.code },
      { code: '', qty: 1 },
      { code: other.code, qty: 100_000 },
      { code: other.code, qty: '7' },
    ]
    const res = await bulk(trade, { warehouse: 'WAG', lines })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.added).toEqual([
      { index: 0, ProductID: good.id, ProductCode: good.code, Description: good.description, Quantity: 2 },
      { index: 12, ProductID: other.id, ProductCode: other.code, Description: other.description, Quantity: 7 },
    ])
    const invalid = { reason: 'invalid_quantity', message: 'Quantity must be a whole number of at least 1' }
    expect(body.notAdded).toEqual([
      { index: 1, code: 'NO-SUCH-CODE-1', reason: 'unknown_code', message: 'Unknown product code' },
      { index: 2, code: gone.code, reason: 'not_sold', message: 'This product is not sold to your account' },
      ...[3, 4, 5, 6, 7, 8, 9].map((index) => ({ index, code: other.code, ...invalid })),
      { index: 10, code: '', reason: 'unknown_code', message: 'Unknown product code' },
      { index: 11, code: other.code, reason: 'quantity_limit', message: 'A cart line can hold at most 99,999' },
    ])
    expect((await cartOf(ids.trade)).lines).toEqual({ [good.id]: 2, [other.id]: 7 })
  })

  it('finds a code typed without its dashes or spaces, in any case, as search does', async () => {
    const [a, b, c] = [take(), take(), take()]
    const res = await bulk(trade, {
      warehouse: 'WAG',
      lines: [
        { code: a.code.replace(/-/g, ''), qty: 2 },
        { code: b.code.replace(/-/g, ' ').toLowerCase(), qty: '3' },
        { code: ` ${c.code.replace(/-/g, '').toLowerCase()} `, qty: 1 },
        { code: a.code.replace(/-/g, '').slice(0, -1), qty: 1 },
      ],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      added: [
        { index: 0, ProductID: a.id, ProductCode: a.code, Quantity: 2 },
        { index: 1, ProductID: b.id, ProductCode: b.code, Quantity: 3 },
        { index: 2, ProductID: c.id, ProductCode: c.code, Quantity: 1 },
      ],
      notAdded: [{ index: 3, reason: 'unknown_code' }],
    })
    expect((await cartOf(ids.trade)).lines).toEqual({ [a.id]: 2, [b.id]: 3, [c.id]: 1 })
  })

  it('does not guess between products whose codes are alike without their dashes, and adds the rest', async () => {
    const [x, y, z] = [take(), take(), take()]
    await t.db.updateTable('products').set({ product_code: 'ZZQ-AB-12' }).where('id', '=', x.id).execute()
    await t.db.updateTable('products').set({ product_code: 'ZZQ-A-B12' }).where('id', '=', y.id).execute()
    const res = await bulk(trade, {
      warehouse: 'WAG',
      lines: [
        { code: 'ZZQAB12', qty: 1 },
        { code: 'zzq-ab-12', qty: 2 },
        { code: z.code, qty: 1 },
      ],
    })
    expect(res.json()).toMatchObject({
      added: [
        { index: 1, ProductID: x.id, Quantity: 2 },
        { index: 2, ProductID: z.id, Quantity: 1 },
      ],
      notAdded: [
        {
          index: 0,
          code: 'ZZQAB12',
          reason: 'ambiguous_code',
          message: 'More than one product has this code without its dashes or spaces: type it in full',
        },
      ],
    })
    expect((await cartOf(ids.trade)).lines).toEqual({ [x.id]: 2, [z.id]: 1 })
  })

  it('refuses a quantity that is not a whole number, however it is written, and adds nothing for it', async () => {
    const a = take()
    const res = await bulk(trade, {
      warehouse: 'WAG',
      lines: ['2.5', 2.5, '2,5', '-2', '1e3', 'abc'].map((qty) => ({ code: a.code, qty })),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().added).toEqual([])
    expect(res.json().notAdded.map((n: { reason: string }) => n.reason)).toEqual(Array(6).fill('invalid_quantity'))
    expect((await cartOf(ids.trade)).lines).toEqual({})
  })

  it('a line that would take a cart line past 99,999 is refused whole, not cut back', async () => {
    const a = take()
    await bulk(trade, { warehouse: 'WAG', lines: [{ code: a.code, qty: 99_990 }] })
    const res = await bulk(trade, { warehouse: 'WAG', lines: [{ code: a.code, qty: 10 }] })
    expect(res.json()).toMatchObject({ added: [], notAdded: [{ index: 0, reason: 'quantity_limit' }] })
    expect((await cartOf(ids.trade)).lines).toEqual({ [a.id]: 99_990 })
    expect((await bulk(trade, { warehouse: 'WAG', lines: [{ code: a.code, qty: 9 }] })).json().added).toHaveLength(1)
  })

  it('never adds a reseller a product of a hidden category, and answers its code as a made-up one; others may add it', async () => {
    const a = take()
    const res = await bulk(elders, {
      warehouse: 'SHE',
      lines: [
        { code: hidden.code, qty: 1 },
        { barcode: hidden.barcode, qty: 1 },
        { code: a.code, qty: 1 },
        { code: 'NO-SUCH-CODE-9', qty: 1 },
        { code: hidden.code.toLowerCase(), qty: 0 },
      ],
    })
    const unknown = { reason: 'unknown_code', message: 'Unknown product code' }
    expect(res.json()).toMatchObject({
      added: [{ index: 2, ProductID: a.id }],
      notAdded: [
        { index: 0, code: hidden.code, ...unknown },
        { index: 1, code: hidden.barcode, ...unknown },
        { index: 3, code: 'NO-SUCH-CODE-9', ...unknown },
        // As for a made-up code, the unknown code is reported before the bad quantity.
        { index: 4, code: hidden.code.toLowerCase(), ...unknown },
      ],
    })
    expect(JSON.stringify(res.json())).not.toContain(String(hidden.id))
    expect((await cartOf(ids.elders)).lines).toEqual({ [a.id]: 1 })
    expect((await bulk(trade, { warehouse: 'WAG', lines: [{ code: hidden.code, qty: 1 }] })).json().added).toHaveLength(1)
  })

  it('keeps a cash-sale account within the branch’s stock, line by line, with the cart’s stock message', async () => {
    const [a, b, none] = [take(), take(), take()]
    await setStock(a.id, 'MEL', 5)
    await setStock(b.id, 'MEL', 10)
    await setStock(none.id, 'MEL', 0)
    await setStock(a.id, 'WAG', 500)
    expect((await call('POST', cash, '/api/cart', { productID: a.id, qty: 3, warehouse: 'MEL' })).statusCode).toBe(200)
    const res = await bulk(cash, {
      warehouse: 'MEL',
      lines: [
        { code: a.code, qty: 3 },
        { code: b.code, qty: 6 },
        { code: none.code, qty: 1 },
        { code: a.code, qty: 2 },
        { code: b.code, qty: 5 },
      ],
    })
    expect(res.json()).toMatchObject({
      added: [
        { index: 1, ProductID: b.id, Quantity: 6 },
        { index: 3, ProductID: a.id, Quantity: 2 },
      ],
      notAdded: [
        { index: 0, reason: 'quantity_not_available', message: CAS_MESSAGE },
        { index: 2, reason: 'quantity_not_available', message: CAS_MESSAGE },
        { index: 4, reason: 'quantity_not_available', message: CAS_MESSAGE },
      ],
    })
    expect((await cartOf(ids.cash)).lines).toEqual({ [a.id]: 5, [b.id]: 6 })
    // Other accounts may order beyond stock (it goes on back order).
    expect((await bulk(trade, { warehouse: 'MEL', lines: [{ code: none.code, qty: 3 }] })).json().added).toHaveLength(1)
  })

  it('follows the cart’s branch rules for the whole call: nothing is added when the branch is refused', async () => {
    const [a, b] = [take(), take()]
    for (const warehouse of ['ZZZ', 'FMB', '0']) {
      const res = await bulk(trade, { warehouse, lines: [{ code: a.code, qty: 1 }] })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ error: 'unknown_warehouse', fields: [{ field: 'body.warehouse' }] })
    }
    await bulk(trade, { warehouse: 'WAG', lines: [{ code: a.code, qty: 1 }] })
    const mismatch = await bulk(trade, { warehouse: 'MEL', lines: [{ code: b.code, qty: 1 }] })
    expect(mismatch.statusCode).toBe(409)
    expect(mismatch.json()).toMatchObject({ error: 'cart_branch_mismatch' })
    expect(await cartOf(ids.trade)).toEqual({ branch: 'WAG', lines: { [a.id]: 1 } })

    const outside = await bulk(elders, { warehouse: 'PER', lines: [{ code: b.code, qty: 1 }] })
    expect(outside.statusCode).toBe(403)
    expect(outside.json().error).toBe('branch_not_in_group')
    expect(await cartOf(ids.elders)).toEqual({ branch: null, lines: {} })
  })

  it('takes up to 500 lines; 501 is a 400 that says the limit, and adds nothing', async () => {
    // 50 products, each on ten lines: the cart sums them.
    const products = pool.splice(0, 50)
    const lines = Array.from({ length: 500 }, (_, i) => ({ code: products[i % 50]!.code, qty: 1 }))
    const tooMany = await bulk(trade, { warehouse: 'WAG', lines: [...lines, { code: products[0]!.code, qty: 1 }] })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json()).toMatchObject({ error: 'invalid_request', fields: [{ field: 'body.lines', message: 'At most 500 lines can be added in one go' }] })
    expect(tooMany.json().message).toContain('500')
    expect((await cartOf(ids.trade)).lines).toEqual({})

    const res = await bulk(trade, { warehouse: 'WAG', lines })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ notAdded: [], summary: { Count: 50 } })
    expect(res.json().added).toHaveLength(500)
    expect(Object.values((await cartOf(ids.trade)).lines)).toEqual(Array(50).fill(10))
  })

  it('refuses a call without a branch or lines, naming the field', async () => {
    const a = take()
    const cases: Array<[unknown, string]> = [
      [{ lines: [{ code: a.code, qty: 1 }] }, 'body.warehouse'],
      [{ warehouse: 'WAG' }, 'body.lines'],
      [{ warehouse: 'WAG', lines: [] }, 'body.lines'],
      [{ warehouse: 'WAG', lines: 'A,1' }, 'body.lines'],
      [{ warehouse: 'WAG', lines: [{ code: 5, qty: 1 }] }, 'body.lines.0.code'],
      [{ warehouse: 'WAG', lines: [{ code: a.code, qty: { n: 1 } }] }, 'body.lines.0.qty'],
    ]
    for (const [body, field] of cases) {
      const res = await bulk(trade, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().fields[0].field).toBe(field)
    }
    expect((await cartOf(ids.trade)).lines).toEqual({})
  })

  it('two bulk adds at once to one cart give the sum of both', async () => {
    const [a, b, c] = [take(), take(), take()]
    const one = {
      warehouse: 'WAG',
      lines: [
        { code: a.code, qty: 3 },
        { code: b.code, qty: 2 },
      ],
    }
    const two = {
      warehouse: 'WAG',
      lines: [
        { code: a.code, qty: 4 },
        { code: c.code, qty: 1 },
        { code: b.code, qty: 5 },
      ],
    }
    const results = await Promise.all([bulk(trade, one), bulk(trade, two), bulk(trade, one)])
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200])
    expect((await cartOf(ids.trade)).lines).toEqual({ [a.id]: 10, [b.id]: 9, [c.id]: 1 })
  })

  it('two bulk adds at once by a cash-sale account cannot together pass the stock', async () => {
    const a = take()
    await setStock(a.id, 'MEL', 5)
    const ask = { warehouse: 'MEL', lines: [{ code: a.code, qty: 3 }] }
    const results = (await Promise.all([bulk(cash, ask), bulk(cash, ask)])).map((r) => r.json())
    expect(results.map((r) => r.added.length).sort()).toEqual([0, 1])
    expect(results.flatMap((r) => r.notAdded)).toEqual([{ index: 0, code: a.code, reason: 'quantity_not_available', message: CAS_MESSAGE }])
    expect((await cartOf(ids.cash)).lines).toEqual({ [a.id]: 3 })
  })

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/cart/bulk', payload: { warehouse: 'WAG', lines: [{ code: 'X', qty: 1 }] } })
    expect(res.statusCode).toBe(401)
  })
})

describe('GET /api/products/by-code', () => {
  const byCode = (token: string, query: string) => call('GET', token, `/api/products/by-code?${query}`)

  it('finds a product by its code in any case, or by its barcode, as its product page shows it at the branch', async () => {
    const a = take()
    await setStock(a.id, 'TAM', 17)
    const page = (await call('GET', trade, `/api/product/${a.id}?warehouse=TAM`)).json()
    for (const code of [a.code, a.code.toLowerCase(), a.barcode]) {
      const res = await byCode(trade, `code=${encodeURIComponent(code)}&warehouse=TAM`)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual(page)
    }
    expect(page).toMatchObject({ ProductID: a.id, Availability: { Available: 17 } })
  })

  it('finds a code typed without its dashes or spaces when it names one product only', async () => {
    const [a, x, y] = [take(), take(), take()]
    for (const code of [a.code.replace(/-/g, ''), a.code.replace(/-/g, ' ').toLowerCase()]) {
      const res = await byCode(trade, `code=${encodeURIComponent(code)}`)
      expect(res.statusCode, code).toBe(200)
      expect(res.json()).toMatchObject({ ProductID: a.id, ProductCode: a.code })
    }
    await t.db.updateTable('products').set({ product_code: 'ZZR-CD-34' }).where('id', '=', x.id).execute()
    await t.db.updateTable('products').set({ product_code: 'ZZR-C-D34' }).where('id', '=', y.id).execute()
    expect((await byCode(trade, 'code=ZZRCD34')).statusCode).toBe(404)
    expect((await byCode(trade, 'code=zzr-c-d34')).json()).toMatchObject({ ProductID: y.id })
    // What a reseller may not see is not found this way either.
    expect((await byCode(elders, `code=${encodeURIComponent(hidden.code.replace(/-/g, ''))}`)).statusCode).toBe(404)
  })

  it('answers 404 for an unknown code, a product no longer sold, and a reseller’s hidden product', async () => {
    const gone = take()
    await t.db.updateTable('products').set({ active: false }).where('id', '=', gone.id).execute()
    for (const [token, code] of [
      [trade, 'NO-SUCH-CODE'],
      [trade, gone.code],
      [elders, hidden.code],
      [elders, hidden.barcode],
    ] as const) {
      const res = await byCode(token, `code=${encodeURIComponent(code)}`)
      expect(res.statusCode, code).toBe(404)
      expect(res.json()).toEqual({ error: 'not_found', message: 'No such product.' })
    }
    expect((await byCode(trade, `code=${encodeURIComponent(hidden.code)}`)).statusCode).toBe(200)
  })

  it('refuses a blank code and an unknown branch', async () => {
    const blank = await byCode(trade, 'code=%20')
    expect(blank.statusCode).toBe(400)
    expect(blank.json().fields[0].field).toBe('querystring.code')
    const branch = await byCode(trade, `code=${encodeURIComponent(take().code)}&warehouse=ZZZ`)
    expect(branch.statusCode).toBe(400)
    expect(branch.json().error).toBe('unknown_warehouse')
  })
})

// The web app's offline queue sends a quick order again with the same key until it has an answer (docs/decisions/0031).
describe('POST /api/cart/bulk with an Idempotency-Key', () => {
  beforeEach(async () => {
    for (const token of [trade, cash, elders]) await call('DELETE', token, '/api/cart')
  })

  const keyed = (token: string, body: unknown, key: string) =>
    t.app.inject({ method: 'POST', url: '/api/cart/bulk', headers: { ...bearer(token), 'idempotency-key': key }, payload: body as object })

  it('a repeat with the same key adds once and answers the same report; a fresh key adds again', async () => {
    const [a, b] = [take(), take()]
    const body = {
      warehouse: 'WAG',
      lines: [
        { code: a.code, qty: 2 },
        { code: 'NO-SUCH-CODE', qty: 1 },
        { code: b.code, qty: 3 },
      ],
    }
    const key = randomUUID()
    const first = await keyed(trade, body, key)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ added: [{ index: 0 }, { index: 2 }], notAdded: [{ index: 1, reason: 'unknown_code' }] })
    const again = await keyed(trade, body, key)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    expect((await cartOf(ids.trade)).lines).toEqual({ [a.id]: 2, [b.id]: 3 })
    expect((await keyed(trade, body, randomUUID())).statusCode).toBe(200)
    expect((await cartOf(ids.trade)).lines).toEqual({ [a.id]: 4, [b.id]: 6 })
  })

  it('repeats at the same moment add once', async () => {
    const a = take()
    const key = randomUUID()
    const answers = await Promise.all([1, 2, 3].map(() => keyed(trade, { warehouse: 'WAG', lines: [{ code: a.code, qty: 5 }] }, key)))
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200])
    expect(answers.map((r) => r.json().added)).toEqual([[expect.objectContaining({ ProductID: a.id })], ...Array(2).fill(answers[0]!.json().added)])
    expect((await cartOf(ids.trade)).lines).toEqual({ [a.id]: 5 })
  })

  it('a refused call keeps no key: sent again it is judged afresh', async () => {
    const [a, b] = [take(), take()]
    await bulk(trade, { warehouse: 'WAG', lines: [{ code: a.code, qty: 1 }] })
    const key = randomUUID()
    const body = { warehouse: 'MEL', lines: [{ code: b.code, qty: 1 }] }
    expect((await keyed(trade, body, key)).statusCode).toBe(409)
    await call('DELETE', trade, '/api/cart')
    const retried = await keyed(trade, body, key)
    expect(retried.statusCode).toBe(200)
    expect(await cartOf(ids.trade)).toEqual({ branch: 'MEL', lines: { [b.id]: 1 } })
  })

  it('a key used for a single add is not answered with that add’s summary', async () => {
    const [a, b] = [take(), take()]
    const key = randomUUID()
    const single = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { ...bearer(trade), 'idempotency-key': key },
      payload: { productID: a.id, qty: 1, warehouse: 'WAG' },
    })
    expect(single.statusCode).toBe(200)
    const res = await keyed(trade, { warehouse: 'WAG', lines: [{ code: b.code, qty: 1 }] }, key)
    expect(res.statusCode).toBe(200)
    expect(res.json().added).toEqual([expect.objectContaining({ ProductID: b.id })])
    expect((await cartOf(ids.trade)).lines).toEqual({ [a.id]: 1, [b.id]: 1 })
  })

  it('a key of the wrong length is a 400 naming the header, and adds nothing', async () => {
    const a = take()
    for (const key of ['short', 'k'.repeat(101)]) {
      const bad = await keyed(trade, { warehouse: 'WAG', lines: [{ code: a.code, qty: 1 }] }, key)
      expect(bad.statusCode).toBe(400)
      expect(JSON.stringify(bad.json())).toContain('idempotency-key')
    }
    expect((await cartOf(ids.trade)).lines).toEqual({})
  })
})
