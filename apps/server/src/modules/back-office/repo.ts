import type { BackOfficeRole } from '@portal/contract/back-office'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB>

// Users.

/** A back office user who may sign in, by e-mail; undefined for anyone else (disabled, unknown). */
export function findActiveUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('back_office_users')
    .select(['id', 'email', 'name', 'roles', 'password_hash as passwordHash', 'totp_secret as totpSecret'])
    .where('email', '=', email.trim().toLowerCase())
    .where('active', '=', true)
    .executeTakeFirst()
}

const userColumns = ['id', 'name', 'email', 'roles', 'active', 'password_hash', 'totp_secret', 'last_sign_in_at', 'created_at'] as const

export type UserRow = Awaited<ReturnType<typeof findUser>> & {}

export function listUsers(db: Db) {
  return db.selectFrom('back_office_users').select(userColumns).orderBy('active', 'desc').orderBy('name').orderBy('id').execute()
}

/** A user by id; `lock` holds the row for the rest of the transaction. */
export function findUser(db: Db, id: number, lock = false) {
  let q = db.selectFrom('back_office_users').select(userColumns).where('id', '=', id)
  if (lock) q = q.forUpdate()
  return q.executeTakeFirst()
}

export function insertUser(db: Db, user: { email: string; name: string; roles: BackOfficeRole[]; invitedBy: number }) {
  return db
    .insertInto('back_office_users')
    .values({ email: user.email, name: user.name, roles: user.roles, invited_by: user.invitedBy })
    .returning(userColumns)
    .executeTakeFirstOrThrow()
}

export function setRoles(db: Db, id: number, roles: BackOfficeRole[]) {
  return db.updateTable('back_office_users').set({ roles }).where('id', '=', id).returning(userColumns).executeTakeFirstOrThrow()
}

export function setActive(db: Db, id: number, active: boolean) {
  return db.updateTable('back_office_users').set({ active }).where('id', '=', id).returning(userColumns).executeTakeFirstOrThrow()
}

/** Forgets the authenticator and the recovery codes. */
export async function forgetSecondFactor(db: Db, id: number) {
  const row = await db
    .updateTable('back_office_users')
    .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: 0 })
    .where('id', '=', id)
    .returning(userColumns)
    .executeTakeFirstOrThrow()
  await db.deleteFrom('back_office_recovery_codes').where('user_id', '=', id).execute()
  return row
}

/** Whether an e-mail is a customer's username: one username never names two logins. */
export async function isCustomerUsername(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', email.toLowerCase())
    .executeTakeFirst()
  return Boolean(row)
}

// Invitations: set-password links.

export async function insertPasswordToken(db: Db, userId: number, tokenHash: Buffer, expiresAt: Date) {
  await db.insertInto('back_office_password_tokens').values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt }).execute()
}

export async function expirePasswordTokens(db: Db, userId: number) {
  await db.updateTable('back_office_password_tokens').set({ used_at: new Date() }).where('user_id', '=', userId).where('used_at', 'is', null).execute()
}

/** Marks a set-password token used, atomically: a second use, or an expired token, finds nothing. */
export async function consumePasswordToken(db: Db, tokenHash: Buffer): Promise<number | undefined> {
  const row = await db
    .updateTable('back_office_password_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('user_id')
    .executeTakeFirst()
  return row?.user_id
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<string> {
  const row = await db
    .updateTable('back_office_users')
    .set({ password_hash: passwordHash, password_changed_at: new Date() })
    .where('id', '=', userId)
    .returning('email')
    .executeTakeFirstOrThrow()
  return row.email
}

// Sessions.

export async function insertSession(db: Db, userId: number, tokenHash: Buffer, expiresAt: Date) {
  await db.insertInto('back_office_sessions').values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt }).execute()
}

/** The live session of a token hash: not revoked, not expired, not idle since `idleSince`, of an enabled user. */
export function findLiveSession(db: Db, tokenHash: Buffer, now: Date, idleSince: Date) {
  return db
    .selectFrom('back_office_sessions as s')
    .innerJoin('back_office_users as u', 'u.id', 's.user_id')
    .select([
      's.id as sessionId',
      's.last_seen_at as lastSeenAt',
      's.second_factor_at as secondFactorAt',
      'u.id as userId',
      'u.email',
      'u.name',
      'u.roles',
      sql<boolean>`u.totp_secret IS NOT NULL`.as('enrolled'),
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('s.last_seen_at', '>', idleSince)
    .where('u.active', '=', true)
    .executeTakeFirst()
}

export async function touchSession(db: Db, sessionId: number, now: Date) {
  await db.updateTable('back_office_sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute()
}

/** The second factor was given: the session's new expiry, and the user's last sign-in. */
export async function completeSession(db: Db, sessionId: number, userId: number, now: Date, expiresAt: Date) {
  await db.updateTable('back_office_sessions').set({ second_factor_at: now, expires_at: expiresAt }).where('id', '=', sessionId).execute()
  await db.updateTable('back_office_users').set({ last_sign_in_at: now }).where('id', '=', userId).execute()
}

export async function revokeSession(db: Db, sessionId: number) {
  await db.updateTable('back_office_sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute()
}

export async function revokeUserSessions(db: Db, userId: number) {
  await db.updateTable('back_office_sessions').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute()
}

// The second factor.

export async function secretsOf(db: Db, userId: number) {
  return db
    .selectFrom('back_office_users')
    .select(['totp_secret as secret', 'totp_pending_secret as pending'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
}

export async function setPendingSecret(db: Db, userId: number, secret: string) {
  await db.updateTable('back_office_users').set({ totp_pending_secret: secret }).where('id', '=', userId).execute()
}

/** Makes the pending secret the user's, with the step its code used; false when the user has enrolled meanwhile. */
export async function confirmSecret(db: Db, userId: number, secret: string, step: number): Promise<boolean> {
  const row = await db
    .updateTable('back_office_users')
    .set({ totp_secret: secret, totp_pending_secret: null, totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_secret', 'is', null)
    .returning('id')
    .executeTakeFirst()
  return Boolean(row)
}

/** Takes a code's time step; false when this step or a later one was taken already (a code is used once). */
export async function takeStep(db: Db, userId: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('back_office_users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_last_step', '<', step)
    .returning('id')
    .executeTakeFirst()
  return Boolean(row)
}

export async function replaceRecoveryCodes(db: Db, userId: number, codeHashes: Buffer[]) {
  await db.deleteFrom('back_office_recovery_codes').where('user_id', '=', userId).execute()
  await db
    .insertInto('back_office_recovery_codes')
    .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute()
}

/** Uses a recovery code, once; the number of codes left, or null when the code is none of the user's unused ones. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: Buffer): Promise<number | null> {
  const used = await db
    .updateTable('back_office_recovery_codes')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst()
  if (!used) return null
  const left = await db
    .selectFrom('back_office_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(left.n)
}

// Wrong codes, counted in the sign-in throttle's table.

export async function failuresSince(db: Db, key: string, since: Date): Promise<{ count: number; last: Date | null }> {
  const row = await db
    .selectFrom('login_failures')
    .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('failed_at').as('last')])
    .where('key', '=', key)
    .where('failed_at', '>', since)
    .executeTakeFirst()
  const count = Number(row?.n ?? 0)
  return { count, last: count > 0 && row?.last ? new Date(row.last) : null }
}

export async function recordFailure(db: Db, key: string) {
  await db.insertInto('login_failures').values({ key }).execute()
}

export async function clearFailures(db: Db, key: string) {
  await db.deleteFrom('login_failures').where('key', '=', key).execute()
}

// Sales representatives' accounts.

export function assignedAccounts(db: Db, userId: number) {
  return db
    .selectFrom('back_office_assignments as a')
    .innerJoin('customer_accounts as c', 'c.id', 'a.account_id')
    .select(['c.id as accountId', 'c.code', 'c.name', 'a.by_erp as fromErp'])
    .where('a.user_id', '=', userId)
    .orderBy('c.code')
    .execute()
}

export function findAccountByCode(db: Db, code: string) {
  return db
    .selectFrom('customer_accounts')
    .select(['id', 'code'])
    .where(sql<string>`upper(code)`, '=', code.toUpperCase())
    .executeTakeFirst()
}

export function findAccountById(db: Db, id: number) {
  return db.selectFrom('customer_accounts').select(['id', 'code']).where('id', '=', id).executeTakeFirst()
}

/**
 * Assigns an account; false when an Administrator had assigned it already. An assignment the ERP made becomes the
 * Administrator's too, so the ERP's next import that names another rep leaves it (decision 0095).
 */
export async function insertAssignment(db: Db, userId: number, accountId: number): Promise<boolean> {
  const row = await db
    .insertInto('back_office_assignments')
    .values({ account_id: accountId, user_id: userId, by_back_office: true })
    .onConflict((oc) => oc.columns(['account_id', 'user_id']).doUpdateSet({ by_back_office: true }).where('back_office_assignments.by_back_office', '=', false))
    .returning('account_id')
    .executeTakeFirst()
  return Boolean(row)
}

/** Unassigns an account; false when it was not assigned. */
export async function deleteAssignment(db: Db, userId: number, accountId: number): Promise<boolean> {
  const row = await db
    .deleteFrom('back_office_assignments')
    .where('user_id', '=', userId)
    .where('account_id', '=', accountId)
    .returning('account_id')
    .executeTakeFirst()
  return Boolean(row)
}

export async function deleteAssignments(db: Db, userId: number) {
  await db.deleteFrom('back_office_assignments').where('user_id', '=', userId).execute()
}

// The audit.

export interface AuditRow {
  userId: number
  userEmail: string
  roles: string[]
  action: string
  accountId: number | null
  accountCode: string | null
  subject: string | null
  detail: Record<string, unknown>
  address: string
}

export async function insertAudit(db: Db, row: AuditRow) {
  await db
    .insertInto('back_office_audit')
    .values({
      user_id: row.userId,
      user_email: row.userEmail,
      roles: row.roles,
      action: row.action,
      account_id: row.accountId,
      account_code: row.accountCode,
      subject: row.subject,
      detail: JSON.stringify(row.detail),
      address: row.address,
    })
    .execute()
}

export interface AuditFilters {
  userId?: number | undefined
  action?: string | undefined
  accountCode?: string | undefined
  /** From this instant (included) to that one (excluded). */
  from?: Date | null
  until?: Date | null
}

/** The audit rows the filters select, newest first (`newest`) or oldest first, a slice of them. */
export function auditRows(db: Db, filters: AuditFilters, order: 'newest' | 'oldest', limit: number, offset = 0) {
  let q = db.selectFrom('back_office_audit').select(['id', 'at', 'user_id', 'user_email', 'roles', 'action', 'account_code', 'subject', 'address'])
  if (filters.userId !== undefined) q = q.where('user_id', '=', filters.userId)
  if (filters.action) q = q.where('action', '=', filters.action)
  if (filters.accountCode) q = q.where(sql<string>`upper(account_code)`, '=', filters.accountCode.toUpperCase())
  if (filters.from) q = q.where('at', '>=', filters.from)
  if (filters.until) q = q.where('at', '<', filters.until)
  const direction = order === 'newest' ? 'desc' : 'asc'
  return q.orderBy('at', direction).orderBy('id', direction).limit(limit).offset(offset).execute()
}

export async function auditActions(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('back_office_audit').select('action').distinct().orderBy('action').execute()
  return rows.map((r) => r.action)
}
