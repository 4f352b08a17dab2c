import { sql } from 'kysely'
import { cart, placement } from '../modules/ordering'
import type { Db } from './bulk'

/** The demo's limited buyer: a User of Kelly's (trade's account) whose orders over these wait for trade's approval. */
export const JUNIOR = { username: 'junior', orderLimitCents: 25_000, monthLimitCents: 200_000 }

/** The delivery form of the demo's order waiting for approval: Kelly's store, delivered. */
const FORM = {
  DeliveryName: "Kelly's Farm & Garden Supplies",
  Address1: '42 Fitzmaurice Street',
  Address2: '',
  City: 'Wagga Wagga',
  State: 'NSW',
  PostalCode: '2650',
  Contact: 'Jordan Kelly',
  Email: '',
  Phone: '',
  Fax: '',
  CarrierName: 'Branch truck',
  CarrierInstructions: '',
  PurchaseOrder: 'JK-SHED-07',
  OrderDesc: 'Shed restock',
  DeliveryType: 1,
  warehouse: 'WAG',
}

/**
 * Approvals and spending limits in the demo (decision 0089): the login `junior`, a User of Kelly's Farm & Garden
 * Supplies with a limit of $250.00 an order and $2,000.00 a month (ex GST), approved by any Administrator (trade), and
 * one order of junior's waiting for approval since yesterday, of the first three products Wagga Wagga has plenty of,
 * priced as the cart prices them. Written after every other user, so no other user's id moves.
 */
export async function writeDemoApprovals(db: Db, passwordHash: string): Promise<void> {
  const kelly = await db.selectFrom('customer_accounts').select('id').where('code', '=', 'KELLYFG').executeTakeFirst()
  if (!kelly) return
  const trade = await db.selectFrom('users').select(['email']).where('username', '=', 'trade').executeTakeFirstOrThrow()
  const junior = await db
    .insertInto('users')
    .values({
      account_id: kelly.id,
      username: JUNIOR.username,
      name: 'Jordan Kelly',
      email: trade.email.replace(/^[^@]+/, 'jordan'),
      role: 'User',
      password_hash: passwordHash,
      order_limit_cents: JUNIOR.orderLimitCents,
      month_limit_cents: JUNIOR.monthLimitCents,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const { rows: products } = await sql<{ id: number }>`
    SELECT p.id FROM products p JOIN stock s ON s.product_id = p.id AND s.location_id = 'WAG'
    WHERE p.active AND s.qty_available >= 50 AND p.unit_price_cents BETWEEN 5000 AND 40000
    ORDER BY p.product_code LIMIT 3`.execute(db)
  const viewer = { userId: junior.id, accountId: kelly.id, isElders: false }
  const priced = await cart.pricedItems(
    db,
    viewer,
    products.map((p, i) => ({ productId: p.id, quantity: [4, 2, 6][i]! })),
    'WAG',
  )
  const lines = priced.map((r) => placement.orderLineOf(viewer, r))
  const totals = placement.totalOf(lines)
  if (lines.length === 0 || totals.exCents <= JUNIOR.orderLimitCents) return
  await db
    .insertInto('order_approvals')
    .values({
      account_id: kelly.id,
      user_id: junior.id,
      location_id: 'WAG',
      form: JSON.stringify(FORM),
      lines: JSON.stringify(lines),
      ex_cents: totals.exCents,
      inc_cents: totals.incCents,
      over_limit: 'order',
      limit_cents: JUNIOR.orderLimitCents,
      created_at: sql<Date>`now() - interval '1 day'`,
    })
    .execute()
}
