import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB>

/** Product ids by code, for the codes given (withdrawn products included: their stock is still the ERP's). */
export async function productIdsByCode(db: Db, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map()
  const rows = await db
    .selectFrom('products')
    .select(['id', 'product_code'])
    .where('product_code', '=', sql<string>`ANY(${sql.val(codes)}::text[])`)
    .execute()
  return new Map(rows.map((r) => [r.product_code, r.id]))
}

export async function branchCodes(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('branches').select('location_id').execute()
  return new Set(rows.map((r) => r.location_id))
}

export interface StockRow {
  productId: number
  locationId: string
  qty: number
}

/**
 * Writes the rows' counts, in branch and product order (the order checkout and card payments lock stock rows
 * in, so they queue behind this instead of deadlocking). Returns how many rows were inserted or changed;
 * a count that is already right is left alone.
 */
export async function upsertStock(db: Db, rows: StockRow[]): Promise<number> {
  if (rows.length === 0) return 0
  const result = await sql<{ product_id: number }>`
    INSERT INTO stock (location_id, product_id, qty_available)
    SELECT r.location_id, r.product_id, r.qty
    FROM unnest(${sql.val(rows.map((r) => r.locationId))}::text[], ${sql.val(rows.map((r) => r.productId))}::int[], ${sql.val(rows.map((r) => r.qty))}::int[])
      AS r(location_id, product_id, qty)
    ORDER BY r.location_id, r.product_id
    ON CONFLICT (location_id, product_id) DO UPDATE SET qty_available = EXCLUDED.qty_available
    WHERE stock.qty_available IS DISTINCT FROM EXCLUDED.qty_available
    RETURNING product_id`.execute(db)
  return result.rows.length
}
