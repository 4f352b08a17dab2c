import { sql } from 'kysely'
import type { Database } from '../../db/database'
import { liveHoldsAt } from '../../lib/stock'
import * as branches from '../branches/service'
import type { BookBranch, BranchStock } from './stock-book'

type Db = Database

/**
 * Every branch (in the selector's order) and its quantities by product id, less what live card payments hold
 * (decision 0066): a branch a statement, as two arrays.
 */
export async function allStock(db: Db): Promise<{ branches: BookBranch[]; stock: Map<string, BranchStock> }> {
  const [list, { max }] = await Promise.all([
    branches.listBranches(db),
    db
      .selectFrom('products')
      .select(sql<number>`coalesce(max(id), 0)::int`.as('max'))
      .executeTakeFirstOrThrow(),
  ])
  const stock = new Map<string, BranchStock>()
  for (const { location_id } of list) {
    // Both aggregates read the same rows in the same order: ids[i] has qtys[i].
    const { rows } = await sql<{
      ids: number[] | null
      qtys: number[] | null
    }>`SELECT array_agg(stock.product_id) AS ids, array_agg(stock.qty_available - coalesce(held.qty, 0)) AS qtys
      FROM stock LEFT JOIN (${liveHoldsAt(location_id)}) held ON held.product_id = stock.product_id
      WHERE stock.location_id = ${location_id}`.execute(db)
    const ids = rows[0]?.ids ?? []
    const qtys = rows[0]?.qtys ?? []
    let top = max
    for (const id of ids) if (id > top) top = id
    const qty = new Int32Array(top + 1)
    for (let i = 0; i < ids.length; i++) qty[ids[i]!] = qtys[i]!
    stock.set(location_id, qty)
  }
  return { branches: list.map((b) => ({ code: b.location_id, name: b.name, trading: b.trading })), stock }
}

/**
 * The stock rows of these products at every branch, less what live card payments hold, with when the soonest
 * of those holds ends (`ends`, null without one); the ids as one array, one statement whatever their number.
 * The holds are summed once and joined, not looked up for each stock row.
 */
export async function stockOfProducts(db: Db, ids: number[]) {
  const { rows } = await sql<{ location_id: string; product_id: number; qty_available: number; ends: string | null }>`
    SELECT stock.location_id, stock.product_id, stock.qty_available - coalesce(held.qty, 0) AS qty_available,
      (extract(epoch FROM held.ends) * 1000)::bigint::text AS ends
    FROM stock
    LEFT JOIN (
      SELECT h.location_id, h.product_id, sum(h.qty)::int AS qty, min(h.expires_at) AS ends FROM stock_holds h
      WHERE h.product_id = ANY(${ids}::int[]) AND h.expires_at > now() GROUP BY h.location_id, h.product_id
    ) held ON held.location_id = stock.location_id AND held.product_id = stock.product_id
    WHERE stock.product_id = ANY(${ids}::int[])`.execute(db)
  return rows.map((r) => ({ ...r, ends: r.ends === null ? null : Number(r.ends) }))
}

/**
 * When the live holds of every product end, the soonest per product, in milliseconds since the epoch: the
 * book reads a product again then, since a hold's end is no statement and sends no notification.
 */
export async function holdsEnding(db: Db): Promise<Array<{ product_id: number; ends: number }>> {
  const { rows } = await sql<{ product_id: number; ends: string }>`
    SELECT product_id, (extract(epoch FROM min(expires_at)) * 1000)::bigint::text AS ends FROM stock_holds
    WHERE expires_at > now() GROUP BY product_id`.execute(db)
  return rows.map((r) => ({ product_id: r.product_id, ends: Number(r.ends) }))
}
