import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { shapedStatement } from '../../db/statement'
import { productVisibleTo, viewerWith, visibilityOf, type Visibility } from '../../lib/visibility'
import { offerColumns, type ListScope } from '../catalogue/service'

type Db = Kysely<DB>

/**
 * Makes the account's purchases per product over the 12 months from `fromMonth` (purchase_totals) when it has
 * none for that window yet: its first buy-again, or the first after the month turned. The triggers of
 * migrations/0011 keep them right after that, as orders come and go. True when it made them.
 */
async function ensureTotals(db: Db, accountId: number, fromMonth: string) {
  const window = await db
    .selectFrom('purchase_total_windows')
    .select(sql<string>`to_char(window_start, 'YYYY-MM-DD')`.as('from'))
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  if (window?.from === fromMonth) return false
  await sql`SELECT portal_purchase_totals_refresh(${accountId}, ${fromMonth}::date)`.execute(db)
  return true
}

/**
 * The products an account ordered in most orders in the 12 months from `fromMonth`, then by units: the
 * first rows of the purchase_totals_rank index, never an aggregate over the order lines. Each comes with the
 * product's code, description and offer (its prices for the account and stock at the branch: offerColumns),
 * and whether it is still sold to this user (`sold`: active, and not hidden from a reseller); none at an
 * unknown branch. One statement when the account's totals are of this window (every buy-again but the month's
 * first): the rows come only then.
 */
export async function mostOrdered(
  db: Db,
  scope: Pick<ListScope, 'session' | 'warehouse' | 'stocked'> & { accountId: number },
  fromMonth: string,
  limit: number,
) {
  const { accountId, warehouse, session, stocked } = scope
  const read = () => mostOrderedRead(`${visibilityOf(session)}:${stocked ? 'stocked' : 'unstocked'}`, db, accountId, warehouse, fromMonth, limit)
  const rows = await read()
  // Nothing: no purchases in the window, totals of another window (or none) to make first, or an unknown branch.
  if (rows.length > 0 || !(await ensureTotals(db, accountId, fromMonth))) return rows
  return read()
}

/**
 * mostOrdered's read, one statement for resellers and one for the others (db/statement.ts, decision 0098), each
 * reading the stock at the branch or not (the stock book's is then shown: decision 0097).
 */
const mostOrderedRead = shapedStatement(
  (shape: `${Visibility}:${'stocked' | 'unstocked'}`) => (db: Db, accountId: number, warehouse: string, fromMonth: string, limit: number) => {
    const visibility = shape.slice(0, shape.indexOf(':')) as Visibility
    const top = db
      .selectFrom('purchase_totals')
      .select([
        'purchase_totals.product_id',
        'purchase_totals.order_count as orders',
        'purchase_totals.quantity',
        sql<string>`to_char(purchase_totals.last_date, 'YYYY-MM-DD')`.as('last_date'),
        'purchase_totals.last_qty',
      ])
      .where('purchase_totals.account_id', '=', accountId)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('purchase_total_windows as w')
            .select('w.account_id')
            .where('w.account_id', '=', accountId)
            .where(sql<boolean>`w.window_start = ${fromMonth}::date`),
        ),
      )
      .orderBy('purchase_totals.order_count', 'desc')
      .orderBy('purchase_totals.quantity', 'desc')
      .orderBy('purchase_totals.product_id')
      .limit(limit)
      .as('top')
    return (
      db
        .selectFrom(top)
        .innerJoin('products', 'products.id', 'top.product_id')
        .select([
          'top.product_id',
          'top.orders',
          sql<number>`top.quantity::int`.as('total'),
          'top.last_date',
          'top.last_qty',
          ...offerColumns(warehouse, { accountId, stocked: shape.endsWith(':stocked') }),
          sql<boolean>`products.active AND ${productVisibleTo(viewerWith(visibility))}`.as('sold'),
        ])
        // An unknown branch gives no rows, as a catalogue page does.
        .where(sql<boolean>`EXISTS (SELECT 1 FROM branches WHERE branches.location_id = ${warehouse})`)
        .orderBy('top.orders', 'desc')
        .orderBy('top.quantity', 'desc')
        .orderBy('top.product_id')
    )
  },
)
