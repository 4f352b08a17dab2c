import { sql, type Insertable, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres'
import { shapedStatement, statement } from '../../db/statement'
import type { ChargedPart } from '@portal/contract/price-breaks'
import type { Session } from '../../lib/context'
import { viewerWith, visibilityOf, type Visibility } from '../../lib/visibility'
import { heldByOthers } from '../../lib/stock'
import { emptiedAfterOrder, lockedCartQuery, pricedLinesQuery } from './cart-repo'
import { lockedLimitsQuery, limitsOfRow } from './approvals-repo'
import { creditQuery, creditRowOf } from './credit-repo'

type Db = Kysely<DB>

/**
 * Step 3 of an order, in two statements: the locks, then what they guard, read once every lock is held (one
 * statement's subqueries would see the rows as they were before it waited for a lock: READ COMMITTED re-reads only
 * the locked rows themselves).
 *
 * The locks: the stock rows of the lines' products at the branch, always in product order, so that two orders
 * sharing products queue up instead of deadlocking; then, for an order on account (`accountId`), the account's row
 * (FOR NO KEY UPDATE: one order on account of an account at a time, so two cannot both pass its credit limit,
 * credit.ts; a row inserted that refers to the account takes only a key share, which this does not wait for).
 * Stock before the account, the order the ERP import takes them in, so the two queue rather than deadlock.
 *
 * The reads: each product's stock with what other users' live card payments hold of it and what this pending
 * payment (if any) still holds; and the account's credit (null without `accountId`).
 */
export async function lockStockAndCredit(
  db: Db,
  branch: string,
  productIds: number[],
  buyer: { userId: number; pendingId: string | null },
  accountId: number | null,
) {
  await stockAndAccountLocked(db, branch, productIds, accountId)
  const row = (await stockAndCreditRead(db, branch, productIds, buyer.userId, buyer.pendingId, accountId))[0]!
  return { stock: row.stock, credit: row.credit ? creditRowOf(row.credit) : undefined }
}

/** The stock rows of these products at the branch; the products as one array: one statement text whatever the number of lines (decision 0098). */
const stockRowsQuery = (db: Pick<Db, 'selectFrom'>, branch: string, productIds: number[]) =>
  db
    .selectFrom('stock')
    .where('stock.location_id', '=', branch)
    .where(sql<boolean>`stock.product_id = ANY(${productIds}::int[])`)

const stockAndAccountLocked = statement((db, branch: string, productIds: number[], accountId: number | null) =>
  db
    .with(
      (cte) => cte('stock_locked').materialized(),
      (q) => stockRowsQuery(q, branch, productIds).select('stock.product_id').orderBy('stock.product_id').forUpdate(),
    )
    .with(
      (cte) => cte('account_locked').materialized(),
      // After the stock: its condition needs stock_locked, whose rows are all locked before it yields its count.
      (q) =>
        q
          .selectFrom('customer_accounts')
          .select('id')
          .where('id', '=', accountId)
          .where(sql<boolean>`(SELECT count(*) FROM stock_locked) >= 0`)
          .forNoKeyUpdate(),
    )
    .selectNoFrom([sql<number>`(SELECT count(*) FROM stock_locked)`.as('stock'), sql<number>`(SELECT count(*) FROM account_locked)`.as('accounts')]),
)

const stockAndCreditRead = statement((db, branch: string, productIds: number[], userId: number, pendingId: string | null, accountId: number | null) =>
  db.selectNoFrom([
    jsonArrayFrom(
      stockRowsQuery(db, branch, productIds).select([
        'stock.product_id',
        'stock.qty_available',
        heldByOthers(userId).as('heldByOthers'),
        sql<number>`coalesce((SELECT sum(h.qty)::int FROM stock_holds h WHERE h.location_id = stock.location_id AND h.product_id = stock.product_id
          AND h.pending_order_id = ${pendingId} AND h.expires_at > now()), 0)`.as('heldForThis'),
      ]),
    ).as('stock'),
    jsonObjectFrom(creditQuery(db, accountId)).as('credit'),
  ]),
)

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

export interface NewOrder {
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
  /** The account's available credit before an order on account; null for a card-paid order. */
  availableCreditCents: number | null
  /** The back office user who entered the order for the customer (decision 0101); null when the customer placed it. */
  enteredById: number | null
  enteredByEmail: string | null
  /** The quote the order is placed from (decision 0102); null for any other. */
  quoteId: number | null
}

/** An order line as it is stored, less the order it belongs to. */
export type NewOrderLine = Omit<Insertable<DB['order_lines']>, 'order_id' | 'price_breaks'> & {
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
  price_breaks: ChargedPart[] | null
}

/** The columns of a new order as it is stored, but its number (orderWritten gives it). */
function orderColumns(o: NewOrder) {
  return {
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
    available_credit_cents: o.availableCreditCents,
    entered_by_id: o.enteredById,
    entered_by_email: o.enteredByEmail,
    quote_id: o.quoteId,
  } satisfies Omit<Insertable<DB['orders']>, 'sales_order' | 'portal_order_id'>
}

const ORDER_COLUMNS = Object.keys(orderColumns({} as NewOrder))
const LINE_COLUMNS = [
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
  'price_breaks',
] as const satisfies ReadonlyArray<keyof NewOrderLine>

/**
 * Steps 4 to 6 as one statement (decision 0098), each a data-modifying CTE: the units the order takes off
 * the branch's stock (rows step 3 locked), the order's number (SO + (9000000 + n), clear of every number in the
 * history), the order and its lines, the cart emptied, and the confirmation e-mail in the outbox. The order and
 * its lines come as JSON records of their columns, so the text is the same whatever the number of lines and is
 * prepared once per connection (decision 0098). The e-mail's subject and text come in pieces, to be
 * joined by the order's number, which only this statement knows. The statement's triggers (the stock book's,
 * the history's and the outbox's notifications, the purchase months of decision 0098) fire once it has ended,
 * and see the order and its lines together as before.
 */
const orderWritten = statement(
  (
    db,
    branch: string,
    takenIds: number[],
    takenQty: number[],
    order: string,
    lines: string,
    cartOf: number | null,
    now: Date,
    to: string,
    subject: string[],
    text: string[],
  ) => {
    const orderCols = sql.join(ORDER_COLUMNS.map((c) => sql.ref(c)))
    const fromOrder = sql.join(ORDER_COLUMNS.map((c) => sql.ref(`o.${c}`)))
    const lineCols = sql.join(LINE_COLUMNS.map((c) => sql.ref(c)))
    const fromLine = sql.join(LINE_COLUMNS.map((c) => sql.ref(`l.${c}`)))
    return sql<{ id: number; sales_order: string }>`
    WITH taken AS (
      UPDATE stock SET qty_available = stock.qty_available - u.qty
      FROM unnest(${takenIds}::int[], ${takenQty}::int[]) AS u(product_id, qty)
      WHERE stock.location_id = ${branch} AND stock.product_id = u.product_id
    ),
    numbered AS (SELECT 'SO' || (9000000 + nextval('sales_order_numbers')) AS sales_order),
    placed AS (
      INSERT INTO orders (sales_order, portal_order_id, ${orderCols})
      SELECT numbered.sales_order, numbered.sales_order, ${fromOrder} FROM numbered, jsonb_populate_record(NULL::orders, ${order}::jsonb) AS o
      RETURNING orders.id, orders.sales_order
    ),
    lined AS (
      INSERT INTO order_lines (order_id, ${lineCols})
      SELECT placed.id, ${fromLine} FROM placed, jsonb_populate_recordset(NULL::order_lines, ${lines}::jsonb) AS l
    ),
    ${emptiedAfterOrder(cartOf, now)},
    confirmed AS (
      INSERT INTO email_outbox (to_address, subject, text_body)
      SELECT ${to}, array_to_string(${subject}::text[], placed.sales_order), array_to_string(${text}::text[], placed.sales_order) FROM placed
    )
    SELECT placed.id, placed.sales_order FROM placed`
  },
)

/** The confirmation of an order, to be sent when it commits: its subject and text in pieces around its number. */
export interface Confirmation {
  to: string
  subject: string[]
  text: string[]
}

/**
 * Writes an order (steps 4 to 6): takes `taken` off the branch's stock, numbers the order, writes it with its
 * lines, empties the cart of the user `cartOf` (null: an order not made of a cart) and puts the confirmation in
 * the outbox, in one statement; answers the order's id and number.
 */
export async function writeOrder(
  db: Db,
  branch: string,
  taken: Array<{ productId: number; qty: number }>,
  order: NewOrder,
  lines: NewOrderLine[],
  confirmation: Confirmation,
  cartOf: number | null,
) {
  const takes = taken.filter((t) => t.qty > 0)
  const rows = await orderWritten(
    db,
    branch,
    takes.map((t) => t.productId),
    takes.map((t) => t.qty),
    JSON.stringify(orderColumns(order)),
    JSON.stringify(lines.map((l) => Object.fromEntries(LINE_COLUMNS.map((c) => [c, l[c] ?? null])))),
    cartOf,
    new Date(),
    confirmation.to,
    confirmation.subject,
    confirmation.text,
  )
  return { id: rows[0]!.id, salesOrder: rows[0]!.sales_order }
}

/**
 * Steps 1 and 2 of a checkout on account in one statement: the buyer's cart locked (the cart's lockCart), then the
 * buyer's user row (FOR NO KEY UPDATE, after the cart: their orders on account are checked one after another, so two
 * at once cannot both pass a monthly spending limit, approvals.ts limitsOf) with its spending limits; the order this
 * user already placed with the idempotency key (`ordered`) and the approval it already made (`limits.keyed`); and the
 * cart's lines priced (the cart's pricedLines).
 *
 * The order, the approval and the lines are read as the statement's snapshot saw them, and that snapshot was taken
 * before any wait for the lock. So the cart's row version is read twice: as the snapshot saw it (`seenVersion`) and
 * as locked (`lockedVersion`, the newest). Equal, nothing committed a change to the cart in between, and since
 * every change of a cart's lines, an order made of it or an approval it was emptied into included, updates its row
 * (migration 0023's trigger), they are current and are answered. Different, none is (all undefined): the caller
 * reads them again now that it holds the lock (ordering/placement.ts lockAndRead). The limits are the locked row's
 * own, current either way. Without a cart, everything but `cart` is undefined (a cart deleted since its order was
 * placed says nothing of the order).
 */
export async function lockCartForOrder(db: Db, viewer: Viewer, key: string | null) {
  const row = (await cartLockedForOrder(visibilityOf(viewer), db, viewer.userId, viewer.accountId, key))[0]
  if (!row) return { cart: undefined, ordered: undefined, lines: undefined, limits: undefined }
  const { lockedVersion, seenVersion, ordered, lines, limits, ...cart } = row
  const fresh = lockedVersion === seenVersion
  return { cart, ordered: fresh ? ordered : undefined, lines: fresh ? lines : undefined, limits: fresh ? limitsOfRow(limits ?? undefined) : undefined }
}

type Viewer = Pick<Session, 'userId' | 'accountId' | 'isElders'>

const cartLockedForOrder = shapedStatement((visibility: Visibility) => (db: Db, userId: number, accountId: number, key: string | null) => {
  const viewer = { userId, accountId, ...viewerWith(visibility) }
  return db
    .with(
      (cte) => cte('locked').materialized(),
      (q) => lockedCartQuery(q, userId).select(sql<string>`carts.xmin::text`.as('lockedVersion')),
    )
    .with(
      (cte) => cte('buyer_locked').materialized(),
      // After the cart: its condition reads the cart's lock first.
      (q) => lockedLimitsQuery(q, userId, key).where(sql<boolean>`EXISTS (SELECT 1 FROM locked)`),
    )
    .selectFrom('locked')
    .selectAll('locked')
    .select([
      sql<string>`(SELECT seen.xmin::text FROM carts seen WHERE seen.id = locked.id)`.as('seenVersion'),
      sql<number | null>`(SELECT o.id FROM orders o WHERE o.user_id = ${userId}::int AND o.idempotency_key = ${key}::text)`.as('ordered'),
      sql<Parameters<typeof limitsOfRow>[0] | null>`(SELECT row_to_json(b) FROM buyer_locked b)`.as('limits'),
      jsonArrayFrom(pricedLinesQuery(db, viewer, sql.ref('locked.id'), sql.ref('locked.location_id'))).as('lines'),
    ])
})

/** The order this user placed with this idempotency key (a key is its sender's alone). */
export function findOrderByKey(db: Db, userId: number, key: string) {
  return db.selectFrom('orders').select('id').where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst()
}

/** The account's quote, locked until the transaction ends, with whether it is past its expiry date (decision 0102). */
export function lockQuote(db: Db, accountId: number, quoteId: number) {
  return db
    .selectFrom('quotes')
    .select(['id', 'status', 'order_id', 'expires_on', sql<boolean>`coalesce(expires_on < current_date, false)`.as('expired')])
    .where('id', '=', quoteId)
    .where('account_id', '=', accountId)
    .forUpdate()
    .executeTakeFirst()
}

/** The quote's one order, written in the order's transaction holding the quote's lock. */
export async function markQuoteOrdered(db: Db, quoteId: number, orderId: number) {
  await db.updateTable('quotes').set({ order_id: orderId, updated_at: new Date() }).where('id', '=', quoteId).where('order_id', 'is', null).execute()
}
