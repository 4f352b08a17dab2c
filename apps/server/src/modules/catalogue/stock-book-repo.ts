import { sql } from 'kysely'
import type { Database } from '../../db/database'
import type { BookBranch, BranchStock } from './stock-book'

type Db = Database

/** Every branch (in the selector's order) and its quantities by product id: a branch a statement, as two arrays. */
export async function allStock(db: Db): Promise<{ branches: BookBranch[]; stock: Map<string, BranchStock> }> {
  const [branches, { max }] = await Promise.all([
    db.selectFrom('branches').select(['location_id', 'name', 'trading']).orderBy('sort_order').orderBy('name').execute(),
    db
      .selectFrom('products')
      .select(sql<number>`coalesce(max(id), 0)::int`.as('max'))
      .executeTakeFirstOrThrow(),
  ])
  const stock = new Map<string, BranchStock>()
  for (const { location_id } of branches) {
    // Both aggregates read the same rows in the same order: ids[i] has qtys[i].
    const { rows } = await sql<{
      ids: number[] | null
      qtys: number[] | null
    }>`SELECT array_agg(product_id) AS ids, array_agg(qty_available) AS qtys FROM stock WHERE location_id = ${location_id}`.execute(db)
    const ids = rows[0]?.ids ?? []
    const qtys = rows[0]?.qtys ?? []
    let top = max
    for (const id of ids) if (id > top) top = id
    const qty = new Int32Array(top + 1)
    for (let i = 0; i < ids.length; i++) qty[ids[i]!] = qtys[i]!
    stock.set(location_id, qty)
  }
  return { branches: branches.map((b) => ({ code: b.location_id, name: b.name, trading: b.trading })), stock }
}

/** The stock rows of these products at every branch; the ids as one array, one statement whatever their number. */
export function stockOfProducts(db: Db, ids: number[]) {
  return db
    .selectFrom('stock')
    .select(['location_id', 'product_id', 'qty_available'])
    .where(sql<boolean>`product_id = ANY(${ids}::int[])`)
    .execute()
}
