import { sql, type Kysely } from 'kysely'
import type { DB, Role } from '../../db/schema'

type Db = Kysely<DB>

/** A user as the Users screen shows them: with their spending limits and their approver's username. */
const userColumns = [
  'users.id',
  'users.username',
  'users.name',
  'users.email',
  'users.role',
  'users.order_limit_cents',
  'users.month_limit_cents',
  'users.can_pay_invoices',
  sql<string | null>`(SELECT approver.username FROM users approver WHERE approver.id = users.approver_id)`.as('approver'),
] as const

export function listUsers(db: Db, accountId: number, limit: number, offset: number) {
  return db
    .selectFrom('users')
    .select(userColumns)
    .where('account_id', '=', accountId)
    .orderBy(sql`lower(username)`)
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute()
}

/** A user of this account by username (any case); another account's user is not found. */
export function findAccountUser(db: Db, accountId: number, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'email', 'role'])
    .where('account_id', '=', accountId)
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .forUpdate()
    .executeTakeFirst()
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst()
  return row !== undefined
}

/** Locks the account's administrators, so two demotions cannot both leave it with none. */
export async function lockAdministrators(db: Db, accountId: number): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('account_id', '=', accountId).where('role', '=', 'Administrator').forUpdate().execute()
  return rows.map((r) => r.id)
}

export function insertUser(db: Db, user: { accountId: number; username: string; name: string; email: string; role: Role; passwordHash: string }) {
  return db
    .insertInto('users')
    .values({ account_id: user.accountId, username: user.username, name: user.name, email: user.email, role: user.role, password_hash: user.passwordHash })
    .returning(userColumns)
    .executeTakeFirstOrThrow()
}

export function updateUser(db: Db, userId: number, changes: { email?: string; name?: string; role?: Role; passwordHash?: string }) {
  return db
    .updateTable('users')
    .set({
      ...(changes.email !== undefined ? { email: changes.email } : {}),
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.role !== undefined ? { role: changes.role } : {}),
      // An Administrator's orders are never limited (migration 0036's CHECK): promotion clears the limits.
      ...(changes.role === 'Administrator' ? { order_limit_cents: null, month_limit_cents: null, approver_id: null, can_pay_invoices: false } : {}),
      ...(changes.passwordHash !== undefined ? { password_hash: changes.passwordHash, password_changed_at: new Date() } : {}),
    })
    .where('id', '=', userId)
    .returning(userColumns)
    .executeTakeFirstOrThrow()
}

export async function deleteUser(db: Db, userId: number) {
  await db.deleteFrom('users').where('id', '=', userId).execute()
}

/** Whether a User may pay the account's invoices by card (decision 0090). */
export function setCanPayInvoices(db: Db, userId: number, allowed: boolean) {
  return db.updateTable('users').set({ can_pay_invoices: allowed }).where('id', '=', userId).returning(userColumns).executeTakeFirstOrThrow()
}

/** Sets a User's spending limits (cents ex GST, null for none) and approver (a user id of the account, null for any Administrator). */
export function setLimits(db: Db, userId: number, limits: { orderLimitCents: number | null; monthLimitCents: number | null; approverId: number | null }) {
  return db
    .updateTable('users')
    .set({ order_limit_cents: limits.orderLimitCents, month_limit_cents: limits.monthLimitCents, approver_id: limits.approverId })
    .where('id', '=', userId)
    .returning(userColumns)
    .executeTakeFirstOrThrow()
}
