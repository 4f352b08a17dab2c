import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { Session } from '../../lib/context'
import { productVisibleTo } from '../../lib/visibility'

type Db = Kysely<DB>

const summaryColumns = (db: Db) =>
  db
    .selectFrom('order_lists')
    .leftJoin('users', 'users.id', 'order_lists.created_by')
    .select([
      'order_lists.id',
      'order_lists.name',
      'order_lists.created_by',
      'users.name as creator',
      sql<string>`to_char(order_lists.updated_at, 'YYYY-MM-DD')`.as('updated'),
      (eb) =>
        eb.selectFrom('order_list_lines').select(eb.fn.countAll<number>().as('n')).whereRef('order_list_lines.list_id', '=', 'order_lists.id').as('line_count'),
    ])

export type ListRow = Awaited<ReturnType<ReturnType<typeof summaryColumns>['executeTakeFirstOrThrow']>>

/** The account's lists, by name. */
export function listsOf(db: Db, accountId: number) {
  return summaryColumns(db)
    .where('order_lists.account_id', '=', accountId)
    .orderBy(sql`lower(order_lists.name)`)
    .orderBy('order_lists.id')
    .execute()
}

/** One of the account's lists; another account's is not found. `forUpdate` locks it until the transaction ends. */
export function findList(db: Db, accountId: number, id: number, { forUpdate = false } = {}) {
  const query = summaryColumns(db).where('order_lists.account_id', '=', accountId).where('order_lists.id', '=', id)
  return (forUpdate ? query.forUpdate('order_lists') : query).executeTakeFirst()
}

/** A list's lines in the order they were added, with each product's code and description. */
export function linesOf(db: Db, listId: number) {
  return db
    .selectFrom('order_list_lines')
    .innerJoin('products', 'products.id', 'order_list_lines.product_id')
    .select(['order_list_lines.product_id', 'order_list_lines.quantity', 'products.product_code', 'products.description'])
    .where('order_list_lines.list_id', '=', listId)
    .orderBy('order_list_lines.id')
    .execute()
}

/** Of these product ids, those that exist and this user may see (withdrawn ones included: they may come back). */
export async function knownProducts(db: Db, viewer: Pick<Session, 'isElders'>, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where(sql<boolean>`products.id = ANY(${ids}::int[])`)
    .where(productVisibleTo(viewer))
    .execute()
  return new Set(rows.map((r) => r.id))
}

export async function insertList(db: Db, list: { accountId: number; userId: number; name: string }): Promise<number> {
  const row = await db
    .insertInto('order_lists')
    .values({ account_id: list.accountId, created_by: list.userId, name: list.name })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export async function updateList(db: Db, id: number, change: { name?: string | undefined }) {
  await db
    .updateTable('order_lists')
    .set({ ...(change.name !== undefined ? { name: change.name } : {}), updated_at: sql`now()` })
    .where('id', '=', id)
    .execute()
}

/** Replaces a list's lines with these, in this order. */
export async function replaceLines(db: Db, listId: number, lines: Array<{ productId: number; quantity: number }>) {
  await db.deleteFrom('order_list_lines').where('list_id', '=', listId).execute()
  if (lines.length === 0) return
  await db
    .insertInto('order_list_lines')
    .values(lines.map((l) => ({ list_id: listId, product_id: l.productId, quantity: l.quantity })))
    .execute()
}

/** Adds a product to a list, or adds to its quantity there (at most `max`). */
export async function addLine(db: Db, listId: number, line: { productId: number; quantity: number }, max: number) {
  await db
    .insertInto('order_list_lines')
    .values({ list_id: listId, product_id: line.productId, quantity: line.quantity })
    .onConflict((oc) => oc.columns(['list_id', 'product_id']).doUpdateSet({ quantity: sql`least(order_list_lines.quantity + excluded.quantity, ${max})` }))
    .execute()
}

export async function deleteLine(db: Db, listId: number, productId: number): Promise<boolean> {
  const result = await db.deleteFrom('order_list_lines').where('list_id', '=', listId).where('product_id', '=', productId).executeTakeFirst()
  return result.numDeletedRows > 0n
}

export async function lineCount(db: Db, listId: number): Promise<number> {
  const row = await db
    .selectFrom('order_list_lines')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('list_id', '=', listId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function deleteList(db: Db, id: number) {
  await db.deleteFrom('order_lists').where('id', '=', id).execute()
}
