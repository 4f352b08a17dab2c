import type { BackOfficeMe, BackOfficeRole, BackOfficeSignIn } from '@portal/contract/back-office'
import { sql } from 'kysely'
import type { Deps } from '../../lib/context'
import { hashToken, newToken } from '../../lib/tokens'

type Db = Deps['db']

/**
 * A back office user's session as the /api/staff routes see it. It is never a customer's Session: the two
 * realms keep their sessions in tables of their own, so a token of one is no session at all to the other.
 */
export interface BackOfficeSession {
  sessionId: number
  userId: number
  email: string
  name: string
  roles: BackOfficeRole[]
  /** `done` once the second factor was given; before that the session may only enrol one or give it. */
  secondFactor: 'enrol' | 'verify' | 'done'
}

/** How long a session that has only given its password waits for the second factor. */
export const SECOND_FACTOR_MINUTES = 10

/** A back office user who may sign in, by e-mail; undefined for anyone else (disabled, unknown). */
export function findActiveUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('back_office_users')
    .select(['id', 'email', 'name', 'roles', 'password_hash as passwordHash', 'totp_secret as totpSecret'])
    .where('email', '=', email.trim().toLowerCase())
    .where('active', '=', true)
    .executeTakeFirst()
}

/** After the right password: a session that can only go on to the second factor. */
export async function openSession(db: Db, user: { id: number; totpSecret: string | null }): Promise<BackOfficeSignIn> {
  const token = newToken()
  await db
    .insertInto('back_office_sessions')
    .values({ user_id: user.id, token_hash: hashToken(token), expires_at: new Date(Date.now() + SECOND_FACTOR_MINUTES * 60_000) })
    .execute()
  return { realm: 'back-office', token, secondFactor: user.totpSecret ? 'verify' : 'enrol' }
}

/** The live session of a token: not revoked, not expired, not idle too long, of an enabled user. Read from the database each time. */
export async function resolveBackOfficeSession({ db, config }: Deps, token: string): Promise<BackOfficeSession | null> {
  const now = new Date()
  const row = await db
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
    .where('s.token_hash', '=', hashToken(token))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('s.last_seen_at', '>', new Date(now.getTime() - config.session.idleMs))
    .where('u.active', '=', true)
    .executeTakeFirst()
  if (!row) return null
  if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
    await db.updateTable('back_office_sessions').set({ last_seen_at: now }).where('id', '=', row.sessionId).execute()
  }
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    email: row.email,
    name: row.name,
    roles: row.roles,
    secondFactor: row.secondFactorAt ? 'done' : row.enrolled ? 'verify' : 'enrol',
  }
}

/** The second factor was given: the session becomes a full one, for the realm's usual lifetime. */
export async function completeSession(db: Db, session: BackOfficeSession, maxMs: number) {
  const now = new Date()
  await db
    .updateTable('back_office_sessions')
    .set({ second_factor_at: now, expires_at: new Date(now.getTime() + maxMs) })
    .where('id', '=', session.sessionId)
    .execute()
  await db.updateTable('back_office_users').set({ last_sign_in_at: now }).where('id', '=', session.userId).execute()
}

export async function revokeSession(db: Db, sessionId: number) {
  await db.updateTable('back_office_sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute()
}

/** Ends every session of a back office user (disabled, second factor reset). */
export async function revokeUserSessions(db: Db, userId: number) {
  await db.updateTable('back_office_sessions').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute()
}

export function me(session: BackOfficeSession): BackOfficeMe {
  return { id: session.userId, name: session.name, email: session.email, roles: session.roles, secondFactor: session.secondFactor }
}
