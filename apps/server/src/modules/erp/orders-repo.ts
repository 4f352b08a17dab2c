import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB>

/** A portal order not yet acknowledged by the ERP. */
const unacknowledged = (db: Db) => db.selectFrom('orders').where('orders.portal_order_id', 'is not', null).where('orders.erp_acknowledged_at', 'is', null)

/**
 * Takes up to `limit` unacknowledged orders, oldest first, that no collector holds (never collected, or
 * collected longer than `leaseSeconds` ago), and marks them collected now. Rows another collector is
 * taking at this moment are skipped, not waited for (FOR UPDATE SKIP LOCKED): two collectors never get
 * the same order (decision 0037). `exported` marks them written to files (npm run erp:export): never offered again.
 */
export async function collectOrders(db: Db, limit: number, leaseSeconds: number, mark: 'collected' | 'exported' = 'collected') {
  const taken = await db
    .updateTable('orders')
    .set(mark === 'collected' ? { erp_collected_at: sql`now()` } : { erp_exported_at: sql`now()` })
    .where('orders.id', 'in', (eb) =>
      eb
        .selectFrom('orders as o')
        .select('o.id')
        .where('o.portal_order_id', 'is not', null)
        .where('o.erp_acknowledged_at', 'is', null)
        .where('o.erp_exported_at', 'is', null)
        .where((w) => w.or([w('o.erp_collected_at', 'is', null), w('o.erp_collected_at', '<', sql<Date>`now() - make_interval(secs => ${leaseSeconds})`)]))
        .orderBy('o.created_at')
        .orderBy('o.id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning('orders.id')
    .execute()
  return taken.map((r) => r.id)
}

/** The orders with what the feed shows of them, oldest first. */
export function feedOrders(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .selectFrom('orders')
    .innerJoin('customer_accounts as a', 'a.id', 'orders.account_id')
    .selectAll('orders')
    .select('a.code as account_code')
    .where('orders.id', 'in', ids)
    .orderBy('orders.created_at')
    .orderBy('orders.id')
    .execute()
}

export function feedLines(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([])
  return db.selectFrom('order_lines').selectAll().where('order_id', 'in', orderIds).orderBy('order_id').orderBy('line_no').execute()
}

/** A portal order by the number it was placed under, locked until the transaction ends. */
export function lockPortalOrder(db: Db, portalOrderId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'sales_order', 'erp_acknowledged_at'])
    .where('portal_order_id', '=', portalOrderId)
    .forUpdate()
    .executeTakeFirst()
}

export function orderBySalesOrder(db: Db, salesOrder: string) {
  return db.selectFrom('orders').select(['id', 'portal_order_id']).where('sales_order', '=', salesOrder).executeTakeFirst()
}

export async function markAcknowledged(db: Db, orderId: number, salesOrder: string) {
  await db
    .updateTable('orders')
    .set({ sales_order: salesOrder, erp_acknowledged_at: sql`now()` })
    .where('id', '=', orderId)
    .execute()
}

/** How many portal orders wait for the ERP, and how old (seconds since placed) the oldest is. */
export async function unacknowledgedBacklog(db: Db, olderThanSeconds: number) {
  const row = await unacknowledged(db)
    .select([
      sql<string | number>`count(*)`.as('waiting'),
      sql<string | number>`count(*) FILTER (WHERE orders.created_at < now() - make_interval(secs => ${olderThanSeconds}))`.as('late'),
      sql<string | number | null>`extract(epoch FROM now() - min(orders.created_at))`.as('oldest_seconds'),
    ])
    .executeTakeFirstOrThrow()
  return { waiting: Number(row.waiting), late: Number(row.late), oldestSeconds: row.oldest_seconds === null ? null : Number(row.oldest_seconds) }
}
