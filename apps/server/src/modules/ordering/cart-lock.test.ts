import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { bearer, checkoutForm, DEMO, signIn, startTestApp, type TestContext } from '../../../test/helpers'

/**
 * The cart's row stands for its lines (migration 0023, decision 0066): every change of the lines updates the row,
 * so it needs the row's lock and moves its version. These tests hold the lock as a quote request does (a
 * transaction that locks the cart and changes nothing), start a checkout that waits behind it, change the cart
 * in the gap, and check that the order and the change come one after the other, never with the order made of
 * lines read before the change.
 */

let t: TestContext
let trade: string
let tradeId: number
let pool: number[]
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

beforeAll(async () => {
  t = await startTestApp()
  trade = await signIn(t.app, DEMO.trade)
  tradeId = (await t.db.selectFrom('users').select('id').where('username', '=', 'trade').executeTakeFirstOrThrow()).id
  const rows = await sql<{ id: number; product_code: string }>`
    SELECT p.id, p.product_code FROM products p
    JOIN brands b ON b.brand_code = p.brand_code
    JOIN categories c ON c.id = p.category_id LEFT JOIN categories pc ON pc.id = c.parent_id
    WHERE p.active AND NOT b.hidden_for_elders AND NOT c.hidden_for_elders AND NOT coalesce(pc.hidden_for_elders, false)
    ORDER BY p.id DESC LIMIT 60`.execute(t.db)
  pool = rows.rows.map((r) => r.id)
  codes = new Map(rows.rows.map((r) => [r.id, r.product_code]))
})
afterAll(async () => t?.close())

let codes: Map<number, string>

const nextProduct = () => {
  const id = pool.shift()
  if (id === undefined) throw new Error('product pool exhausted')
  return id
}

async function setStock(productId: number, qty: number) {
  await t.db
    .insertInto('stock')
    .values({ product_id: productId, location_id: 'WAG', qty_available: qty })
    .onConflict((oc) => oc.columns(['location_id', 'product_id']).doUpdateSet({ qty_available: qty }))
    .execute()
}

/** Puts exactly these lines in trade's cart at Wagga Wagga. */
async function fillCart(lines: Array<{ productId: number; qty: number }>) {
  await t.db
    .insertInto('carts')
    .values({ user_id: tradeId, location_id: 'WAG' })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ location_id: 'WAG' }))
    .execute()
  const cart = await t.db.selectFrom('carts').select('id').where('user_id', '=', tradeId).executeTakeFirstOrThrow()
  await t.db.deleteFrom('cart_lines').where('cart_id', '=', cart.id).execute()
  if (lines.length > 0)
    await t.db
      .insertInto('cart_lines')
      .values(lines.map((l) => ({ cart_id: cart.id, product_id: l.productId, quantity: l.qty })))
      .execute()
  return cart.id
}

const cartLines = async () =>
  (
    await t.db
      .selectFrom('cart_lines')
      .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
      .select(['cart_lines.product_id', 'cart_lines.quantity'])
      .where('carts.user_id', '=', tradeId)
      .orderBy('cart_lines.product_id')
      .execute()
  ).map((l) => [l.product_id, l.quantity])

const cartVersion = async (cartId: number) => (await sql<{ v: string }>`SELECT xmin::text AS v FROM carts WHERE id = ${cartId}`.execute(t.db)).rows[0]!.v

const checkout = (po: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...bearer(trade), 'idempotency-key': crypto.randomUUID() },
    payload: checkoutForm({ PurchaseOrder: po }),
  })

const orderedLines = async (po: string) =>
  (
    await t.db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select(['order_lines.product_id', 'order_lines.qty_ordered'])
      .where('orders.customer_purchase_order', '=', po)
      .orderBy('order_lines.product_id')
      .execute()
  ).map((l) => [l.product_id, l.qty_ordered])

/** Lines as [product, quantity], in product order as cartLines and orderedLines answer them. */
const byProduct = (...lines: Array<[number, number]>) => lines.sort((a, b) => a[0] - b[0])

/** How many statements of this database wait for a lock, once it is `n` or after `ms`. */
async function lockWaiters(n: number, ms = 3_000) {
  let waiting = 0
  for (const started = Date.now(); Date.now() - started < ms;) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.db)
    waiting = rows[0]!.n
    if (waiting >= n) break
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return waiting
}

/**
 * Holds trade's cart lock in a transaction that changes nothing, starts a checkout and waits until it waits for
 * the lock, then starts `change` and gives it a moment (it waits for the lock too, or finishes); then lets go.
 * Answers both results. Which took the lock first shows in what was ordered, not in which answer came back first:
 * the order's answer waits for work done after its commit.
 */
async function checkoutThenChange<T extends { statusCode: number }>(po: string, change: () => Promise<T>) {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  let locked = () => {}
  const holding = new Promise<void>((resolve) => (locked = resolve))
  const holder = t.db.transaction().execute(async (trx) => {
    await sql`SELECT id FROM carts WHERE user_id = ${tradeId} FOR UPDATE`.execute(trx)
    locked()
    await released
  })
  await holding
  try {
    const ordered = checkout(po)
    expect(await lockWaiters(1)).toBe(1)
    const changed = change()
    await Promise.race([changed, lockWaiters(2, 1_500)])
    release()
    await holder
    return { order: await ordered, change: await changed }
  } finally {
    release()
    await holder
  }
}

describe('the cart’s row stands for its lines', () => {
  beforeEach(async () => {
    await fillCart([])
  })

  it('moves the cart’s version with every insert, update and delete of its lines, whatever statement makes it', async () => {
    const [p, q] = [nextProduct(), nextProduct()]
    const cartId = await fillCart([])
    let version = await cartVersion(cartId)
    const moved = async () => {
      const now = await cartVersion(cartId)
      const changed = now !== version
      version = now
      return changed
    }
    await sql`INSERT INTO cart_lines (cart_id, product_id, quantity) VALUES (${cartId}, ${p}, 1), (${cartId}, ${q}, 2)`.execute(t.db)
    expect(await moved()).toBe(true)
    await sql`UPDATE cart_lines SET quantity = 3 WHERE cart_id = ${cartId} AND product_id = ${p}`.execute(t.db)
    expect(await moved()).toBe(true)
    // An upsert, as a cart change writes a line: a new line, then the same line again.
    const upsert = (productId: number, quantity: number) =>
      sql`INSERT INTO cart_lines (cart_id, product_id, quantity) VALUES (${cartId}, ${productId}, ${quantity})
        ON CONFLICT (cart_id, product_id) DO UPDATE SET quantity = excluded.quantity`.execute(t.db)
    await upsert(nextProduct(), 1)
    expect(await moved()).toBe(true)
    await upsert(p, 4)
    expect(await moved()).toBe(true)
    await sql`DELETE FROM cart_lines WHERE cart_id = ${cartId} AND product_id = ${q}`.execute(t.db)
    expect(await moved()).toBe(true)
    // A statement that changes no line leaves the cart alone.
    await sql`DELETE FROM cart_lines WHERE cart_id = ${cartId} AND product_id = ${q}`.execute(t.db)
    expect(await moved()).toBe(false)
  })

  it.skipIf(!onPostgres)('never orders a cart emptied while the checkout waited for its lock', async () => {
    const p = nextProduct()
    await setStock(p, 100)
    await fillCart([{ productId: p, qty: 2 }])
    const { order, change } = await checkoutThenChange('PO-EMPTIED', () => t.app.inject({ method: 'DELETE', url: '/api/cart', headers: bearer(trade) }))
    expect(change.statusCode).toBe(200)
    expect(await cartLines()).toEqual([])
    if (order.statusCode === 201) {
      // The order came first and took the lines; the emptying found nothing left.
      expect(await orderedLines('PO-EMPTIED')).toEqual([[p, 2]])
    } else {
      expect(order.json()).toMatchObject({ error: 'cart_empty' })
      expect(await orderedLines('PO-EMPTIED')).toEqual([])
    }
  })

  it.skipIf(!onPostgres)('never orders lines a bare statement deleted while the checkout waited: the statement waits, or fails', async () => {
    const p = nextProduct()
    await setStock(p, 100)
    const cartId = await fillCart([{ productId: p, qty: 2 }])
    // Not the portal's code, which takes the cart's lock first: a bare statement on the lines, which only the
    // database's rule makes wait. It holds the lines and waits for the cart; the checkout holds the cart and
    // waits for the lines; PostgreSQL ends the one that waited first, the statement.
    const { order, change } = await checkoutThenChange('PO-BARE-DELETE', async () => {
      try {
        await sql`DELETE FROM cart_lines WHERE cart_id = ${cartId}`.execute(t.db)
        return { statusCode: 200 }
      } catch (err) {
        return { statusCode: 409, code: (err as { code?: string }).code }
      }
    })
    if (change.statusCode === 409) expect(change).toMatchObject({ code: '40P01' })
    if (order.statusCode === 201) expect(await orderedLines('PO-BARE-DELETE')).toEqual([[p, 2]])
    else expect(order.json()).toMatchObject({ error: 'cart_empty' })
  })

  it.skipIf(!onPostgres)('never orders a line set to 0 while the checkout waited', async () => {
    const [p, q] = [nextProduct(), nextProduct()]
    await setStock(p, 100)
    await setStock(q, 100)
    await fillCart([
      { productId: p, qty: 2 },
      { productId: q, qty: 1 },
    ])
    const line = await t.db.selectFrom('cart_lines').select('id').where('product_id', '=', p).executeTakeFirstOrThrow()
    const { order, change } = await checkoutThenChange('PO-ZEROED', () =>
      t.app.inject({ method: 'PUT', url: '/api/cart', headers: bearer(trade), payload: { item: line.id, qty: 0 } }),
    )
    expect(order.statusCode).toBe(201)
    const ordered = await orderedLines('PO-ZEROED')
    if (ordered.length === 2) {
      // The order took both lines; the line it emptied is no longer there to set.
      expect(ordered).toEqual(byProduct([p, 2], [q, 1]))
      expect(change.statusCode).toBe(404)
    } else {
      expect(change.statusCode).toBe(200)
      expect(ordered).toEqual([[q, 1]])
    }
    expect(await cartLines()).toEqual([])
  })

  it.skipIf(!onPostgres)('orders a bulk fill made while the checkout waited in full, or leaves it in the cart in full', async () => {
    const [p, q, r] = [nextProduct(), nextProduct(), nextProduct()]
    for (const id of [p, q, r]) await setStock(id, 100)
    await fillCart([{ productId: p, qty: 2 }])
    const { order, change } = await checkoutThenChange('PO-FILLED', () =>
      t.app.inject({
        method: 'POST',
        url: '/api/cart/bulk',
        headers: bearer(trade),
        payload: {
          warehouse: 'WAG',
          lines: [
            { code: codes.get(q), qty: 3 },
            { code: codes.get(r), qty: 4 },
          ],
        },
      }),
    )
    expect(order.statusCode).toBe(201)
    expect(change.statusCode).toBe(200)
    const ordered = await orderedLines('PO-FILLED')
    if (ordered.length === 1) {
      // The order came first: the fill went into the cart it had emptied.
      expect(ordered).toEqual([[p, 2]])
      expect(await cartLines()).toEqual(byProduct([q, 3], [r, 4]))
    } else {
      expect(ordered).toEqual(byProduct([p, 2], [q, 3], [r, 4]))
      expect(await cartLines()).toEqual([])
    }
  })
})
