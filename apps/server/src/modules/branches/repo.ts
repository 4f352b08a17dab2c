import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB>

/** Every branch, trading or not, in the distributor's order. */
export function listBranches(db: Db) {
  return db.selectFrom('branches').select(['location_id', 'name', 'trading']).orderBy('sort_order').orderBy('name').execute()
}

/**
 * The branches an account may order from (its branch group), in code order; none: any branch. The same rule, for a
 * statement that asks it of one branch beside its own reading, is the database function
 * `account_orders_from(account, branch)` (migration 0033).
 */
export async function branchGroup(db: Db, accountId: number): Promise<string[]> {
  const rows = await db.selectFrom('account_branches').select('location_id').where('account_id', '=', accountId).orderBy('location_id').execute()
  return rows.map((r) => r.location_id)
}

/** A branch by its code (upper case), trading or not. */
export function findBranch(db: Db, code: string) {
  return db.selectFrom('branches').select(['location_id', 'name', 'trading']).where('location_id', '=', code).executeTakeFirst()
}

/** Whether the account may order from the branch: `account_orders_from(account, branch)` (migration 0033). */
export async function accountOrdersFrom(db: Db, accountId: number, branch: string): Promise<boolean> {
  const { rows } = await sql<{ allowed: boolean }>`SELECT account_orders_from(${accountId}::int, ${branch}::text) AS allowed`.execute(db)
  return rows[0]?.allowed ?? false
}
