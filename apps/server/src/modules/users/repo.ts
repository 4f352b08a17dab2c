import { sql, type Kysely } from 'kysely'
import type { DB, Role } from '../../db/schema'

type Db = Kysely<DB>

export function listUsers(db: Db, accountId: number, limit: number, offset: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'email', 'role'])
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
    .returning(['id', 'username', 'name', 'email', 'role'])
    .executeTakeFirstOrThrow()
}

export function updateUser(db: Db, userId: number, changes: { email?: string; name?: string; role?: Role; passwordHash?: string }) {
  return db
    .updateTable('users')
    .set({
      ...(changes.email !== undefined ? { email: changes.email } : {}),
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.role !== undefined ? { role: changes.role } : {}),
      ...(changes.passwordHash !== undefined ? { password_hash: changes.passwordHash, password_changed_at: new Date() } : {}),
    })
    .where('id', '=', userId)
    .returning(['id', 'username', 'name', 'email', 'role'])
    .executeTakeFirstOrThrow()
}

export async function deleteUser(db: Db, userId: number) {
  await db.deleteFrom('users').where('id', '=', userId).execute()
}
