import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'

let t: TestContext
let trade: string
let staff: string
let elders: string
/** A second plain user of trade's account, besides staff. */
let clerk: string
/** A user of another account. */
let outsider: string
let products: Array<{ id: number; code: string }>
let hidden: { id: number }

beforeAll(async () => {
  t = await startTestApp()
  ;[trade, staff, elders] = await Promise.all([signIn(t.app, DEMO.trade), signIn(t.app, DEMO.staff), signIn(t.app, DEMO.elders)])
  const made = await call('POST', trade, '/api/users', { email: 'clerk@example.com', username: 'lists-clerk', password: 'Clerk2026x' })
  expect(made.statusCode).toBe(201)
  clerk = await signIn(t.app, { username: 'lists-clerk', password: 'Clerk2026x' })
  outsider = await signIn(t.app, DEMO.cash)
  const visible = await sql<{ id: number; code: string }>`
    SELECT p.id, p.product_code AS code FROM products p
    JOIN brands b ON b.brand_code = p.brand_code
    JOIN categories c ON c.id = p.category_id LEFT JOIN categories pc ON pc.id = c.parent_id
    WHERE p.active AND NOT b.hidden_for_elders AND NOT c.hidden_for_elders AND NOT coalesce(pc.hidden_for_elders, false)
    ORDER BY p.id LIMIT 20`.execute(t.db)
  products = visible.rows
  hidden = (
    await sql<{
      id: number
    }>`SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id WHERE p.active AND c.hidden_for_elders ORDER BY p.id LIMIT 1`.execute(t.db)
  ).rows[0]!
})
afterAll(async () => t?.close())

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', token: string, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) })

async function newList(token: string, name: string, lines: Array<{ ProductID: number; Quantity: number }> = []) {
  const res = await call('POST', token, '/api/lists', { name, lines })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id as number
}

describe('saved order lists', () => {
  it('makes a list with lines and shows each product’s current price and stock at the branch asked', async () => {
    const [a, b] = [products[0]!, products[1]!]
    const res = await call('POST', staff, '/api/lists', {
      name: '  Weekly drench  ',
      lines: [
        { ProductID: a.id, Quantity: 4 },
        { ProductID: b.id, Quantity: 1 },
      ],
    })
    expect(res.statusCode).toBe(201)
    const id = res.json().id as number
    expect(res.json()).toMatchObject({ name: 'Weekly drench', lineCount: 2, createdBy: expect.any(String), canChange: true })

    const detail = await call('GET', trade, `/api/lists/${id}?warehouse=tam`)
    expect(detail.statusCode).toBe(200)
    const page = (await call('GET', trade, `/api/product/${a.id}?warehouse=TAM`)).json()
    expect(detail.json()).toMatchObject({
      id,
      warehouse: 'TAM',
      lines: [
        { ProductID: a.id, ProductCode: a.code, Quantity: 4 },
        { ProductID: b.id, Quantity: 1 },
      ],
    })
    // A line's product is its offer: the product page's prices and stock, whole, and none of its texts (decision 0100).
    const { SinglePricing, CartonPricing, CartonQty, PalletPricing, PalletQty, Availability } = page
    expect(detail.json().lines[0].Product).toEqual({ SinglePricing, CartonPricing, CartonQty, PalletPricing, PalletQty, Availability })
    expect((await call('GET', trade, '/api/lists')).json()).toContainEqual(expect.objectContaining({ id, name: 'Weekly drench', lineCount: 2 }))
  })

  it('makes an empty list, and adds to a product’s quantity when it is added again', async () => {
    const a = products[2]!
    const id = await newList(trade, 'Empty to start')
    expect((await call('GET', trade, `/api/lists/${id}`)).json().lines).toEqual([])
    await call('POST', trade, `/api/lists/${id}/lines`, { ProductID: a.id, Quantity: 2 })
    const again = await call('POST', trade, `/api/lists/${id}/lines`, { ProductID: a.id, Quantity: 3 })
    expect(again.statusCode).toBe(200)
    expect(again.json().lines).toMatchObject([{ ProductID: a.id, Quantity: 5 }])
  })

  it('edits quantities and removes lines by replacing them, and removes a single line', async () => {
    const [a, b, c] = [products[3]!, products[4]!, products[5]!]
    const id = await newList(trade, 'To edit', [
      { ProductID: a.id, Quantity: 1 },
      { ProductID: b.id, Quantity: 1 },
      { ProductID: c.id, Quantity: 1 },
    ])
    const edited = await call('PUT', trade, `/api/lists/${id}`, {
      lines: [
        { ProductID: c.id, Quantity: 7 },
        { ProductID: a.id, Quantity: 2 },
      ],
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({
      name: 'To edit',
      lines: [
        { ProductID: c.id, Quantity: 7 },
        { ProductID: a.id, Quantity: 2 },
      ],
    })
    const renamed = await call('PUT', trade, `/api/lists/${id}`, { name: 'Renamed' })
    expect(renamed.json()).toMatchObject({ name: 'Renamed', lineCount: 2 })
    const removed = await call('DELETE', trade, `/api/lists/${id}/lines/${c.id}`)
    expect(removed.json().lines).toMatchObject([{ ProductID: a.id }])
    expect((await call('DELETE', trade, `/api/lists/${id}/lines/${c.id}`)).statusCode).toBe(404)
  })

  it('is used by everyone on the account but changed only by its creator and Administrators', async () => {
    const a = products[6]!
    const clerks = await newList(clerk, 'Clerk’s list', [{ ProductID: a.id, Quantity: 1 }])
    // Staff may read it and not change it.
    expect((await call('GET', staff, `/api/lists/${clerks}`)).json()).toMatchObject({ canChange: false, lines: [{ ProductID: a.id }] })
    for (const res of [
      await call('PUT', staff, `/api/lists/${clerks}`, { name: 'Mine now' }),
      await call('POST', staff, `/api/lists/${clerks}/lines`, { ProductID: a.id, Quantity: 1 }),
      await call('DELETE', staff, `/api/lists/${clerks}/lines/${a.id}`),
      await call('DELETE', staff, `/api/lists/${clerks}`),
    ]) {
      expect(res.statusCode).toBe(403)
      expect(res.json().error).toBe('forbidden')
    }
    expect((await call('GET', clerk, `/api/lists/${clerks}`)).json()).toMatchObject({ name: 'Clerk’s list', canChange: true, lines: [{ Quantity: 1 }] })
    // Its creator and an Administrator may.
    expect((await call('PUT', clerk, `/api/lists/${clerks}`, { name: 'Clerk’s weekly' })).statusCode).toBe(200)
    expect((await call('GET', trade, `/api/lists/${clerks}`)).json().canChange).toBe(true)
    expect((await call('DELETE', trade, `/api/lists/${clerks}`)).statusCode).toBe(204)
    expect((await call('GET', clerk, `/api/lists/${clerks}`)).statusCode).toBe(404)
  })

  it('another account’s list is not found, and not listed', async () => {
    const id = await newList(trade, 'Trade only', [{ ProductID: products[7]!.id, Quantity: 1 }])
    for (const res of [
      await call('GET', outsider, `/api/lists/${id}`),
      await call('PUT', outsider, `/api/lists/${id}`, { name: 'Taken' }),
      await call('POST', outsider, `/api/lists/${id}/lines`, { ProductID: products[7]!.id, Quantity: 1 }),
      await call('DELETE', outsider, `/api/lists/${id}/lines/${products[7]!.id}`),
      await call('DELETE', outsider, `/api/lists/${id}`),
    ]) {
      expect(res.statusCode).toBe(404)
    }
    expect((await call('GET', outsider, '/api/lists')).json().map((l: { id: number }) => l.id)).not.toContain(id)
    expect((await call('GET', trade, `/api/lists/${id}`)).json().name).toBe('Trade only')
  })

  it('shows a withdrawn product as not sold, without a price; a reseller cannot put a hidden product on a list', async () => {
    const gone = products[8]!
    const id = await newList(trade, 'With a withdrawn product', [
      { ProductID: gone.id, Quantity: 2 },
      { ProductID: products[9]!.id, Quantity: 1 },
    ])
    await t.db.updateTable('products').set({ active: false }).where('id', '=', gone.id).execute()
    const lines = (await call('GET', trade, `/api/lists/${id}`)).json().lines
    expect(lines[0]).toMatchObject({ ProductID: gone.id, ProductCode: gone.code, Quantity: 2, Product: null })
    expect(lines[1].Product).not.toBeNull()

    const res = await call('POST', elders, '/api/lists', {
      name: 'Hidden',
      lines: [
        { ProductID: products[10]!.id, Quantity: 1 },
        { ProductID: hidden.id, Quantity: 1 },
      ],
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().fields[0].field).toBe('body.lines.1.ProductID')
    expect(JSON.stringify(res.json())).not.toContain(String(hidden.id))
  })

  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = await t.db
      .selectFrom('order_lists')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
    const a = products[11]!
    const cases: Array<[unknown, string]> = [
      [{ lines: [] }, 'body.name'],
      [{ name: '   ' }, 'body.name'],
      [{ name: 'x'.repeat(81) }, 'body.name'],
      [{ name: 'Bad', lines: 'A,1' }, 'body.lines'],
      [{ name: 'Bad', lines: [{ ProductID: a.id, Quantity: 0 }] }, 'body.lines.0.Quantity'],
      [{ name: 'Bad', lines: [{ ProductID: a.id, Quantity: 1.5 }] }, 'body.lines.0.Quantity'],
      [{ name: 'Bad', lines: [{ ProductID: a.id, Quantity: 100_000 }] }, 'body.lines.0.Quantity'],
      [
        {
          name: 'Bad',
          lines: [
            { ProductID: a.id, Quantity: 1 },
            { ProductID: 2_000_000_000, Quantity: 1 },
          ],
        },
        'body.lines.1.ProductID',
      ],
      [
        {
          name: 'Bad',
          lines: [
            { ProductID: a.id, Quantity: 60_000 },
            { ProductID: a.id, Quantity: 60_000 },
          ],
        },
        'body.lines.1.Quantity',
      ],
      [{ name: 'Bad', lines: Array.from({ length: 501 }, () => ({ ProductID: a.id, Quantity: 1 })) }, 'body.lines'],
    ]
    for (const [body, field] of cases) {
      const res = await call('POST', trade, '/api/lists', body)
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(res.json().fields[0].field).toBe(field)
    }
    const id = await newList(trade, 'Kept as is', [{ ProductID: a.id, Quantity: 3 }])
    const edits: Array<[string, string, unknown, string]> = [
      ['PUT', `/api/lists/${id}`, {}, 'body.name'],
      ['PUT', `/api/lists/${id}`, { lines: [{ ProductID: a.id, Quantity: -1 }] }, 'body.lines.0.Quantity'],
      ['PUT', `/api/lists/${id}`, { name: 'Half', lines: [{ ProductID: 2_000_000_000, Quantity: 1 }] }, 'body.lines.0.ProductID'],
      ['POST', `/api/lists/${id}/lines`, { ProductID: a.id }, 'body.Quantity'],
      ['POST', `/api/lists/${id}/lines`, { ProductID: 2_000_000_000, Quantity: 1 }, 'body.ProductID'],
      ['GET', '/api/lists/abc', undefined, 'params.id'],
    ]
    for (const [method, url, body, field] of edits) {
      const res = await call(method as 'PUT', trade, url, body)
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400)
      expect(res.json().fields[0].field).toBe(field)
    }
    expect((await call('GET', trade, `/api/lists/${id}`)).json()).toMatchObject({ name: 'Kept as is', lines: [{ ProductID: a.id, Quantity: 3 }] })
    const after = await t.db
      .selectFrom('order_lists')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n) + 1)
  })

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/lists' })).statusCode).toBe(401)
  })
})
