import { sql, type RawBuilder } from 'kysely'

/**
 * Units of the branch's `stock` row (in scope) that other users' pending card payments hold until their
 * holds expire (docs/decisions/0024). A user's own hold is theirs.
 */
export function heldByOthers(userId: number): RawBuilder<number> {
  return sql<number>`coalesce((
    SELECT sum(h.qty)::int FROM stock_holds h
    WHERE h.location_id = stock.location_id AND h.product_id = stock.product_id AND h.user_id <> ${userId} AND h.expires_at > now()
  ), 0)`
}

/**
 * Units of a branch's product that live card payments hold, whoever made them: what pages shown to everyone
 * subtract from the branch's stock (decision 0066). `stockRow` names the `stock` row in scope.
 */
export function heldByAnyone(stockRow: string = 'stock'): RawBuilder<number> {
  const row = sql.table(stockRow)
  return sql<number>`coalesce((
    SELECT sum(h.qty)::int FROM stock_holds h
    WHERE h.location_id = ${row}.location_id AND h.product_id = ${row}.product_id AND h.expires_at > now()
  ), 0)`
}

/** Units of the branch's `stock` row (in scope, may be a LEFT JOIN) that this user may still take: what it has, less others' holds. */
export function availableTo(userId: number): RawBuilder<number> {
  return sql<number>`(coalesce(stock.qty_available, 0) - ${heldByOthers(userId)})`
}
