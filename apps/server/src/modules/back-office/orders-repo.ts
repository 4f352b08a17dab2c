import { ORDER_STATUS_CODES, ORDER_STATUS_WORDS, UNMAPPED_STATUS, type OrderStatusWord } from '@portal/contract/order-status'
import type { ErpState, OrderChannel } from '@portal/contract/back-office-orders'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { DB } from '../../db/schema'
import { likePattern } from '../../lib/date-range'
import type { AccountScope } from './accounts-repo'

type Db = Kysely<DB>

/**
 * How an order came to be, from its columns alone: an order of the ERP's history was never placed in the portal
 * (no portal_order_id); a portal order paid by card carries its payment's reference (payment_reference, written
 * with the order in the card payment's own transaction); any other portal order was placed on account.
 */
const channelOf = sql<OrderChannel>`(CASE WHEN o.portal_order_id IS NULL THEN 'erp' WHEN o.entered_by_email IS NOT NULL THEN 'rep' WHEN o.payment_reference IS NOT NULL THEN 'card' ELSE 'web' END)`

/**
 * Where a portal order stands with the ERP, on the database's clock as the health check's backlog counts it
 * (modules/erp, unacknowledgedBacklog): acknowledged once the ERP gave its number; late once it has waited longer
 * than ERP_ORDER_ALERT_MINUTES (never, when that is 0); waiting before. Null for the ERP's history.
 */
function erpStateOf(alertSeconds: number) {
  const late = alertSeconds > 0 ? sql<boolean>`o.created_at < now() - make_interval(secs => ${alertSeconds})` : sql<boolean>`false`
  return sql<ErpState | null>`(CASE WHEN o.portal_order_id IS NULL THEN NULL WHEN o.erp_acknowledged_at IS NOT NULL THEN 'acknowledged' WHEN ${late} THEN 'late' ELSE 'waiting' END)`
}

/**
 * The word an order's status is shown as, in SQL, from the contract's words and codes (orderStatusWord): a word
 * in any case and spacing, or a code with leading zeros; anything else is "In progress".
 */
const statusWordOf = (() => {
  const word = sql`lower(regexp_replace(trim(o.status), '\\s+', ' ', 'g'))`
  const code = sql`regexp_replace(trim(o.status), '^0+(?=[0-9])', '')`
  const whens = ORDER_STATUS_WORDS.filter((w) => w !== UNMAPPED_STATUS).map((w) => {
    const codes = Object.entries(ORDER_STATUS_CODES)
      .filter(([, shown]) => shown === w)
      .map(([c]) => c)
    return sql`WHEN ${word} = ${w.toLowerCase()} OR ${code} = ANY(${codes}::text[]) THEN ${w}`
  })
  return sql<OrderStatusWord>`(CASE ${sql.join(whens, sql` `)} ELSE ${UNMAPPED_STATUS} END)`
})()

function inScope(scope: AccountScope) {
  return scope.every ? sql<boolean>`true` : sql<boolean>`o.account_id IN (SELECT account_id FROM back_office_assignments WHERE user_id = ${scope.repId})`
}

export interface OrderFilters {
  branch?: string | undefined
  from?: string | undefined
  to?: string | undefined
  status?: OrderStatusWord | undefined
  channel?: OrderChannel | undefined
  erp?: ErpState | undefined
  q?: string | undefined
}

function conditions(filters: OrderFilters, alertSeconds: number): RawBuilder<boolean>[] {
  const out: RawBuilder<boolean>[] = []
  if (filters.branch) out.push(sql<boolean>`o.location_id = ${filters.branch}`)
  if (filters.from) out.push(sql<boolean>`o.enter_date >= ${filters.from}::date`)
  if (filters.to) out.push(sql<boolean>`o.enter_date <= ${filters.to}::date`)
  if (filters.status) out.push(sql<boolean>`${statusWordOf} = ${filters.status}`)
  if (filters.channel) out.push(sql<boolean>`${channelOf} = ${filters.channel}`)
  if (filters.erp) out.push(sql<boolean>`${erpStateOf(alertSeconds)} = ${filters.erp}`)
  if (filters.q) {
    const like = likePattern(filters.q)
    out.push(sql<boolean>`(lower(a.code) LIKE ${like} OR lower(o.sales_order) LIKE ${like} OR lower(coalesce(o.portal_order_id, '')) LIKE ${like})`)
  }
  return out
}

/** A page of the orders in scope that the filters select, newest first (the day entered, then the latest made). */
export async function ordersPage(db: Db, scope: AccountScope, filters: OrderFilters, alertSeconds: number, limit: number, offset: number) {
  const where = sql.join([inScope(scope), ...conditions(filters, alertSeconds)], sql` AND `)
  const rows = await sql<{
    id: number
    sales_order: string
    portal_order_id: string | null
    account_code: string
    account_name: string
    location_id: string
    enter_date: string
    status_word: OrderStatusWord
    channel: OrderChannel
    erp_state: ErpState | null
    customer_purchase_order: string
    extended_inc_cents: number | string
  }>`
    SELECT o.id, o.sales_order, o.portal_order_id, a.code AS account_code, a.name AS account_name, o.location_id,
           to_char(o.enter_date, 'YYYY-MM-DD') AS enter_date, ${statusWordOf} AS status_word, ${channelOf} AS channel,
           ${erpStateOf(alertSeconds)} AS erp_state, o.customer_purchase_order, o.extended_inc_cents
    FROM orders o JOIN customer_accounts a ON a.id = o.account_id
    WHERE ${where}
    ORDER BY o.enter_date DESC, o.id DESC
    LIMIT ${limit} OFFSET ${offset}
  `.execute(db)
  return rows.rows
}

/** The branches there are, for the desk's filter. */
export function branches(db: Db) {
  return db.selectFrom('branches').select(['location_id', 'name']).orderBy('sort_order').orderBy('location_id').execute()
}

export async function branchExists(db: Db, code: string): Promise<boolean> {
  return (await db.selectFrom('branches').select('location_id').where('location_id', '=', code).executeTakeFirst()) !== undefined
}

/** One order, when its account is in scope; undefined otherwise, as for no such order. */
export async function findOrder(db: Db, scope: AccountScope, id: number, alertSeconds: number) {
  const rows = await sql<{
    id: number
    sales_order: string
    portal_order_id: string | null
    account_id: number
    account_code: string
    account_name: string
    sales_category: string
    location_id: string
    branch_name: string | null
    enter_date: string
    ship_date: string | null
    status_word: OrderStatusWord
    channel: OrderChannel
    erp_state: ErpState | null
    customer_purchase_order: string
    description: string
    delivery_name: string
    delivery_address1: string
    delivery_address2: string
    delivery_city: string
    delivery_state: string
    delivery_postal_code: string
    site_code: string | null
    carrier_name: string
    carrier_instructions: string
    contact: string
    email: string
    phone: string
    username: string | null
    user_name: string | null
    user_email: string | null
    entered_by_email: string | null
    created_at: Date
    erp_collected_at: Date | null
    erp_exported_at: Date | null
    erp_acknowledged_at: Date | null
    extended_ex_cents: number | string
    tax_cents: number | string
    extended_inc_cents: number | string
  }>`
    SELECT o.id, o.sales_order, o.portal_order_id, a.id AS account_id, a.code AS account_code, a.name AS account_name,
           a.sales_category, o.location_id, b.name AS branch_name, to_char(o.enter_date, 'YYYY-MM-DD') AS enter_date,
           to_char(o.ship_date, 'YYYY-MM-DD') AS ship_date, ${statusWordOf} AS status_word, ${channelOf} AS channel,
           ${erpStateOf(alertSeconds)} AS erp_state, o.customer_purchase_order, o.description, o.delivery_name,
           o.delivery_address1, o.delivery_address2, o.delivery_city, o.delivery_state, o.delivery_postal_code, o.site_code,
           o.carrier_name, o.carrier_instructions, o.contact, o.email, o.phone,
           u.username, u.name AS user_name, u.email AS user_email, o.entered_by_email, o.created_at, o.erp_collected_at, o.erp_exported_at,
           o.erp_acknowledged_at, o.extended_ex_cents, o.tax_cents, o.extended_inc_cents
    FROM orders o
    JOIN customer_accounts a ON a.id = o.account_id
    LEFT JOIN branches b ON b.location_id = o.location_id
    LEFT JOIN users u ON u.id = o.user_id AND u.account_id = o.account_id
    WHERE o.id = ${id} AND ${inScope(scope)}
  `.execute(db)
  return rows.rows[0]
}
export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>

export function orderLines(db: Db, orderId: number) {
  return db
    .selectFrom('order_lines')
    .select([
      'line_no',
      'product_code',
      'description',
      'qty_ordered',
      'qty_back_ordered',
      'qty_supplied',
      'unit_price_cents',
      'extended_ex_cents',
      'tax_cents',
      'extended_inc_cents',
    ])
    .where('order_id', '=', orderId)
    .orderBy('line_no')
    .execute()
}

/** The card payment that made the order (the pending order its approval turned into it). */
export function cardPayment(db: Db, orderId: number) {
  return db
    .selectFrom('pending_orders')
    .select(['reference', 'provider', 'amount_cents', 'status', 'transaction_id', 'completed_at'])
    .where('order_id', '=', orderId)
    .orderBy('completed_at', 'desc')
    .executeTakeFirst()
}

/**
 * E-mails whose subject names one of these order numbers after the word "order" (the confirmation's "Order SO9000123
 * received", the approval's "Your order SO9000123 has been approved", a copy's "Order SO9000123 (your PO ...)"),
 * newest first, at most `limit`. The caller keeps those where the number stands whole (SO900012 is not SO9000123).
 */
export function emailsNaming(db: Db, numbers: string[], limit: number) {
  // One LIKE a number, joined by OR; the outbox is read through (migration 0042 says why it has no index for this).
  const named = numbers.map((n) => sql<boolean>`lower(subject) LIKE ${likePattern(`order ${n}`)}`)
  return db
    .selectFrom('email_outbox')
    .select(['id', 'to_address', 'subject', 'status', 'created_at', 'sent_at'])
    .where(sql<boolean>`(${sql.join(named, sql` OR `)})`)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}
