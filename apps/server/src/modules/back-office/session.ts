import type { BackOfficeMe, BackOfficeRole, BackOfficeSignIn } from '@portal/contract/back-office'
import type { Deps } from '../../lib/context'
import { hashToken, newToken } from '../../lib/tokens'
import * as repo from './repo'

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
/** A session's last_seen_at is written at most this often. */
const TOUCH_EVERY_MS = 60_000

export const findActiveUserByEmail = repo.findActiveUserByEmail

/** After the right password: a session that can only go on to the second factor. */
export async function openSession(db: Db, user: { id: number; totpSecret: string | null }): Promise<BackOfficeSignIn> {
  const token = newToken()
  await repo.insertSession(db, user.id, hashToken(token), new Date(Date.now() + SECOND_FACTOR_MINUTES * 60_000))
  return { realm: 'back-office', token, secondFactor: user.totpSecret ? 'verify' : 'enrol' }
}

/**
 * The live session of a token, or null. Read from the database on every request (the realm has few sessions):
 * a disabled user or a reset second factor ends their sessions at once, on every instance.
 */
export async function resolveBackOfficeSession({ db, config }: Deps, token: string): Promise<BackOfficeSession | null> {
  const now = new Date()
  const row = await repo.findLiveSession(db, hashToken(token), now, new Date(now.getTime() - config.session.idleMs))
  if (!row) return null
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) await repo.touchSession(db, row.sessionId, now)
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
  await repo.completeSession(db, session.sessionId, session.userId, now, new Date(now.getTime() + maxMs))
}

/**
 * Ends a back office session, and with it (migration 0046's trigger) the customer sessions it ordered for customers
 * in (decision 0101): every instance forgets those on the database's notification, this one before answering.
 */
export async function revokeSession(deps: Pick<Deps, 'db' | 'inMemory'>, sessionId: number) {
  await repo.revokeSession(deps.db, sessionId)
  await deps.inMemory.heard()
}

export function me(session: BackOfficeSession): BackOfficeMe {
  return { id: session.userId, name: session.name, email: session.email, roles: session.roles, secondFactor: session.secondFactor }
}
