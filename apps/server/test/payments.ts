import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import type { Database } from '../src/db/database'
import { hashToken, newToken } from '../src/lib/tokens'

/** Test helpers for checkout and payments: carts, stock and buyers made straight in the database. */

export async function visibleProducts(db: Database, limit = 300): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    SELECT p.id FROM products p
    JOIN brands b ON b.brand_code = p.brand_code
    JOIN categories c ON c.id = p.category_id LEFT JOIN categories pc ON pc.id = c.parent_id
    WHERE p.active AND NOT b.hidden_for_elders AND NOT c.hidden_for_elders AND NOT coalesce(pc.hidden_for_elders, false)
    ORDER BY p.id LIMIT ${limit}`.execute(db)
  return rows.rows.map((r) => r.id)
}

export async function setStock(db: Database, productId: number, branch: string, qty: number) {
  await db
    .insertInto('stock')
    .values({ product_id: productId, location_id: branch, qty_available: qty })
    .onConflict((oc) => oc.columns(['location_id', 'product_id']).doUpdateSet({ qty_available: qty }))
    .execute()
}

export async function stockOf(db: Database, productId: number, branch: string): Promise<number | undefined> {
  const row = await db.selectFrom('stock').select('qty_available').where('product_id', '=', productId).where('location_id', '=', branch).executeTakeFirst()
  return row?.qty_available
}

/** Pins the list price (cash-sale accounts pay list price: no discount, no contract). */
export async function setListPrice(db: Database, productId: number, cents: number) {
  await db.updateTable('products').set({ unit_price_cents: cents }).where('id', '=', productId).execute()
}

/** Puts exactly these lines in the user's cart at the branch. */
export async function fillCart(db: Database, userId: number, branch: string, lines: Array<{ productId: number; qty: number }>) {
  await db
    .insertInto('carts')
    .values({ user_id: userId, location_id: branch })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ location_id: branch }))
    .execute()
  const cart = await db.selectFrom('carts').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow()
  await db.deleteFrom('cart_lines').where('cart_id', '=', cart.id).execute()
  if (lines.length > 0)
    await db
      .insertInto('cart_lines')
      .values(lines.map((l) => ({ cart_id: cart.id, product_id: l.productId, quantity: l.qty })))
      .execute()
}

/** A user of the account with a live session, without the cost of a password hash and a sign-in. */
export async function addBuyer(db: Database, accountId: number, username: string): Promise<{ userId: number; token: string }> {
  const user = await db
    .insertInto('users')
    .values({ account_id: accountId, username, name: username, email: `${username}@buyers.example`, role: 'User', password_hash: 'not-a-hash' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const token = newToken()
  await db
    .insertInto('sessions')
    .values({ user_id: user.id, token_hash: hashToken(token), expires_at: new Date(Date.now() + 86_400_000) })
    .execute()
  return { userId: user.id, token }
}

export const orderDetails = (overrides: Record<string, unknown> = {}) => ({
  deliveryName: 'Bellbrae Hobby Farm',
  address1: '4 Bellbrae Road',
  address2: '',
  city: 'Bellbrae',
  state: 'VIC',
  postalCode: '3228',
  contact: 'Priya Sharma',
  email: 'priya@bellbraehobbyfarm.example',
  phone: '03 5261 0000',
  fax: '',
  carrierName: 'Customer pickup',
  carrierInstructions: '',
  purchaseOrder: 'CARD-001',
  orderDesc: 'Chook feed',
  deliveryType: 2,
  warehouse: 'MEL',
  ...overrides,
})

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()

/** The browser's post of the card form to the SecurePay sandbox; answers where the provider sends the browser. */
export async function payWithSecurePay(
  app: FastifyInstance,
  fields: Record<string, string>,
  card: { number: string; month?: string; year?: string; cvv?: string },
) {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/securepay/directpost/authorise',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form({
      ...fields,
      EPS_IP: '203.0.113.9',
      EPS_CARDNUMBER: card.number,
      EPS_EXPIRYMONTH: card.month ?? '12',
      EPS_EXPIRYYEAR: card.year ?? String(new Date().getFullYear() + 2),
      EPS_CCV: card.cvv ?? '123',
    }),
  })
  if (res.statusCode !== 302) throw new Error(`the sandbox answered ${res.statusCode}: ${res.body}`)
  return new URL(res.headers.location as string)
}

/** The browser arriving at the result URL: answers where the portal sends it next. */
export async function arriveAt(app: FastifyInstance, url: URL): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })
  if (res.statusCode !== 303) throw new Error(`the callback answered ${res.statusCode}: ${res.body}`)
  return res.headers.location as string
}
