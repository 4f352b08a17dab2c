import { sql, type Kysely } from 'kysely'
import { plannedWithItsValues } from '../../db/prepared-statements'
import type { DB } from '../../db/schema'
import { likePattern, type DateRange } from '../../lib/date-range'
import { accountUnitPriceCents } from '../../lib/pricing'

type Db = Kysely<DB>

export interface OrderFilters {
  range: DateRange
  search?: string | undefined
  /** A delivery site of the account; undefined for all. */
  siteCode?: string | undefined
}

/**
 * The expression the trigram index orders_search_trgm is built on; it must stay word for word the same. Both of
 * an acknowledged order's numbers are in it: the ERP's and the one it was placed under (migration 0029).
 */
const orderSearchText = sql<string>`lower(orders.sales_order || ' ' || coalesce(orders.portal_order_id, '') || ' ' || orders.customer_purchase_order || ' ' || orders.description)`

/**
 * A page of the account's orders, newest first. The page's ids come from the index alone
 * (orders_account_date or orders_account_site_date, an index-only scan however deep the page),
 * then only those hundred rows are read: OFFSET never walks the table itself.
 */
export function ordersPageQuery(db: Db, accountId: number, filters: OrderFilters, limit: number, offset: number) {
  const query = ordersPage(db, accountId, filters, limit, offset)
  // A search is read through the trigram index when its words are rare and by walking the account's orders when
  // they are common: only its values tell which.
  return filters.search ? query.modifyEnd(plannedWithItsValues) : query
}

function ordersPage(db: Db, accountId: number, filters: OrderFilters, limit: number, offset: number) {
  let ids = db.selectFrom('orders').select('orders.id').where('orders.account_id', '=', accountId)
  if (filters.range.from) ids = ids.where('orders.enter_date', '>=', filters.range.from)
  if (filters.range.to) ids = ids.where('orders.enter_date', '<=', filters.range.to)
  if (filters.siteCode !== undefined) ids = ids.where('orders.site_code', '=', filters.siteCode)
  if (filters.search) ids = ids.where(sql<boolean>`${orderSearchText} LIKE ${likePattern(filters.search)}`)
  const page = ids.orderBy('orders.enter_date', 'desc').orderBy('orders.id', 'desc').limit(limit).offset(offset).as('page')
  return db
    .selectFrom(page)
    .innerJoin('orders', 'orders.id', 'page.id')
    .select([
      'orders.id',
      'orders.sales_order',
      'orders.portal_order_id',
      'orders.status',
      'orders.enter_date',
      'orders.customer_purchase_order',
      'orders.description',
      'orders.num_lines',
      'orders.extended_ex_cents',
      'orders.tax_cents',
      'orders.extended_inc_cents',
      'orders.site_code',
    ])
    .orderBy('orders.enter_date', 'desc')
    .orderBy('orders.id', 'desc')
}

export function listOrders(db: Db, accountId: number, filters: OrderFilters, limit: number, offset: number) {
  return ordersPageQuery(db, accountId, filters, limit, offset).execute()
}

/** One of the account's orders by its number or numeric id; another account's order is not found. */
export function findOrder(db: Db, accountId: number, key: { id: number } | { salesOrder: string }) {
  return (
    db
      .selectFrom('orders')
      .innerJoin('branches', 'branches.location_id', 'orders.location_id')
      .selectAll('orders')
      .select('branches.name as branch_name')
      .where('orders.account_id', '=', accountId)
      .$if('id' in key, (q) => q.where('orders.id', '=', (key as { id: number }).id))
      // An acknowledged portal order is found by the ERP's number and by the one it was placed under.
      .$if('salesOrder' in key, (q) =>
        q.where((eb) => {
          const number = (key as { salesOrder: string }).salesOrder
          return eb.or([eb('orders.sales_order', '=', number), eb('orders.portal_order_id', '=', number)])
        }),
      )
      .executeTakeFirst()
  )
}

/** The e-mail address of the user who placed an order: its confirmation went there. */
export async function userEmail(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst()
  return row?.email ?? null
}

export function orderLines(db: Db, orderId: number) {
  return db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('line_no').execute()
}

/** What the account pays per unit today for these products (ex GST, cents), as the cart prices them. */
export function todaysUnitPrices(db: Db, accountId: number, productIds: number[]) {
  if (productIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('products')
    .innerJoin('customer_accounts', (j) => j.on('customer_accounts.id', '=', accountId))
    .leftJoin('contract_prices', (j) => j.onRef('contract_prices.product_id', '=', 'products.id').on('contract_prices.account_id', '=', accountId))
    .select(['products.id as productId', accountUnitPriceCents().as('unitPriceCents')])
    .where(sql<boolean>`products.id = ANY(${productIds}::int[])`)
    .execute()
}

/** Whether the account delivers to this site. */
export async function hasDeliverySite(db: Db, accountId: number, siteCode: string): Promise<boolean> {
  const row = await db.selectFrom('delivery_sites').select('id').where('account_id', '=', accountId).where('site_code', '=', siteCode).executeTakeFirst()
  return row !== undefined
}

const backOrderSearchText = sql<string>`lower(line.product_code || ' ' || line.description || ' ' || orders.sales_order || ' ' || coalesce(orders.portal_order_id, ''))`

/**
 * Lines still waiting on stock, on the account's open orders, newest order first. The account's orders
 * are walked newest first (orders_account_date) and each one's waiting lines looked up in the small
 * partial index order_lines_back_ordered, so the cost follows the account's orders, not how many back
 * orders all accounts have. The lateral subquery keeps its ORDER BY, which keeps that plan.
 */
export function backOrdersPageQuery(db: Db, accountId: number, filters: OrderFilters, limit: number, offset: number) {
  let query = db
    .selectFrom('orders')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('order_lines')
          .select([
            'order_lines.line_no',
            'order_lines.product_id',
            'order_lines.product_code',
            'order_lines.description',
            'order_lines.qty_ordered',
            'order_lines.qty_back_ordered',
            'order_lines.due_date',
          ])
          .whereRef('order_lines.order_id', '=', 'orders.id')
          .where('order_lines.qty_back_ordered', '>', 0)
          .orderBy('order_lines.line_no')
          .as('line'),
      (join) => join.onTrue(),
    )
    .select([
      'orders.id as order_id',
      'orders.sales_order',
      'orders.enter_date',
      'orders.site_code',
      'line.line_no',
      'line.product_id',
      'line.product_code',
      'line.description',
      'line.qty_ordered',
      'line.qty_back_ordered',
      'line.due_date',
    ])
    .where('orders.account_id', '=', accountId)
    .where('orders.status', '<>', 'Cancelled')
  if (filters.range.from) query = query.where('orders.enter_date', '>=', filters.range.from)
  if (filters.range.to) query = query.where('orders.enter_date', '<=', filters.range.to)
  if (filters.siteCode !== undefined) query = query.where('orders.site_code', '=', filters.siteCode)
  if (filters.search) query = query.where(sql<boolean>`${backOrderSearchText} LIKE ${likePattern(filters.search)}`)
  // Walking the account's orders in order pays only when the page's end comes soon, which only the values tell.
  return query
    .orderBy('orders.enter_date', 'desc')
    .orderBy('orders.id', 'desc')
    .orderBy('line.line_no')
    .limit(limit)
    .offset(offset)
    .modifyEnd(plannedWithItsValues)
}

export function listBackOrders(db: Db, accountId: number, filters: OrderFilters, limit: number, offset: number) {
  return backOrdersPageQuery(db, accountId, filters, limit, offset).execute()
}
