import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { statement } from '../../db/statement'

type Db = Kysely<DB>

const userColumns = [
  'users.id as userId',
  'users.username',
  'users.name',
  'users.email',
  'users.role',
  'users.password_hash as passwordHash',
  'customer_accounts.id as accountId',
  'customer_accounts.code as accountCode',
  'customer_accounts.name as accountName',
  'customer_accounts.sales_category as salesCategory',
  'customer_accounts.is_elders as isElders',
  'customer_accounts.default_branch as defaultBranch',
] as const

function usersWithAccount(db: Db) {
  return db
    .selectFrom('users')
    .innerJoin('customer_accounts', 'customer_accounts.id', 'users.account_id')
    .select(userColumns)
    .where('users.active', '=', true)
    .where('customer_accounts.active', '=', true)
}

export type UserRow = Awaited<ReturnType<typeof findUserByUsername>> & {}

export function findUserByUsername(db: Db, username: string) {
  return usersWithAccount(db)
    .where(sql<string>`lower(users.username)`, '=', username.toLowerCase())
    .executeTakeFirst()
}

export function findUserById(db: Db, userId: number) {
  return usersWithAccount(db).where('users.id', '=', userId).executeTakeFirst()
}

export async function insertSession(db: Db, userId: number, tokenHash: Buffer, expiresAt: Date, acting?: { by: number; session: number }) {
  await db
    .insertInto('sessions')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt, acting_by: acting?.by ?? null, acting_session: acting?.session ?? null })
    .execute()
}

/** How long a session of staff ordering for a customer lasts at most (decision 0101; migration 0046 holds it to this). */
export const ACTING_HOURS = 2

/** A session of the user for a back office user ordering for them, ending ACTING_HOURS from now by the database's clock. */
export async function insertActingSession(db: Db, userId: number, tokenHash: Buffer, acting: { by: number; session: number }) {
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: tokenHash,
      expires_at: sql<Date>`now() + make_interval(hours => ${ACTING_HOURS})`,
      acting_by: acting.by,
      acting_session: acting.session,
    })
    .execute()
}

/** The live session a token's hash names, with its user and account (built once: db/statement.ts). */
const liveSession = statement((db, tokenHash: Buffer, now: Date, idleSince: Date) =>
  db
    .selectFrom('sessions')
    .innerJoinLateral(
      (eb) => eb.selectFrom('users').selectAll().whereRef('users.id', '=', 'sessions.user_id').where('users.active', '=', true).limit(1).as('users'),
      (join) => join.onTrue(),
    )
    .innerJoin('customer_accounts', 'customer_accounts.id', 'users.account_id')
    .leftJoin('back_office_users as acting', 'acting.id', 'sessions.acting_by')
    .select([
      ...userColumns,
      'sessions.id as sessionId',
      'sessions.last_seen_at as lastSeenAt',
      'sessions.expires_at as expiresAt',
      'sessions.acting_session as actingSession',
      'acting.id as actingId',
      'acting.email as actingEmail',
      'acting.name as actingName',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('customer_accounts.active', '=', true)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('sessions.last_seen_at', '>', idleSince),
)

/**
 * The live session for a token hash: not revoked, within its absolute expiry and its idle window. Read on
 * every request the session cache does not answer. Its user is found by key from the session (a lateral
 * subquery the planner keeps as such): with few sessions and many users, a plain join let PostgreSQL choose
 * a merge join that walked the users' key index up to the session's user, some 10,000 entries for a new
 * user on the large data set (3-15 ms a request).
 */
export async function findLiveSession(db: Db, tokenHash: Buffer, idleSince: Date) {
  return (await liveSession(db, tokenHash, new Date(), idleSince))[0]
}

export async function touchSession(db: Db, sessionId: number) {
  await db.updateTable('sessions').set({ last_seen_at: new Date() }).where('id', '=', sessionId).execute()
}

export async function revokeSession(db: Db, sessionId: number) {
  await db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute()
}

/** Ends every session of a user, except the one given (the caller's own, on a password change). */
export async function revokeUserSessions(db: Db, userId: number, exceptSessionId?: number) {
  let q = db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null)
  if (exceptSessionId !== undefined) q = q.where('id', '!=', exceptSessionId)
  await q.execute()
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string) {
  await db.updateTable('users').set({ password_hash: passwordHash, password_changed_at: new Date() }).where('id', '=', userId).execute()
}

/** Per key, the failures recorded since the given time: how many, and when the last was. */
export async function recentFailures(db: Db, keys: string[], since: Date): Promise<Map<string, { count: number; last: Date }>> {
  const rows = await db
    .selectFrom('login_failures')
    .select(['key', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('failed_at').as('last')])
    .where(sql<boolean>`key = ANY(${keys}::text[])`)
    .where('failed_at', '>', since)
    .groupBy('key')
    .execute()
  return new Map(rows.map((r) => [r.key, { count: Number(r.n), last: new Date(r.last) }]))
}

export async function recordFailures(db: Db, keys: string[], olderThan: Date) {
  await db
    .insertInto('login_failures')
    .values(keys.map((key) => ({ key })))
    .execute()
  await db
    .deleteFrom('login_failures')
    .where(sql<boolean>`key = ANY(${keys}::text[])`)
    .where('failed_at', '<', olderThan)
    .execute()
}

export async function clearFailures(db: Db, key: string) {
  await db.deleteFrom('login_failures').where('key', '=', key).execute()
}

export async function insertResetToken(db: Db, userId: number, tokenHash: Buffer, expiresAt: Date) {
  await db.insertInto('password_reset_tokens').values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt }).execute()
}

/** Marks a reset token used, atomically: a second use, or an expired token, finds nothing. */
export async function consumeResetToken(db: Db, tokenHash: Buffer): Promise<number | undefined> {
  const row = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('user_id')
    .executeTakeFirst()
  return row?.user_id
}

export async function expireResetTokens(db: Db, userId: number) {
  await db.updateTable('password_reset_tokens').set({ used_at: new Date() }).where('user_id', '=', userId).where('used_at', 'is', null).execute()
}
