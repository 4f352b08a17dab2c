import { sql, type RawBuilder } from 'kysely'

/**
 * Units of the branch's product that live card payments hold (docs/decisions/0024): the sum of the unexpired
 * `stock_holds` of the `stock` row named `stockRow`, less those of `exceptUser` when given.
 */
function heldUnits(stockRow: string, exceptUser: number | null): RawBuilder<number> {
  const row = sql.table(stockRow)
  const others = exceptUser === null ? sql`` : sql` AND h.user_id <> ${exceptUser}`
  return sql<number>`coalesce((
    SELECT sum(h.qty)::int FROM stock_holds h
    WHERE h.location_id = ${row}.location_id AND h.product_id = ${row}.product_id${others} AND h.expires_at > now()
  ), 0)`
}

/** Units of the branch's `stock` row (in scope) that other users' pending card payments hold. A user's own hold is theirs. */
export const heldByOthers = (userId: number): RawBuilder<number> => heldUnits('stock', userId)

/**
 * Units of a branch's product that live card payments hold, whoever made them: what pages shown to everyone
 * subtract from the branch's stock (decision 0066). `stockRow` names the `stock` row in scope.
 */
export const heldByAnyone = (stockRow: string = 'stock'): RawBuilder<number> => heldUnits(stockRow, null)

/**
 * The units live card payments hold at a branch, a row per product (`product_id`, `qty`): for a statement over a
 * whole branch's stock, which joins it once rather than summing each row's holds (heldByAnyone) row by row.
 */
export function liveHoldsAt(branch: string): RawBuilder<{ product_id: number; qty: number }> {
  return sql`SELECT h.product_id, sum(h.qty)::int AS qty FROM stock_holds h WHERE h.location_id = ${branch} AND h.expires_at > now() GROUP BY h.product_id`
}

/** Units of the branch's `stock` row (in scope, may be a LEFT JOIN) that this user may still take: what it has, less others' holds. */
export function availableTo(userId: number): RawBuilder<number> {
  return sql<number>`(coalesce(stock.qty_available, 0) - ${heldByOthers(userId)})`
}
