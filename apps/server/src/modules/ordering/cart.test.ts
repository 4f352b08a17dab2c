import { sql } from 'kysely'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { bearer, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'
import { pdfRows } from '../../../test/pdf-text'
import * as cartRepo from './cart-repo'

let t: TestContext
let trade: string
let staff: string
let cash: string
let elders: string
let ids: { trade: number; staff: number; cash: number; elders: number; tradeAccount: number; cashAccount: number; eldersAccount: number }
let pool: number[]

beforeAll(async () => {
  t = await startTestApp()
  ;[trade, staff, cash, elders] = await Promise.all([
    signIn(t.app, DEMO.trade),
    signIn(t.app, DEMO.staff),
    signIn(t.app, DEMO.cash),
    signIn(t.app, DEMO.elders),
  ])
  const users = await t.db.selectFrom('users').select(['id', 'username', 'account_id']).where('username', 'in', ['trade', 'staff', 'cash', 'elders']).execute()
  const user = (name: string) => users.find((u) => u.username === name)!
  ids = {
    trade: user('trade').id,
    staff: user('staff').id,
    cash: user('cash').id,
    elders: user('elders').id,
    tradeAccount: user('trade').account_id,
    cashAccount: user('cash').account_id,
    eldersAccount: user('elders').account_id,
  }
  // Products every user may see; each test takes its own so that none depends on another's cart.
  const rows = await sql<{ id: number }>`
    SELECT p.id FROM products p
    JOIN brands b ON b.brand_code = p.brand_code
    JOIN categories c ON c.id = p.category_id LEFT JOIN categories pc ON pc.id = c.parent_id
    WHERE p.active AND NOT b.hidden_for_elders AND NOT c.hidden_for_elders AND NOT coalesce(pc.hidden_for_elders, false)
    ORDER BY p.id DESC LIMIT 200`.execute(t.db)
  pool = rows.rows.map((r) => r.id)
})
afterAll(async () => t?.close())

const nextProduct = () => {
  const id = pool.shift()
  if (id === undefined) throw new Error('product pool exhausted')
  return id
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', token: string, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) })
const add = (token: string, body: Record<string, unknown>) => call('POST', token, '/api/cart', body)
const update = (token: string, body: Record<string, unknown>) => call('PUT', token, '/api/cart', body)
const items = async (token: string) => (await call('GET', token, '/api/cart/items')).json() as Array<Record<string, any>>
const summary = async (token: string) => (await call('GET', token, '/api/cart')).json()

async function setStock(productId: number, branch: string, qty: number) {
  await t.db
    .insertInto('stock')
    .values({ product_id: productId, location_id: branch, qty_available: qty })
    .onConflict((oc) => oc.columns(['location_id', 'product_id']).doUpdateSet({ qty_available: qty }))
    .execute()
}

/** Pins the price an account pays for a product, whatever its discount. */
async function setPrice(accountId: number, productId: number, cents: number) {
  await t.db
    .insertInto('contract_prices')
    .values({ account_id: accountId, product_id: productId, price_cents: cents })
    .onConflict((oc) => oc.columns(['account_id', 'product_id']).doUpdateSet({ price_cents: cents }))
    .execute()
}

async function linesInDb(userId: number) {
  return t.db
    .selectFrom('cart_lines')
    .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
    .select(['cart_lines.id', 'cart_lines.product_id', 'cart_lines.quantity', 'carts.location_id'])
    .where('carts.user_id', '=', userId)
    .orderBy('cart_lines.id')
    .execute()
}

/** The text a PDF shows, a line per row, as a reader would see it. */
async function pdfText(bytes: Buffer): Promise<string> {
  const { rows } = await pdfRows(bytes)
  return rows.map((cells) => cells.join(' ')).join('\n')
}

describe('cart summary', () => {
  it('reads Empty for a user without a cart', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(staff) })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ Count: 0, Value: 0, warehouse: null })
  })

  it('counts the lines and totals them inc GST, rounding GST per line', async () => {
    const user = await t.db.selectFrom('users').select(['id', 'account_id']).where('username', '=', 'staff').executeTakeFirstOrThrow()
    await t.db.updateTable('customer_accounts').set({ price_discount_bp: 0 }).where('id', '=', user.account_id).execute()
    await t.db.deleteFrom('contract_prices').where('account_id', '=', user.account_id).execute()
    const products = await t.db.selectFrom('products').select(['id']).orderBy('id').limit(2).execute()
    // 0.05 ex GST x 1 = 0.005 GST, rounds up to 0.01; 0.15 x 3 = 0.45 -> 0.045 GST rounds to 0.05.
    await t.db.updateTable('products').set({ unit_price_cents: 5 }).where('id', '=', products[0]!.id).execute()
    await t.db.updateTable('products').set({ unit_price_cents: 15 }).where('id', '=', products[1]!.id).execute()
    const cart = await t.db.insertInto('carts').values({ user_id: user.id, location_id: 'WAG' }).returning('id').executeTakeFirstOrThrow()
    await t.db
      .insertInto('cart_lines')
      .values([
        { cart_id: cart.id, product_id: products[0]!.id, quantity: 1 },
        { cart_id: cart.id, product_id: products[1]!.id, quantity: 3 },
      ])
      .execute()
    const token = await signIn(t.app, DEMO.staff)
    const res = await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(token) })
    expect(res.json()).toEqual({ Count: 2, Value: 0.56, warehouse: 'WAG' })
  })

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/cart' })).statusCode).toBe(401)
  })
})

describe('adding to the cart', () => {
  beforeEach(async () => {
    for (const token of [trade, cash, elders]) await call('DELETE', token, '/api/cart')
  })

  it('creates the cart at the branch asked for, and adding the same product again adds to its line', async () => {
    const product = nextProduct()
    const first = await add(trade, { productID: product, qty: 2, warehouse: 'MEL' })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ Count: 1, warehouse: 'MEL' })
    const second = await add(trade, { productID: product, qty: 3, warehouse: 'MEL' })
    expect(second.json()).toMatchObject({ Count: 1, warehouse: 'MEL' })
    expect(await linesInDb(ids.trade)).toEqual([expect.objectContaining({ product_id: product, quantity: 5, location_id: 'MEL' })])
  })

  it('lists each line with its unit price ex GST, its GST, its total inc GST, weight, category and stock at the cart’s branch', async () => {
    const product = nextProduct()
    await setPrice(ids.tradeAccount, product, 1999)
    await t.db.updateTable('products').set({ weight_kg: '2.5' }).where('id', '=', product).execute()
    await setStock(product, 'WAG', 37)
    await setStock(product, 'MEL', 2)
    await add(trade, { productID: product, qty: 3, warehouse: 'WAG' })
    const info = await t.db
      .selectFrom('products')
      .innerJoin('categories', 'categories.id', 'products.category_id')
      .select(['products.product_code', 'products.description', 'categories.name'])
      .where('products.id', '=', product)
      .executeTakeFirstOrThrow()
    const lines = await items(trade)
    expect(lines).toEqual([
      {
        ShopCartLineID: expect.any(Number),
        ProductID: product,
        ProductCode: info.product_code,
        Description: info.description,
        Quantity: 3,
        Price: 19.99,
        // A line of plain units is one part at the unit price (decision 0067).
        PriceBreaks: [{ Break: 'unit', Quantity: 3, PackQty: null, Packs: null, Price: 19.99, ExtendedEx: 59.97 }],
        ExtendedEx: 59.97,
        // 5.997 rounds to 6.00
        TaxTotal: 6,
        ExtendedInc: 65.97,
        Product: { Weight: 2.5, Category: info.name, Availability: { Available: 37 } },
      },
    ])
    expect(await summary(trade)).toEqual({ Count: 1, Value: 65.97, warehouse: 'WAG' })
  })

  it('rounds GST per line to the cent, half away from zero, and the total is the sum of the lines', async () => {
    const [a, b, c] = [nextProduct(), nextProduct(), nextProduct()]
    await setPrice(ids.tradeAccount, a, 5) // 0.05 x 1: GST 0.005 -> 0.01
    await setPrice(ids.tradeAccount, b, 15) // 0.15 x 3 = 0.45: GST 0.045 -> 0.05
    await setPrice(ids.tradeAccount, c, 333) // 3.33 x 7 = 23.31: GST 2.331 -> 2.33
    for (const [productID, qty] of [
      [a, 1],
      [b, 3],
      [c, 7],
    ]) {
      expect((await add(trade, { productID, qty, warehouse: 'WAG' })).statusCode).toBe(200)
    }
    const lines = await items(trade)
    expect(lines.map((l) => [l.Price, l.TaxTotal, l.ExtendedInc])).toEqual([
      [0.05, 0.01, 0.06],
      [0.15, 0.05, 0.5],
      [3.33, 2.33, 25.64],
    ])
    expect(await summary(trade)).toMatchObject({ Count: 3, Value: 26.2 })
  })

  it('without a branch, an empty cart takes the account’s default branch and a filled one keeps its own', async () => {
    expect((await add(trade, { productID: nextProduct(), qty: 1 })).json()).toMatchObject({ warehouse: 'WAG' })
    await call('DELETE', trade, '/api/cart')
    await add(trade, { productID: nextProduct(), qty: 1, warehouse: 'ADE' })
    expect((await add(trade, { productID: nextProduct(), qty: 1 })).json()).toMatchObject({ Count: 2, warehouse: 'ADE' })
  })

  it('refuses a product for another branch than the cart’s, and takes it once the cart is emptied', async () => {
    const [first, second] = [nextProduct(), nextProduct()]
    await add(trade, { productID: first, qty: 1, warehouse: 'WAG' })
    const res = await add(trade, { productID: second, qty: 1, warehouse: 'MEL' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ error: 'cart_branch_mismatch', message: expect.stringContaining('Wagga Wagga') })
    expect(await linesInDb(ids.trade)).toEqual([expect.objectContaining({ product_id: first, location_id: 'WAG' })])

    expect((await call('DELETE', trade, '/api/cart')).json()).toEqual({ Count: 0, Value: 0, warehouse: null })
    expect((await add(trade, { productID: second, qty: 1, warehouse: 'MEL' })).json()).toMatchObject({ Count: 1, warehouse: 'MEL' })
  })

  it('refuses a branch that does not exist, one that takes no orders, and branch 0 (all branches is for filters only)', async () => {
    for (const warehouse of ['ZZZ', 'FMB', 'CON', '0']) {
      const res = await add(trade, { productID: nextProduct(), qty: 1, warehouse })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ error: 'unknown_warehouse', fields: [{ field: 'body.warehouse' }] })
    }
    expect(await linesInDb(ids.trade)).toEqual([])
  })

  it('keeps a reseller to the branches of their branch group; accounts without a group order from any branch', async () => {
    const group = (await t.db.selectFrom('account_branches').select('location_id').where('account_id', '=', ids.eldersAccount).execute()).map(
      (g) => g.location_id,
    )
    expect(group).toContain('SHE')
    expect(group).not.toContain('PER')
    const outside = await add(elders, { productID: nextProduct(), qty: 1, warehouse: 'PER' })
    expect(outside.statusCode).toBe(403)
    expect(outside.json()).toEqual({ error: 'branch_not_in_group', message: 'Your account does not order from that branch.' })
    expect(await linesInDb(ids.elders)).toEqual([])

    expect((await add(elders, { productID: nextProduct(), qty: 1, warehouse: 'she' })).json()).toMatchObject({ Count: 1, warehouse: 'SHE' })
    expect((await add(trade, { productID: nextProduct(), qty: 1, warehouse: 'PER' })).json()).toMatchObject({ Count: 1, warehouse: 'PER' })
  })

  it('refuses quantities that are not whole numbers of at least 1, naming the field, and changes nothing', async () => {
    const productID = nextProduct()
    for (const qty of [0, -1, 1.5, 2.5, '2.5', 'abc', '2', 1e12, null]) {
      const res = await add(trade, { productID, qty })
      expect(res.statusCode, `qty ${String(qty)}`).toBe(400)
      expect(res.json()).toMatchObject({ error: 'invalid_request', fields: [{ field: 'body.qty' }] })
    }
    const missing = await add(trade, { productID })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().fields[0].field).toBe('body.qty')
    expect((await add(trade, { qty: 1 })).json().fields[0].field).toBe('body.productID')
    expect(await linesInDb(ids.trade)).toEqual([])
  })

  it('keeps a line within 99,999 when adding to it', async () => {
    const productID = nextProduct()
    expect((await add(trade, { productID, qty: 99_999 })).statusCode).toBe(200)
    const res = await add(trade, { productID, qty: 1 })
    expect(res.statusCode).toBe(422)
    expect(res.json().error).toBe('quantity_limit')
    expect((await linesInDb(ids.trade))[0]?.quantity).toBe(99_999)
  })

  it('answers 404 for a product that does not exist or is no longer sold', async () => {
    const gone = nextProduct()
    await t.db.updateTable('products').set({ active: false }).where('id', '=', gone).execute()
    for (const productID of [gone, 99_999_999]) {
      const res = await add(trade, { productID, qty: 1 })
      expect(res.statusCode).toBe(404)
      expect(res.json().error).toBe('not_found')
    }
  })

  it('never lets a reseller add a product of a hidden category or brand: it answers as if the product did not exist', async () => {
    const hidden = await sql<{ id: number }>`
      SELECT p.id FROM products p
      JOIN brands b ON b.brand_code = p.brand_code
      JOIN categories c ON c.id = p.category_id LEFT JOIN categories pc ON pc.id = c.parent_id
      WHERE p.active AND (b.hidden_for_elders OR c.hidden_for_elders OR coalesce(pc.hidden_for_elders, false))
      ORDER BY p.id LIMIT 1`.execute(t.db)
    const productID = hidden.rows[0]!.id
    const res = await add(elders, { productID, qty: 1, warehouse: 'WAG' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual((await add(elders, { productID: 99_999_999, qty: 1, warehouse: 'WAG' })).json())
    expect(await linesInDb(ids.elders)).toEqual([])
    // Others may add it.
    expect((await add(trade, { productID, qty: 1 })).statusCode).toBe(200)
  })

  it('shows a reseller a single price, the one their account pays', async () => {
    const productID = nextProduct()
    await setPrice(ids.eldersAccount, productID, 4250)
    await add(elders, { productID, qty: 2, warehouse: 'WAG' })
    const [line] = await items(elders)
    expect(line).toMatchObject({ Price: 42.5, ExtendedEx: 85, TaxTotal: 8.5, ExtendedInc: 93.5 })
  })
  it('loses no add when many come at once for one line: each is judged again under the lock when the cart changed', async () => {
    const productID = nextProduct()
    const answers = await Promise.all(Array.from({ length: 12 }, () => add(trade, { productID, qty: 1, warehouse: 'WAG' })))
    expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(200))
    expect(await linesInDb(ids.trade)).toEqual([expect.objectContaining({ product_id: productID, quantity: 12, location_id: 'WAG' })])
  })

  it('loses no line when bulk adds come at once, each judged again under the lock when the cart changed', async () => {
    const [a, b] = [nextProduct(), nextProduct()]
    const codes = await t.db.selectFrom('products').select(['id', 'product_code']).where('id', 'in', [a, b]).execute()
    const lines = codes.map((c) => ({ code: c.product_code, qty: 1 }))
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('POST', trade, '/api/cart/bulk', { warehouse: 'WAG', lines })))
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200))
    const quantities = new Map((await linesInDb(ids.trade)).map((l) => [l.product_id, l.quantity]))
    expect([quantities.get(a), quantities.get(b)]).toEqual([6, 6])
  })

  it('writes nothing when the cart changed after the facts an add was judged on were read (decision 0098)', async () => {
    const [first, second] = [nextProduct(), nextProduct()]
    await add(trade, { productID: first, qty: 1, warehouse: 'WAG' })
    const viewer = { userId: ids.trade, accountId: ids.tradeAccount, isElders: false }
    const facts = await cartRepo.fillFacts(t.db, viewer, { defaultBranch: 'WAG', asked: 'WAG', productIds: [second] })
    expect(facts.cart).toMatchObject({ location_id: 'WAG' })
    // Another add changes the cart between the facts and the write.
    await add(trade, { productID: first, qty: 2, warehouse: 'WAG' })
    const stale = await cartRepo.putLineReturningLines(t.db, viewer, { cart: facts.cart!, productId: second, quantity: 1, branch: 'WAG' })
    expect(stale).toBeUndefined()
    expect(await linesInDb(ids.trade)).toEqual([expect.objectContaining({ product_id: first, quantity: 3 })])
    // Read again, the facts carry the cart's new version and the write is made.
    const fresh = await cartRepo.fillFacts(t.db, viewer, { defaultBranch: 'WAG', asked: 'WAG', productIds: [second] })
    expect(fresh.cart!.version).not.toBe(facts.cart!.version)
    const written = await cartRepo.putLineReturningLines(t.db, viewer, { cart: fresh.cart!, productId: second, quantity: 1, branch: 'WAG' })
    expect(written?.map((r) => [r.productId, r.quantity])).toEqual([
      [first, 3],
      [second, 1],
    ])
  })
})

describe('cash-sale accounts and stock', () => {
  beforeEach(async () => {
    await call('DELETE', cash, '/api/cart')
  })

  it('a CAS user cannot add more than the cart’s branch has in stock', async () => {
    const productID = nextProduct()
    await setStock(productID, 'MEL', 4)
    await setStock(productID, 'WAG', 500)
    expect((await add(cash, { productID, qty: 3, warehouse: 'MEL' })).statusCode).toBe(200)
    const over = await add(cash, { productID, qty: 2, warehouse: 'MEL' })
    expect(over.statusCode).toBe(409)
    expect(over.json()).toEqual({ error: 'quantity_not_available', message: 'Unfortunately the requested quantity is not available for purchase' })
    expect((await add(cash, { productID, qty: 1, warehouse: 'MEL' })).statusCode).toBe(200)
    expect((await linesInDb(ids.cash))[0]?.quantity).toBe(4)
  })

  it('a CAS user cannot add a product the branch has none of', async () => {
    const productID = nextProduct()
    await setStock(productID, 'MEL', 0)
    expect((await add(cash, { productID, qty: 1, warehouse: 'MEL' })).json().error).toBe('quantity_not_available')
    await t.db.deleteFrom('stock').where('product_id', '=', productID).where('location_id', '=', 'MEL').execute()
    expect((await add(cash, { productID, qty: 1, warehouse: 'MEL' })).statusCode).toBe(409)
    expect(await linesInDb(ids.cash)).toEqual([])
  })

  it('a CAS user cannot raise a line above the stock, and can lower it', async () => {
    const productID = nextProduct()
    await setStock(productID, 'MEL', 6)
    await add(cash, { productID, qty: 2, warehouse: 'MEL' })
    const [line] = await items(cash)
    const over = await update(cash, { item: line!.ShopCartLineID, qty: 7 })
    expect(over.statusCode).toBe(409)
    expect(over.json().message).toBe('Unfortunately the requested quantity is not available for purchase')
    expect((await update(cash, { item: line!.ShopCartLineID, qty: 6 })).statusCode).toBe(200)
    await setStock(productID, 'MEL', 1)
    expect((await update(cash, { item: line!.ShopCartLineID, qty: 5 })).statusCode).toBe(409)
    expect((await update(cash, { item: line!.ShopCartLineID, qty: 1 })).statusCode).toBe(200)
    expect((await items(cash))[0]).toMatchObject({ Quantity: 1, Product: { Availability: { Available: 1 } } })
  })

  it('two adds at once cannot together pass the stock', async () => {
    const productID = nextProduct()
    await setStock(productID, 'MEL', 5)
    const results = await Promise.all([add(cash, { productID, qty: 3, warehouse: 'MEL' }), add(cash, { productID, qty: 3, warehouse: 'MEL' })])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect((await linesInDb(ids.cash))[0]?.quantity).toBe(3)
  })

  it('other accounts may order beyond the stock (back orders)', async () => {
    const productID = nextProduct()
    await setStock(productID, 'WAG', 1)
    await call('DELETE', trade, '/api/cart')
    expect((await add(trade, { productID, qty: 40, warehouse: 'WAG' })).statusCode).toBe(200)
  })
})

describe('changing a line', () => {
  beforeEach(async () => {
    for (const token of [trade, staff, cash]) await call('DELETE', token, '/api/cart')
  })

  it('sets the quantity, and 0 removes the line', async () => {
    const [a, b] = [nextProduct(), nextProduct()]
    await add(trade, { productID: a, qty: 1, warehouse: 'WAG' })
    await add(trade, { productID: b, qty: 1, warehouse: 'WAG' })
    const [first, second] = await items(trade)
    const res = await update(trade, { item: first!.ShopCartLineID, qty: 12 })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ Count: 2, warehouse: 'WAG' })
    expect((await items(trade)).map((l) => [l.ProductID, l.Quantity])).toEqual([
      [a, 12],
      [b, 1],
    ])
    expect((await update(trade, { item: second!.ShopCartLineID, qty: 0 })).json()).toMatchObject({ Count: 1 })
    expect((await items(trade)).map((l) => l.ProductID)).toEqual([a])
    expect((await update(trade, { item: second!.ShopCartLineID, qty: 3 })).statusCode).toBe(404)
  })

  it('refuses bad quantities and leaves the line as it was', async () => {
    await add(trade, { productID: nextProduct(), qty: 4, warehouse: 'WAG' })
    const [line] = await items(trade)
    for (const qty of [-1, 1.5, 2.5, '2.5', 'abc', 1e12, null, 100_000]) {
      const res = await update(trade, { item: line!.ShopCartLineID, qty })
      expect(res.statusCode, `qty ${String(qty)}`).toBe(400)
      expect(res.json().fields[0].field).toBe('body.qty')
    }
    expect((await update(trade, { item: line!.ShopCartLineID })).statusCode).toBe(400)
    expect((await update(trade, { qty: 2 })).json().fields[0].field).toBe('body.item')
    expect((await items(trade))[0]?.Quantity).toBe(4)
  })

  it('answers 404 for a line of another account’s cart, or another user’s, and leaves it alone', async () => {
    await add(trade, { productID: nextProduct(), qty: 2, warehouse: 'WAG' })
    const [line] = await items(trade)
    for (const token of [cash, staff]) {
      for (const qty of [5, 0]) {
        const res = await update(token, { item: line!.ShopCartLineID, qty })
        expect(res.statusCode).toBe(404)
        expect(res.json().error).toBe('cart_line_not_found')
      }
    }
    expect((await items(trade))[0]?.Quantity).toBe(2)
  })
})

describe('emptying the cart', () => {
  it('removes every line, keeps details saved on the cart, and says so in the summary', async () => {
    await add(trade, { productID: nextProduct(), qty: 1, warehouse: 'WAG' })
    await add(trade, { productID: nextProduct(), qty: 2, warehouse: 'WAG' })
    await t.db
      .updateTable('carts')
      .set({ checkout_info: JSON.stringify({ DeliveryName: 'Kelly' }) })
      .where('user_id', '=', ids.trade)
      .execute()
    const res = await call('DELETE', trade, '/api/cart')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ Count: 0, Value: 0, warehouse: null })
    expect(await summary(trade)).toEqual({ Count: 0, Value: 0, warehouse: null })
    expect(await items(trade)).toEqual([])
    const cart = await t.db.selectFrom('carts').select('checkout_info').where('user_id', '=', ids.trade).executeTakeFirstOrThrow()
    expect(cart.checkout_info).toEqual({ DeliveryName: 'Kelly' })
  })

  it('touches only the user’s own cart', async () => {
    await add(trade, { productID: nextProduct(), qty: 1, warehouse: 'WAG' })
    await call('DELETE', staff, '/api/cart')
    expect((await summary(trade)).Count).toBe(1)
    expect((await t.app.inject({ method: 'DELETE', url: '/api/cart' })).statusCode).toBe(401)
  })
})

describe('the cart as a PDF', () => {
  it('is a valid PDF of the lines, the account, the branch, the weight and the totals, saved as cart.pdf', async () => {
    await call('DELETE', elders, '/api/cart')
    const [a, b] = [nextProduct(), nextProduct()]
    await setPrice(ids.eldersAccount, a, 123456)
    await setPrice(ids.eldersAccount, b, 999)
    await t.db.updateTable('products').set({ weight_kg: '20' }).where('id', '=', a).execute()
    await t.db.updateTable('products').set({ weight_kg: '0.125' }).where('id', '=', b).execute()
    await setStock(a, 'SHE', 113)
    await setStock(b, 'SHE', 0)
    await add(elders, { productID: a, qty: 2, warehouse: 'SHE' })
    await add(elders, { productID: b, qty: 3, warehouse: 'SHE' })
    const res = await t.app.inject({ method: 'GET', url: '/api/print-cart?warehouse=SHE&logosrc=https://example.com/logo.png', headers: bearer(elders) })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe('attachment; filename="cart.pdf"')
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect((await PDFDocument.load(res.rawPayload)).getPageCount()).toBe(1)

    // Each line's figures stand on the row of its description: quantity, stock, price ex GST, GST, total inc GST.
    const { rows } = await pdfRows(res.rawPayload)
    expect(rows.find((r) => r.at(-1) === '2,716.03')?.slice(-5)).toEqual(['2', '113', '1,234.56', '246.91', '2,716.03'])
    expect(rows.find((r) => r.at(-1) === '32.97')?.slice(-5)).toEqual(['3', '0', '9.99', '3.00', '32.97'])
    const text = await pdfText(res.rawPayload)
    const codes = await t.db.selectFrom('products').select('product_code').where('id', 'in', [a, b]).orderBy('id', 'desc').execute()
    for (const { product_code } of codes) expect(text).toContain(product_code)
    expect(text).toContain('Riverina Rural Supply')
    expect(text).toContain('Elders Rural Services Southern Region')
    expect(text).toContain('Shepparton (SHE)')
    // 2 x 20 kg + 3 x 0.125 kg
    expect(text).toContain('40.38 kg')
    // 2 x 1,234.56 + 3 x 9.99 = 2,499.09 ex GST; GST 246.91 + 3.00; 2,749.00 inc GST
    expect(text).toContain('$2,499.09')
    expect(text).toContain('$249.91')
    expect(text).toContain('$2,749.00')
  })

  it('runs onto more pages for a long cart, and takes the token as a query parameter', async () => {
    await call('DELETE', trade, '/api/cart')
    const products = pool.splice(0, 70)
    for (const productID of products) await add(trade, { productID, qty: 1, warehouse: 'WAG' })
    const res = await t.app.inject({ method: 'GET', url: `/api/print-cart?token=${encodeURIComponent(trade)}&warehouse=WAG` })
    expect(res.statusCode).toBe(200)
    const doc = await PDFDocument.load(res.rawPayload)
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(2)
    const text = await pdfText(res.rawPayload)
    expect(text).toContain(`Page 1 of ${doc.getPageCount()}`)
    expect((await t.app.inject({ method: 'GET', url: '/api/print-cart' })).statusCode).toBe(401)
  })

  it('says so when the cart is empty', async () => {
    await call('DELETE', staff, '/api/cart')
    const res = await call('GET', staff, '/api/print-cart')
    expect(res.statusCode).toBe(200)
    expect(await pdfText(res.rawPayload)).toContain('You currently have no items in your cart')
  })
})

describe('requesting a quote', () => {
  it('records the cart’s lines as a quote and e-mails the distributor (no sales rep) and the user, with the cart attached', async () => {
    await call('DELETE', elders, '/api/cart')
    const productID = nextProduct()
    await setPrice(ids.eldersAccount, productID, 2500)
    await add(elders, { productID, qty: 4, warehouse: 'ADE' })
    const before = new Date(Date.now() - 1000)
    const res = await call('POST', elders, '/api/cart/quote')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: 'A quote has been requested for the contents of the cart' })

    // The quote (decision 0102): the cart's lines at the account's prices, requested.
    const quote = await t.db.selectFrom('quotes').selectAll().where('user_id', '=', ids.elders).orderBy('id', 'desc').executeTakeFirstOrThrow()
    expect(quote).toMatchObject({ account_id: ids.eldersAccount, location_id: 'ADE', status: 'requested' })
    const lines = await t.db
      .selectFrom('quote_lines')
      .select(['product_id', 'quantity', 'account_price_cents', 'quoted_price_cents'])
      .where('quote_id', '=', quote.id)
      .execute()
    expect(lines).toEqual([{ product_id: productID, quantity: 4, account_price_cents: 2500, quoted_price_cents: null }])

    const mails = await t.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('created_at', '>=', before)
      .where('subject', 'like', '%uote request%')
      .orderBy('id')
      .execute()
    const user = await t.db.selectFrom('users').select('email').where('id', '=', ids.elders).executeTakeFirstOrThrow()
    expect(mails.map((m) => m.to_address)).toEqual([t.config.distributor.email, user.email])
    const reference = `Q${String(quote.id).padStart(6, '0')}`
    for (const mail of mails) {
      expect(mail.subject).toContain(reference)
      expect(mail.text_body).toContain('110.00')
      expect(mail.attachments).toHaveLength(1)
      const pdf = Buffer.from(mail.attachments[0]!.content, 'base64')
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
      expect(await pdfText(pdf)).toContain(`Quote Request ${reference}`)
    }
    // The cart stays as it was.
    expect((await summary(elders)).Count).toBe(1)
  })

  it('refuses an empty cart and sends nothing', async () => {
    await call('DELETE', staff, '/api/cart')
    const outbox = await t.db
      .selectFrom('email_outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
    const res = await call('POST', staff, '/api/cart/quote')
    expect(res.statusCode).toBe(422)
    expect(res.json().error).toBe('cart_empty')
    const after = await t.db
      .selectFrom('email_outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
    expect(after.n).toBe(outbox.n)
  })
})
