import { sql, type Insertable, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { statement } from '../../db/statement'
import { heldByOthers } from '../../lib/stock'

type Db = Kysely<DB>

/**
 * Stock at the branch for these products, locked until the transaction ends, always in product order so
 * that two orders sharing products queue up instead of deadlocking; with what other users' live card
 * payments hold of each, and what this pending payment (if any) still holds. The holds are read by a second
 * statement, after the locks are granted: one statement's subqueries would see the holds as they were
 * before it waited for a lock (READ COMMITTED re-reads only the locked rows).
 */
export async function lockStock(db: Db, branch: string, productIds: number[], buyer: { userId: number; pendingId: string | null }) {
  if (productIds.length === 0) return []
  await stockLocked(db, branch, productIds)
  return stockHeld(db, branch, productIds, buyer.userId, buyer.pendingId)
}

// The products as one array: one statement text whatever the number of lines, built once (decision 0048).
const stockLocked = statement((db, branch: string, productIds: number[]) =>
  db
    .selectFrom('stock')
    .select('product_id')
    .where('location_id', '=', branch)
    .where(sql<boolean>`product_id = ANY(${productIds}::int[])`)
    .orderBy('product_id')
    .forUpdate(),
)

const stockHeld = statement((db, branch: string, productIds: number[], userId: number, pendingId: string | null) =>
  db
    .selectFrom('stock')
    .select([
      'stock.product_id',
      'stock.qty_available',
      heldByOthers(userId).as('heldByOthers'),
      sql<number>`coalesce((SELECT sum(h.qty)::int FROM stock_holds h WHERE h.location_id = stock.location_id AND h.product_id = stock.product_id
        AND h.pending_order_id = ${pendingId} AND h.expires_at > now()), 0)`.as('heldForThis'),
    ])
    .where('stock.location_id', '=', branch)
    .where(sql<boolean>`stock.product_id = ANY(${productIds}::int[])`),
)

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

/** Holds units at the branch for a pending card payment until `minutes` from now; expired holds of those products go. */
export async function insertHolds(
  db: Db,
  hold: { pendingId: string; userId: number; branch: string; minutes: number; lines: Array<{ productId: number; qty: number }> },
) {
  const lines = hold.lines.filter((l) => l.qty > 0)
  if (lines.length === 0) return
  await db
    .deleteFrom('stock_holds')
    .where('location_id', '=', hold.branch)
    .where(
      'product_id',
      'in',
      lines.map((l) => l.productId),
    )
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute()
  await db
    .insertInto('stock_holds')
    .values(
      lines.map((l) => ({
        pending_order_id: hold.pendingId,
        user_id: hold.userId,
        location_id: hold.branch,
        product_id: l.productId,
        qty: l.qty,
        expires_at: sql<Date>`now() + make_interval(mins => ${hold.minutes})`,
      })),
    )
    .execute()
}

/** Lets go of what a pending card payment holds (paid, cancelled or replaced). */
export async function releaseHolds(db: Db, pendingIds: string[]) {
  if (pendingIds.length === 0) return
  await db.deleteFrom('stock_holds').where('pending_order_id', 'in', pendingIds).execute()
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
      portal_order_id: o.salesOrder,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow()
}

/** An order line as it is stored, less the order it belongs to. */
export type NewOrderLine = Omit<Insertable<DB['order_lines']>, 'order_id'> & {
  line_no: number
  product_id: number
  product_code: string
  description: string
  qty_ordered: number
  qty_back_ordered: number
  qty_supplied: number
  unit_price_cents: number
  extended_ex_cents: number
  tax_cents: number
  extended_inc_cents: number
  due_date: string | null
}

/**
 * The order's lines in one statement, as one array a column: the same text whatever the number of lines, so it
 * is prepared once per connection (decisions 0042, 0048), and still one statement for the purchase summary's
 * trigger (decision 0046).
 */
export async function insertOrderLines(db: Db, orderId: number, lines: NewOrderLine[]) {
  if (lines.length === 0) return
  const column = <K extends keyof NewOrderLine>(key: K) => lines.map((l) => l[key] ?? null)
  await orderLinesInserted(
    db,
    orderId,
    column('line_no'),
    column('product_id'),
    column('product_code'),
    column('description'),
    column('qty_ordered'),
    column('qty_back_ordered'),
    column('qty_supplied'),
    column('unit_price_cents'),
    column('extended_ex_cents'),
    column('tax_cents'),
    column('extended_inc_cents'),
    column('due_date'),
  )
}

const orderLinesInserted = statement(
  (
    db,
    orderId: number,
    lineNo: unknown[],
    productId: unknown[],
    productCode: unknown[],
    description: unknown[],
    ordered: unknown[],
    backOrdered: unknown[],
    supplied: unknown[],
    unitPrice: unknown[],
    ex: unknown[],
    tax: unknown[],
    inc: unknown[],
    due: unknown[],
  ) =>
    db
      .insertInto('order_lines')
      .columns([
        'order_id',
        'line_no',
        'product_id',
        'product_code',
        'description',
        'qty_ordered',
        'qty_back_ordered',
        'qty_supplied',
        'unit_price_cents',
        'extended_ex_cents',
        'tax_cents',
        'extended_inc_cents',
        'due_date',
      ])
      .expression(
        sql`SELECT ${orderId}::int, l.* FROM unnest(${lineNo}::int[], ${productId}::int[], ${productCode}::text[], ${description}::text[],
          ${ordered}::int[], ${backOrdered}::int[], ${supplied}::int[], ${unitPrice}::int[], ${ex}::bigint[], ${tax}::bigint[], ${inc}::bigint[],
          ${due}::date[]) AS l`,
      ),
)

/** An order of the account placed with this idempotency key. */
export function findOrderByKey(db: Db, accountId: number, key: string) {
  return db.selectFrom('orders').select('id').where('account_id', '=', accountId).where('idempotency_key', '=', key).executeTakeFirst()
}
