import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB>

/**
 * The products an account ordered in most orders since `fromMonth` (then by quantity), read from the
 * purchase summary (one row per account, month and product, kept by triggers: migrations/0011) with an
 * index-only scan of the account's months, never from the order lines themselves. The ranking uses cheap
 * aggregates only; the last order's quantity is then looked up for the 100 shown, in the month of their
 * last order (a primary-key read each).
 */
export function mostOrdered(db: Db, accountId: number, fromMonth: string, limit: number) {
  const ranked = db
    .selectFrom('purchase_months')
    .select([
      'product_id',
      sql<number>`sum(order_count)::int`.as('orders'),
      sql<number>`sum(quantity)::int`.as('total'),
      sql<string>`max(last_date)`.as('last_date'),
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
    .innerJoin('purchase_months as last', (j) =>
      j
        .on('last.account_id', '=', accountId)
        .on('last.month', '=', sql<string>`date_trunc('month', ranked.last_date)::date`)
        .onRef('last.product_id', '=', 'ranked.product_id'),
    )
    .select([
      'ranked.product_id',
      'ranked.orders',
      'ranked.total',
      sql<string>`to_char(ranked.last_date, 'YYYY-MM-DD')`.as('last_date'),
      'last.last_qty',
      'products.product_code',
      'products.description',
    ])
    .orderBy('ranked.orders', 'desc')
    .orderBy('ranked.total', 'desc')
    .orderBy('ranked.product_id')
    .execute()
}
