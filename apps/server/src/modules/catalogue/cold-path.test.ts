import { sql, type CompiledQuery, type KyselyPlugin } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, checkoutForm, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'
import { openDatabase, type Database } from '../../db/database'
import { PREPARED_PER_CONNECTION } from '../../db/prepared-statements'

// Decision 0098: with the caches off (CACHE_SECONDS=0) a request's cost is its round trips to the database, so
// the cold path asks as few statements as it can, and a session is still read from the database every time.

/**
 * Whether a statement was run by the app's own background work (lib/refresher.ts: the stock book or the search
 * index reading a change notification), which may fall in the middle of a request on a busy machine. Its async
 * stack goes through the refresher's loop; a request's goes through its route.
 */
function inBackground(): boolean {
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 100
  const stack = new Error().stack ?? ''
  Error.stackTraceLimit = limit
  return /[\\/]lib[\\/]refresher\.[jt]s/.test(stack)
}

/**
 * Counts the statements the app runs through Kysely for requests: transformResult is called once per statement
 * run (transformQuery is also called for the subqueries a statement is built of). BEGIN and COMMIT are the
 * driver's and not counted, nor is the background work's.
 */
class StatementCounter implements KyselyPlugin {
  count = 0
  transformQuery: KyselyPlugin['transformQuery'] = (args) => args.node
  transformResult: KyselyPlugin['transformResult'] = async (args) => {
    if (!inBackground()) this.count++
    return args.result
  }
}

/**
 * The texts of the statements the app runs for requests outside a transaction, and a hold on its background
 * work's statements: while held, the stock book's reads wait (before taking a connection), so a whole reload
 * it owes keeps it not ready for as long as a test needs.
 */
class Statements {
  texts: string[] = []
  private held: Promise<void> | null = null
  private release = () => {}

  /** `db` (a Kysely instance of its own: withPlugin made it) with its statements seen here. */
  watch(db: Database): Database {
    const executor = db.getExecutor()
    const execute = executor.executeQuery.bind(executor)
    executor.executeQuery = async <R>(query: CompiledQuery<R>) => {
      if (!inBackground()) this.texts.push(query.sql)
      else if (this.held) await this.held
      return execute(query)
    }
    return db
  }

  hold() {
    this.held = new Promise((resolve) => (this.release = resolve))
  }

  letGo() {
    this.held = null
    this.release()
  }
}

describe('the cold path (caches off)', () => {
  let ctx: TestContext
  let trade: string
  const counter = new StatementCounter()
  const statements = new Statements()

  beforeAll(async () => {
    ctx = await startTestApp({ CACHE_SECONDS: '0' }, { wrapDb: (db) => statements.watch(db.withPlugin(counter)) })
    trade = await signIn(ctx.app, DEMO.trade)
    // The search index is built from the database once, at the first search.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/search/suggest?text=drench&warehouse=WAG', headers: bearer(trade) })).statusCode).toBe(200)
    await ctx.app.inject({ method: 'DELETE', url: '/api/cart', headers: bearer(trade) })
  })
  afterAll(() => ctx?.close())

  async function statementsOf(request: { method: 'GET' | 'POST'; url: string; payload?: object }, token = trade) {
    counter.count = 0
    const res = await ctx.app.inject({ ...request, headers: bearer(token) })
    expect(res.statusCode, res.body).toBe(200)
    return counter.count
  }

  it('answers a category page, a search, suggestions and a product page with the session and one statement each', async () => {
    expect(await statementsOf({ method: 'GET', url: '/api/categories/animal-health/products?warehouse=WAG&page=1&size=40' })).toBe(2)
    expect(await statementsOf({ method: 'POST', url: '/api/search?warehouse=WAG', payload: { search: 'drench' } })).toBe(2)
    expect(await statementsOf({ method: 'GET', url: '/api/search/suggest?text=ivom&warehouse=WAG' })).toBe(2)
    expect(await statementsOf({ method: 'GET', url: '/api/product/1?warehouse=WAG' })).toBe(2)
  })

  it('answers buy-again with the session and one statement: the account’s totals with their products priced and stocked', async () => {
    // The first buy-again of a month makes the account's 12-month totals; the figure is for every later one.
    await statementsOf({ method: 'GET', url: '/api/buy-again?warehouse=WAG' })
    expect(await statementsOf({ method: 'GET', url: '/api/buy-again?warehouse=WAG' })).toBe(2)
  })

  it('adds to a cart with the session and two statements, no transaction: facts, the write answering the lines; reads it with one', async () => {
    await ctx.app.inject({ method: 'POST', url: '/api/cart', headers: bearer(trade), payload: { productID: 1, qty: 1, warehouse: 'WAG' } })
    // The write is made only if the cart is as the facts found it (decision 0098).
    expect(await statementsOf({ method: 'POST', url: '/api/cart', payload: { productID: 2, qty: 3, warehouse: 'WAG' } })).toBe(3)
    // The add answers the cart as it is once written: the same summary the cart then reads, new line or not.
    for (const productID of [1, 3]) {
      const added = (
        await ctx.app.inject({ method: 'POST', url: '/api/cart', headers: bearer(trade), payload: { productID, qty: 2, warehouse: 'WAG' } })
      ).json()
      expect(added).toEqual((await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(trade) })).json())
    }
    const items = (await ctx.app.inject({ method: 'GET', url: '/api/cart/items', headers: bearer(trade) })).json()
    expect(items.map((l: { ProductID: number; Quantity: number }) => [l.ProductID, l.Quantity])).toEqual([
      [1, 3],
      [2, 3],
      [3, 2],
    ])
    // The cart summary and the cart screen's lines: the session and one statement each, with no cart to find first.
    expect(await statementsOf({ method: 'GET', url: '/api/cart' })).toBe(2)
    expect(await statementsOf({ method: 'GET', url: '/api/cart/items?warehouse=WAG' })).toBe(2)
    await ctx.app.inject({ method: 'DELETE', url: '/api/cart', headers: bearer(trade) })
    expect((await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(trade) })).json()).toMatchObject({ Count: 0, Value: 0 })
  })

  it('adds many lines with the session, the codes and two statements, no transaction: facts, the write answering the cart (and a second look for a code not found)', async () => {
    const codes = (await sql<{ code: string }>`SELECT product_code AS code FROM products WHERE active ORDER BY id LIMIT 3`.execute(ctx.db)).rows
    await ctx.app.inject({ method: 'POST', url: '/api/cart', headers: bearer(trade), payload: { productID: 1, qty: 1, warehouse: 'WAG' } })
    counter.count = 0
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/bulk',
      headers: bearer(trade),
      payload: { warehouse: 'WAG', lines: [...codes.map(({ code }) => ({ code, qty: 2 })), { code: 'NO-SUCH-CODE', qty: 1 }] },
    })
    expect(res.statusCode, res.body).toBe(200)
    // The write is made only if the cart is as the facts found it (decision 0098). A code not found as written is
    // looked for once more without its dashes or spaces (decision 0068): one more statement, by index (migration 0026).
    expect(counter.count).toBe(5)
    const answer = res.json()
    expect(answer.notAdded.map((n: { reason: string }) => n.reason)).toEqual(['unknown_code'])
    // The bulk add answers the cart as it is once written: the same summary the cart then reads.
    expect(answer.summary).toEqual((await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(trade) })).json())
    await ctx.app.inject({ method: 'DELETE', url: '/api/cart', headers: bearer(trade) })
  })

  it('places an order on account with the session and four statements in its transaction: the cart with the buyer’s limits, the key’s order and its lines; the stock’s and the account’s locks; the holds and the credit; the order with the cart emptied and the confirmation', async () => {
    await ctx.app.inject({ method: 'DELETE', url: '/api/cart', headers: bearer(trade) })
    await ctx.app.inject({ method: 'POST', url: '/api/cart', headers: bearer(trade), payload: { productID: 1, qty: 1, warehouse: 'WAG' } })
    const form = checkoutForm({ PurchaseOrder: 'PO-COLD-1', OrderDesc: 'Round trips' })
    counter.count = 0
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...bearer(trade), 'idempotency-key': 'cold-path-order-1' },
      payload: form,
    })
    expect(res.statusCode, res.body).toBe(201)
    // BEGIN and COMMIT are the driver's and not counted. The cart and then the buyer's user row are locked, the
    // buyer's spending limits read, the key's order and approval looked for and the lines priced by one statement
    // (decision 0089); the stock rows and then the account's row are locked by one, and the stock's holds and the
    // account's credit read by the next, once the locks are granted (ordering/placement-repo.ts, decision 0086); the
    // order is written, the cart emptied and the confirmation written by one statement (decision 0098).
    expect(counter.count).toBe(5)
    const mail = await ctx.db.selectFrom('email_outbox').select('subject').where('subject', 'like', `Order ${res.json().SalesOrder}%`).execute()
    expect(mail).toHaveLength(1)
    expect((await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(trade) })).json()).toMatchObject({ Count: 0, Value: 0 })
  })

  it('refuses a session revoked straight in the database from the very next request of every kind', async () => {
    const token = await signIn(ctx.app, DEMO.trade)
    const requests = [
      { method: 'GET' as const, url: '/api/categories/animal-health/products?warehouse=WAG' },
      { method: 'GET' as const, url: '/api/product/1?warehouse=WAG' },
      { method: 'POST' as const, url: '/api/search?warehouse=WAG', payload: { search: 'drench' } },
      { method: 'GET' as const, url: '/api/search/suggest?text=drench&warehouse=WAG' },
      { method: 'POST' as const, url: '/api/cart', payload: { productID: 1, qty: 1, warehouse: 'WAG' } },
    ]
    for (const request of requests) expect((await ctx.app.inject({ ...request, headers: bearer(token) })).statusCode).toBe(200)
    // Another instance, or an administrator, ends every session of the user: no notification is waited for.
    await sql`UPDATE sessions SET revoked_at = now() WHERE revoked_at IS NULL AND user_id = (SELECT id FROM users WHERE username = 'trade')`.execute(ctx.db)
    for (const request of requests) {
      const res = await ctx.app.inject({ ...request, headers: bearer(token) })
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(401)
    }
    trade = await signIn(ctx.app, DEMO.trade)
    await ctx.app.inject({ method: 'DELETE', url: '/api/cart', headers: bearer(trade) })
  })

  it('shows a reseller the product page without hidden products and with whether its code was asked for', async () => {
    const elders = await signIn(ctx.app, DEMO.elders)
    const hidden = await sql<{ id: number }>`SELECT p.id FROM products p JOIN brands b ON b.brand_code = p.brand_code
      WHERE p.active AND b.hidden_for_elders ORDER BY p.id LIMIT 1`.execute(ctx.db)
    if (hidden.rows[0]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/product/${hidden.rows[0].id}?warehouse=WAG`, headers: bearer(elders) })
      expect(res.statusCode).toBe(404)
    }
    const shown = await sql<{ id: number }>`SELECT p.id FROM products p JOIN brands b ON b.brand_code = p.brand_code
      JOIN categories c ON c.id = p.category_id LEFT JOIN categories pc ON pc.id = c.parent_id
      WHERE p.active AND NOT b.hidden_for_elders AND NOT c.hidden_for_elders AND NOT coalesce(pc.hidden_for_elders, false) ORDER BY p.id LIMIT 1`.execute(
      ctx.db,
    )
    const id = shown.rows[0]!.id
    const before = (await ctx.app.inject({ method: 'GET', url: `/api/product/${id}?warehouse=WAG`, headers: bearer(elders) })).json()
    expect(before.CodeSetupRequested).toBe(false)
    expect(before.AvailabilityOther.length).toBeGreaterThan(0)
    expect(before.AvailabilityOther.map((b: { LocationID: string }) => b.LocationID)).not.toContain('WAG')
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/products/code-setup', headers: bearer(elders), payload: { id, warehouse: 'WAG' } })).statusCode,
    ).toBe(200)
    const after = (await ctx.app.inject({ method: 'GET', url: `/api/product/${id}?warehouse=WAG`, headers: bearer(elders) })).json()
    expect(after.CodeSetupRequested).toBe(true)
    expect({ ...after, CodeSetupRequested: false }).toEqual(before)
  })

  // Decision 0097: with the caches off, pages still take their stock from the stock book when it is ready and
  // current for their products; their statements then read no stock.

  interface Stocked {
    ProductID: number
    Availability: { Available: number }
  }
  interface Detail extends Stocked {
    QtyAvailableOther: number
    AvailabilityOther: Array<{ LocationID: string; DESCRIPTION: string; QtyAvail: number }>
  }
  type Request = { method: 'GET' | 'POST'; url: string; payload?: object }
  const soon = { timeout: 5000, interval: 50 }
  const drenches: Request = { method: 'GET', url: '/api/categories/drenches/products?warehouse=WAG&page=1&size=40' }
  const detailAt = (id: number, branch: string): Request => ({ method: 'GET', url: `/api/product/${id}?warehouse=${branch}` })

  /** A request's answer and the texts of the statements it ran. */
  async function answerOf<T>(request: Request): Promise<{ body: T; texts: string[] }> {
    statements.texts = []
    const res = await ctx.app.inject({ ...request, headers: bearer(trade) })
    expect(res.statusCode, res.body).toBe(200)
    return { body: res.json() as T, texts: statements.texts }
  }
  /** A buy-again row or list line: the row carries the product's ID, its offer the stock (decision 0100). */
  type Offered = { ProductID: number; Product: Pick<Stocked, 'Availability'> | null }
  const offered = (rows: Offered[]): Stocked[] => rows.flatMap((r) => (r.Product ? [{ ProductID: r.ProductID, Availability: r.Product.Availability }] : []))
  const readsStock = (texts: string[]) => texts.some((text) => /\bstock\b/.test(text))
  const setStock = (productId: number, branch: string, qty: number) =>
    sql`INSERT INTO stock (product_id, location_id, qty_available) VALUES (${productId}, ${branch}, ${qty})
      ON CONFLICT (product_id, location_id) DO UPDATE SET qty_available = EXCLUDED.qty_available`.execute(ctx.db)
  /** Every product shows its stock at the branch as the database has it (0 without a row). */
  async function expectStockAsDatabase(branch: string, products: Stocked[]) {
    const ids = products.map((p) => p.ProductID)
    const rows = await sql<{ id: number; qty: number }>`
      SELECT p.id, coalesce(s.qty_available, 0) AS qty FROM products p LEFT JOIN stock s ON s.product_id = p.id AND s.location_id = ${branch}
       WHERE p.id = ANY(${ids}::int[])`.execute(ctx.db)
    const expected = new Map(rows.rows.map((r) => [r.id, r.qty]))
    expect(products.map((p) => [p.ProductID, p.Availability.Available])).toEqual(ids.map((id) => [id, expected.get(id)]))
  }
  /** The product page's stock here and at every other trading branch (in the selector's order) is the database's. */
  async function expectDetailAsDatabase(branch: string, detail: Detail) {
    await expectStockAsDatabase(branch, [detail])
    const others = await sql<{ location_id: string; name: string; qty: number }>`
      SELECT b.location_id, b.name, coalesce(s.qty_available, 0) AS qty FROM branches b
        LEFT JOIN stock s ON s.location_id = b.location_id AND s.product_id = ${detail.ProductID}
       WHERE b.trading AND b.location_id <> ${branch} ORDER BY b.sort_order, b.name`.execute(ctx.db)
    expect(detail.AvailabilityOther).toEqual(others.rows.map((r) => ({ LocationID: r.location_id, DESCRIPTION: r.name, QtyAvail: r.qty })))
    expect(detail.QtyAvailableOther).toBe(others.rows.reduce((sum, r) => sum + Math.max(0, r.qty), 0))
  }

  it('reads no stock in the statements of lists, search, suggestions, buy-again, saved lists and the product page once the stock book is ready', async () => {
    // The book reads every branch's stock at start; until it has, pages read the stock in their statements.
    await expect.poll(async () => readsStock((await answerOf(drenches)).texts), soon).toBe(false)
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/lists',
      headers: bearer(trade),
      payload: { name: 'Cold path', lines: [1, 2, 3].map((id) => ({ ProductID: id, Quantity: 1 })) },
    })
    expect(created.statusCode, created.body).toBe(201)
    const lists: Request[] = [
      drenches,
      { method: 'GET', url: '/api/brands/IVOMEC/products?warehouse=WAG' },
      { method: 'GET', url: '/api/specials?warehouse=MEL' },
      { method: 'GET', url: '/api/popular?warehouse=WAG' },
      { method: 'POST', url: '/api/search?warehouse=WAG', payload: { search: 'drench' } },
    ]
    for (const request of lists) {
      const { body, texts } = await answerOf<Stocked[]>(request)
      expect(readsStock(texts), `${request.url}: ${texts.join('\n')}`).toBe(false)
      expect(body.length, request.url).toBeGreaterThan(0)
      await expectStockAsDatabase(new URL(request.url, 'http://x').searchParams.get('warehouse')!, body)
    }
    const suggested = await answerOf<{ products: Stocked[] }>({ method: 'GET', url: '/api/search/suggest?text=ivom&warehouse=WAG' })
    expect(readsStock(suggested.texts)).toBe(false)
    await expectStockAsDatabase('WAG', suggested.body.products)
    // Buy-again too (its first of a month makes the account's totals first).
    await answerOf({ method: 'GET', url: '/api/buy-again?warehouse=MEL' })
    const again = await answerOf<Offered[]>({ method: 'GET', url: '/api/buy-again?warehouse=MEL' })
    expect(readsStock(again.texts)).toBe(false)
    const bought = offered(again.body)
    expect(bought.length).toBeGreaterThan(0)
    await expectStockAsDatabase('MEL', bought)
    const list = await answerOf<{ lines: Offered[] }>({ method: 'GET', url: `/api/lists/${created.json().id}?warehouse=MEL` })
    expect(readsStock(list.texts)).toBe(false)
    const sold = offered(list.body.lines)
    expect(sold).toHaveLength(3)
    await expectStockAsDatabase('MEL', sold)
    for (const branch of ['WAG', 'MEL']) {
      const detail = await answerOf<Detail>(detailAt(1, branch))
      expect(detail.texts).toHaveLength(2)
      expect(readsStock(detail.texts)).toBe(false)
      await expectDetailAsDatabase(branch, detail.body)
    }
    // An unknown branch is still the statement's: no rows, then the branch is asked for.
    for (const request of [drenches, detailAt(1, 'WAG')]) {
      const res = await ctx.app.inject({ method: 'GET', url: request.url.replace('WAG', 'NOWHERE'), headers: bearer(trade) })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ error: 'unknown_warehouse' })
    }
  })

  it('shows stock written straight into the database once the stock book has read it, and the database’s own while the book owes a whole reload', async () => {
    await expect.poll(async () => readsStock((await answerOf(drenches)).texts), soon).toBe(false)
    const product = (await answerOf<Stocked[]>(drenches)).body[4]!
    const id = product.ProductID
    const shown = async () => (await answerOf<Stocked[]>(drenches)).body.find((p) => p.ProductID === id)?.Availability.Available
    const detail = async (branch = 'WAG') => (await answerOf<Detail>(detailAt(id, branch))).body
    // Written straight into the database: the pages show it once the book has read the notification.
    const qty = product.Availability.Available + 23
    await setStock(id, 'WAG', qty)
    await setStock(id, 'MEL', 41)
    await expect.poll(shown, soon).toBe(qty)
    await expect.poll(async () => (await detail()).AvailabilityOther.find((b) => b.LocationID === 'MEL')?.QtyAvail, soon).toBe(41)
    await expectDetailAsDatabase('WAG', await detail())
    await expectDetailAsDatabase('MEL', await detail('MEL'))

    // Written past the notifications: the pages keep the book's figure, which no statement of theirs reads.
    await sql`ALTER TABLE stock DISABLE TRIGGER USER`.execute(ctx.db)
    try {
      await setStock(id, 'WAG', qty + 5)
    } finally {
      await sql`ALTER TABLE stock ENABLE TRIGGER USER`.execute(ctx.db)
    }
    expect(await shown()).toBe(qty)
    expect((await detail()).Availability.Available).toBe(qty)

    // A whole reload owed (a stock file, a truncate) and held here: the book is not ready, and the pages read
    // the stock in their statements, the database's figure.
    statements.hold()
    try {
      await sql`SELECT pg_notify('portal_stock', '*')`.execute(ctx.db)
      await expect.poll(shown, soon).toBe(qty + 5)
      expect(readsStock((await answerOf(drenches)).texts)).toBe(true)
      const held = await answerOf<Detail>(detailAt(id, 'WAG'))
      expect(readsStock(held.texts)).toBe(true)
      expect(held.texts).toHaveLength(2)
      await expectDetailAsDatabase('WAG', held.body)
    } finally {
      statements.letGo()
    }
    // Reloaded: from the book again, with what it read.
    await expect.poll(async () => readsStock((await answerOf(drenches)).texts), soon).toBe(false)
    expect(await shown()).toBe(qty + 5)
    await expectDetailAsDatabase('WAG', await detail())
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('prepared statements on PostgreSQL', () => {
  it('prepares a statement with parameters once per connection by its text, and leaves statements without parameters alone', async () => {
    const handle = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, poolSize: 1 })
    try {
      const prepared = async () =>
        (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements WHERE statement LIKE ${'%cold_path_probe%'}`.execute(handle.db)).rows
      for (const n of [1, 2, 3]) {
        const { rows } = await sql<{ n: number }>`SELECT ${n}::int AS n, 'cold_path_probe' AS probe`.execute(handle.db)
        expect(rows[0]!.n).toBe(n)
      }
      await sql`SELECT 'cold_path_probe_unprepared' AS probe`.execute(handle.db)
      const statements = await prepared()
      expect(statements).toHaveLength(1)
      expect(statements[0]!.statement).toContain('$1::int')
    } finally {
      await handle.close()
    }
  })

  it('leaves unnamed a statement with a list of values, one text per count of them, and names its array form', async () => {
    const handle = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, poolSize: 1 })
    try {
      const prepared = async () =>
        (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements WHERE statement LIKE ${'%cold_path_list%'}`.execute(handle.db)).rows
      for (const ids of [
        [1, 2],
        [1, 2, 3],
        [1, 2, 3, 4],
      ]) {
        const { rows } = await sql<{
          n: number
        }>`SELECT count(*)::int AS n, 'cold_path_list' AS probe FROM generate_series(1, 9) g WHERE g IN (${sql.join(ids)})`.execute(handle.db)
        expect(rows[0]!.n).toBe(ids.length)
        const array = await sql<{
          n: number
        }>`SELECT count(*)::int AS n, 'cold_path_list_array' AS probe FROM generate_series(1, 9) g WHERE g = ANY(${ids}::int[])`.execute(handle.db)
        expect(array.rows[0]!.n).toBe(ids.length)
      }
      const statements = (await prepared()).map((r) => r.statement)
      expect(statements).toHaveLength(1)
      expect(statements[0]).toContain('ANY($1::int[])')
    } finally {
      await handle.close()
    }
  })

  it('prepares a statement afresh when a table it reads changed its columns under it, after failing once', async () => {
    const handle = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, poolSize: 1 })
    try {
      await sql`CREATE TEMP TABLE cold_path_changing (id int PRIMARY KEY, name text)`.execute(handle.db)
      await sql`INSERT INTO cold_path_changing VALUES (1, 'one')`.execute(handle.db)
      const read = () =>
        handle.db
          .selectFrom('cold_path_changing' as never)
          .selectAll()
          .where('id' as never, '=', 1 as never)
          .execute()
      expect(await read()).toEqual([{ id: 1, name: 'one' }])
      await sql`ALTER TABLE cold_path_changing ADD COLUMN note text`.execute(handle.db)
      await expect(read()).rejects.toThrow(/cached plan must not change result type/)
      expect(await read()).toEqual([{ id: 1, name: 'one', note: null }])
    } finally {
      await handle.close()
    }
  })

  it('keeps at most PREPARED_PER_CONNECTION statements on a connection; the rest still run, unnamed', async () => {
    const handle = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, poolSize: 1 })
    try {
      for (let i = 0; i < PREPARED_PER_CONNECTION + 20; i++) {
        const { rows } = await sql<{ n: number }>`SELECT ${i}::int + ${sql.lit(i)} AS n`.execute(handle.db)
        expect(rows[0]!.n).toBe(2 * i)
      }
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements`.execute(handle.db)
      expect(rows[0]!.n).toBeLessThanOrEqual(PREPARED_PER_CONNECTION)
    } finally {
      await handle.close()
    }
  })
})
