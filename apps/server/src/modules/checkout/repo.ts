import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { Session } from '../../lib/context'
import { accountUnitPriceCents } from '../../lib/pricing'
import { productVisibleTo } from '../../lib/visibility'

type Db = Kysely<DB>
type Viewer = Pick<Session, 'userId' | 'accountId' | 'isElders'>

/** The user's cart row, locked until the transaction ends: one checkout of a cart at a time. */
export function lockCart(db: Db, userId: number) {
  return db.selectFrom('carts').select(['id', 'location_id', 'checkout_info']).where('user_id', '=', userId).forUpdate().executeTakeFirst()
}

export function findCart(db: Db, userId: number) {
  return db.selectFrom('carts').select(['id', 'location_id', 'checkout_info']).where('user_id', '=', userId).executeTakeFirst()
}

/**
 * Every line of the cart with what an order needs: the price this account pays now (ex GST, cents), and
 * whether the product is still sold and may be seen by this user (hidden or withdrawn products refuse the order).
 */
export function cartLinesForOrder(db: Db, viewer: Viewer, cartId: number) {
  return db
    .selectFrom('cart_lines')
    .innerJoin('products', 'products.id', 'cart_lines.product_id')
    .innerJoin('customer_accounts', (j) => j.on('customer_accounts.id', '=', viewer.accountId))
    .leftJoin('contract_prices', (j) => j.onRef('contract_prices.product_id', '=', 'products.id').on('contract_prices.account_id', '=', viewer.accountId))
    .select([
      'cart_lines.quantity',
      'products.id as productId',
      'products.product_code as productCode',
      'products.description',
      'products.active',
      productVisibleTo(viewer).as('visible'),
      accountUnitPriceCents().as('unitPriceCents'),
    ])
    .where('cart_lines.cart_id', '=', cartId)
    .orderBy('cart_lines.id')
    .execute()
}

/** Stock at the branch for these products, read without locking (a first look before payment). */
export function stockLevels(db: Db, branch: string, productIds: number[]) {
  if (productIds.length === 0) return Promise.resolve([])
  return db.selectFrom('stock').select(['product_id', 'qty_available']).where('location_id', '=', branch).where('product_id', 'in', productIds).execute()
}

/**
 * Stock at the branch for these products, locked until the transaction ends, always in product order
 * so that two orders sharing products queue up instead of deadlocking.
 */
export function lockStock(db: Db, branch: string, productIds: number[]) {
  if (productIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('stock')
    .select(['product_id', 'qty_available'])
    .where('location_id', '=', branch)
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .forUpdate()
    .execute()
}

/** Takes what an order allocates off the branch's stock, in one statement. */
export async function allocateStock(db: Db, branch: string, allocations: Array<{ productId: number; qty: number }>) {
  const taken = allocations.filter((a) => a.qty > 0)
  if (taken.length === 0) return
  const rows = JSON.stringify(taken.map((a) => ({ product_id: a.productId, qty: a.qty })))
  await sql`
    UPDATE stock SET qty_available = stock.qty_available - u.qty
    FROM jsonb_to_recordset(${rows}::jsonb) AS u(product_id int, qty int)
    WHERE stock.location_id = ${branch} AND stock.product_id = u.product_id`.execute(db)
}

/** The next portal order number: SO + (9000000 + n), clear of every number in the history. */
export async function nextSalesOrder(db: Db): Promise<string> {
  const { rows } = await sql<{ n: number | string }>`SELECT nextval('sales_order_numbers') AS n`.execute(db)
  return `SO${9_000_000 + Number(rows[0]!.n)}`
}

export interface NewOrder {
  salesOrder: string
  status: string
  accountId: number
  userId: number
  branch: string
  siteCode: string | null
  enterDate: string
  purchaseOrder: string
  description: string
  deliveryName: string
  address1: string
  address2: string
  city: string
  state: string
  postalCode: string
  contact: string
  email: string
  phone: string
  fax: string
  carrierName: string
  carrierInstructions: string
  deliveryType: number
  numLines: number
  exCents: number
  taxCents: number
  incCents: number
  idempotencyKey: string | null
  paymentReference: string | null
}

export function insertOrder(db: Db, o: NewOrder) {
  return db
    .insertInto('orders')
    .values({
      sales_order: o.salesOrder,
      account_id: o.accountId,
      user_id: o.userId,
      location_id: o.branch,
      site_code: o.siteCode,
      status: o.status,
      enter_date: o.enterDate,
      customer_purchase_order: o.purchaseOrder,
      description: o.description,
      delivery_name: o.deliveryName,
      delivery_address1: o.address1,
      delivery_address2: o.address2,
      delivery_city: o.city,
      delivery_state: o.state,
      delivery_postal_code: o.postalCode,
      contact: o.contact,
      email: o.email,
      phone: o.phone,
      fax: o.fax,
      carrier_name: o.carrierName,
      carrier_instructions: o.carrierInstructions,
      delivery_type: o.deliveryType,
      num_lines: o.numLines,
      extended_ex_cents: o.exCents,
      tax_cents: o.taxCents,
      extended_inc_cents: o.incCents,
      idempotency_key: o.idempotencyKey,
      payment_reference: o.paymentReference,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow()
}

export interface NewOrderLine {
  lineNo: number
  productId: number
  productCode: string
  description: string
  qtyOrdered: number
  qtyBackOrdered: number
  unitPriceCents: number
  exCents: number
  taxCents: number
  incCents: number
  dueDate: string | null
}

export async function insertOrderLines(db: Db, orderId: number, lines: NewOrderLine[]) {
  if (lines.length === 0) return
  await db
    .insertInto('order_lines')
    .values(
      lines.map((l) => ({
        order_id: orderId,
        line_no: l.lineNo,
        product_id: l.productId,
        product_code: l.productCode,
        description: l.description,
        qty_ordered: l.qtyOrdered,
        qty_back_ordered: l.qtyBackOrdered,
        qty_supplied: 0,
        unit_price_cents: l.unitPriceCents,
        extended_ex_cents: l.exCents,
        tax_cents: l.taxCents,
        extended_inc_cents: l.incCents,
        due_date: l.dueDate,
      })),
    )
    .execute()
}

/** An order of the account placed with this idempotency key. */
export function findOrderByKey(db: Db, accountId: number, key: string) {
  return db.selectFrom('orders').selectAll().where('account_id', '=', accountId).where('idempotency_key', '=', key).executeTakeFirst()
}

export function findOrderById(db: Db, orderId: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow()
}

export function orderLines(db: Db, orderId: number) {
  return db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('line_no').execute()
}

/** Whether the account has this delivery site. */
export async function hasDeliverySite(db: Db, accountId: number, siteCode: string): Promise<boolean> {
  const row = await db.selectFrom('delivery_sites').select('id').where('account_id', '=', accountId).where('site_code', '=', siteCode).executeTakeFirst()
  return row !== undefined
}

/** After an order: the cart's lines go, and so do the checkout details (the next order has its own purchase order). */
export async function clearCart(db: Db, userId: number) {
  await db
    .deleteFrom('cart_lines')
    .where('cart_id', 'in', (q) => q.selectFrom('carts').select('id').where('user_id', '=', userId))
    .execute()
  await db.updateTable('carts').set({ checkout_info: null, updated_at: new Date() }).where('user_id', '=', userId).execute()
}

/** Keeps the half-filled checkout form with the user's cart (a cart is made at the default branch if there is none). */
export async function saveCheckoutInfo(db: Db, userId: number, defaultBranch: string, info: unknown) {
  const json = JSON.stringify(info)
  await db
    .insertInto('carts')
    .values({ user_id: userId, location_id: defaultBranch, checkout_info: json })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ checkout_info: json }))
    .execute()
}

export function findBranchName(db: Db, code: string) {
  return db.selectFrom('branches').select(['location_id', 'name']).where('location_id', '=', code).executeTakeFirst()
}
