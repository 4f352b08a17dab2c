import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB>

/**
 * The products an account ordered in most orders since `fromMonth` (then by quantity), read from the
 * purchase summary (one row per account, month and product, kept by triggers: migrations/0011) with an
 * index-only scan of the account's months, never from the order lines themselves.
 */
export function mostOrdered(db: Db, accountId: number, fromMonth: string, limit: number) {
  const ranked = db
    .selectFrom('purchase_months')
    .select([
      'product_id',
      sql<number>`sum(order_count)::int`.as('orders'),
      sql<number>`sum(quantity)::int`.as('total'),
      sql<string>`to_char(max(last_date), 'YYYY-MM-DD')`.as('last_date'),
      sql<number>`(array_agg(last_qty ORDER BY last_date DESC))[1]`.as('last_qty'),
    ])
    .where('account_id', '=', accountId)
    .where('month', '>=', fromMonth)
    .groupBy('product_id')
    .orderBy(sql`sum(order_count)`, 'desc')
    .orderBy(sql`sum(quantity)`, 'desc')
    .orderBy('product_id')
    .limit(limit)
    .as('ranked')
  return db
    .selectFrom(ranked)
    .innerJoin('products', 'products.id', 'ranked.product_id')
    .select(['ranked.product_id', 'ranked.orders', 'ranked.total', 'ranked.last_date', 'ranked.last_qty', 'products.product_code', 'products.description'])
    .orderBy('ranked.orders', 'desc')
    .orderBy('ranked.total', 'desc')
    .orderBy('ranked.product_id')
    .execute()
}
