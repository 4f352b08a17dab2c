import { setTimeout as sleep } from 'node:timers/promises'
import type { LoginResponse, MeResponse, SessionUser } from '@portal/contract/auth'
import type { BackOfficeSignIn } from '@portal/contract/back-office'
import type { Deps, Session } from '../../lib/context'
import { badRequest, tooManyRequests, unauthorized } from '../../lib/errors'
import { hashToken, newToken } from '../../lib/tokens'
import { enqueueMail } from '../mail/outbox'
import * as backOffice from '../back-office'
import * as branches from '../branches/service'
import { isCashSale } from '../ordering'
import { hashPassword, verifyPassword } from './passwords'
import * as repo from './repo'
import * as throttle from './throttle'
import { NO_FAILURES } from './throttle'

const LOGIN_FAILED = 'Username / password provided is incorrect!'
const RESET_ANSWER = 'If the username and email match an account, we have sent instructions to reset the password.'
const TOUCH_EVERY_MS = 60_000

// Verified against when the username is unknown, so both answers take as long.
let dummyHash: Promise<string> | undefined

export function toSession(row: repo.UserRow, sessionId: number, actingBy: Session['actingBy'] = null): Session {
  return {
    sessionId,
    userId: row.userId,
    username: row.username,
    name: row.name,
    email: row.email,
    role: row.role,
    accountId: row.accountId,
    accountCode: row.accountCode,
    accountName: row.accountName,
    salesCategory: row.salesCategory,
    isElders: row.isElders,
    isCash: isCashSale(row.salesCategory),
    defaultBranch: row.defaultBranch,
    actingBy,
  }
}

/**
 * The session a user would have once signed in (an enabled user of an active account), for work done for them
 * without a request of theirs: a standing order's run. Its `sessionId` is 0: no session row stands behind it.
 */
export async function sessionOfUser(db: Deps['db'], userId: number): Promise<Session | undefined> {
  const row = await repo.findUserById(db, userId)
  return row && toSession(row, 0)
}

function sessionUser(row: repo.UserRow): SessionUser {
  return {
    Name: row.name,
    username: row.username,
    Email: row.email,
    Role: row.role,
    SalesCategory: row.salesCategory,
    Abbreviation: row.accountCode,
    AccountName: row.accountName,
    isElders: row.isElders,
  }
}

async function settingsFor({ db }: Deps, row: repo.UserRow) {
  return { DefaultWareHouse: row.defaultBranch, BranchGroup: await branches.branchGroup(db, row.accountId) }
}

/**
 * Signs in by username and password, with the throttle of decision 0025. An e-mail that is an enabled back office
 * user's signs into the back office realm instead (decision 0084): a session of that realm that still needs its
 * second factor, never a customer's session.
 */
export async function login(deps: Deps, username: string, password: string, address: string): Promise<LoginResponse | BackOfficeSignIn> {
  const { db, config } = deps
  const rules = config.loginThrottle
  const userKey = `user:${username.toLowerCase()}`
  const addressKey = `address:${address}`
  const now = Date.now()
  const since = new Date(now - rules.windowMs)
  const failures = await repo.recentFailures(db, [userKey, addressKey], since)
  const fromAddress = failures.get(addressKey) ?? NO_FAILURES
  if (throttle.addressRefused(rules, fromAddress)) {
    throw tooManyRequests(`Too many failed sign-in attempts from your network. Try again in ${throttle.inWords(rules.windowMs)}.`, rules.windowMs / 1000)
  }
  const wait = throttle.userWaitMs(rules, failures.get(userKey) ?? NO_FAILURES, now)
  if (wait > 0) throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${throttle.inWords(wait)}.`, wait / 1000)
  // Held whatever the password turns out to be, so that the wait says nothing about it.
  const slowDown = throttle.addressDelayMs(rules, fromAddress)
  if (slowDown > 0) await sleep(slowDown)

  const staff = username.includes('@') ? await backOffice.findActiveUserByEmail(db, username) : undefined
  if (staff) {
    if (!(await verifyPassword(staff.passwordHash, password))) {
      await repo.recordFailures(db, [userKey, addressKey], since)
      throw unauthorized(LOGIN_FAILED)
    }
    await repo.clearFailures(db, userKey)
    return backOffice.openSession(db, staff)
  }

  const row = await repo.findUserByUsername(db, username)
  dummyHash ??= hashPassword('not-a-real-password-1')
  const ok = await verifyPassword(row?.passwordHash ?? (await dummyHash), password)
  if (!row || !ok) {
    await repo.recordFailures(db, [userKey, addressKey], since)
    throw unauthorized(LOGIN_FAILED)
  }

  await repo.clearFailures(db, userKey)
  const token = newToken()
  await repo.insertSession(db, row.userId, hashToken(token), new Date(Date.now() + config.session.maxMs))
  return { user: sessionUser(row), token, settings: await settingsFor(deps, row) }
}

/**
 * The session a token stands for, or null when it is unknown, revoked, idle too long or past its
 * expiry. Read from memory when this instance has it (lib/caches.ts), else from the database. A session held
 * in memory that needs no touch is answered at once, not as a promise: most requests' sessions are, and the
 * auth hook then waits on nothing.
 */
export function resolveSession(deps: Deps, token: string): Session | Promise<Session | null> {
  const { db, config } = deps
  const now = Date.now()
  const tokenHash = hashToken(token)
  const cache = deps.inMemory.caches?.sessions
  const key = tokenHash.toString('hex')
  const cached = cache?.get(key, now)
  if (cached && cached.expiresAt > now && now - cached.lastSeenAt <= config.session.idleMs) {
    if (now - cached.lastSeenAt <= TOUCH_EVERY_MS) return cached.session
    cached.lastSeenAt = now
    return repo.touchSession(db, cached.session.sessionId).then(() => cached.session)
  }
  return readSession(deps, tokenHash, key, now)
}

/** resolveSession's read from the database, kept in memory for the next requests. */
async function readSession({ db, config, inMemory }: Deps, tokenHash: Buffer, key: string, now: number): Promise<Session | null> {
  const cache = inMemory.caches?.sessions
  const stamp = cache?.stamp() ?? 0
  const row = await repo.findLiveSession(db, tokenHash, new Date(now - config.session.idleMs))
  if (!row) return null
  let lastSeenAt = row.lastSeenAt.getTime()
  if (now - lastSeenAt > TOUCH_EVERY_MS) {
    await repo.touchSession(db, row.sessionId)
    lastSeenAt = now
  }
  const actingBy =
    row.actingId !== null && row.actingEmail !== null && row.actingName !== null
      ? { userId: row.actingId, email: row.actingEmail, name: row.actingName, backOfficeSessionId: Number(row.actingSession) }
      : null
  const session = toSession(row, row.sessionId, actingBy)
  cache?.set(key, { session, lastSeenAt, expiresAt: row.expiresAt.getTime() }, stamp, now)
  return session
}

/** Ends the session. A session of staff ordering for a customer ends as Stop ends it, and is audited so (decision 0101). */
export async function logout(deps: Deps, session: Session, address = '') {
  if (session.actingBy) return backOffice.stopActing(deps, session, address)
  await repo.revokeSession(deps.db, session.sessionId)
  await deps.inMemory.heard()
}

export async function me(deps: Deps, session: Session): Promise<MeResponse> {
  const row = await repo.findUserById(deps.db, session.userId)
  if (!row) throw unauthorized()
  const acting = session.actingBy && { staffName: session.actingBy.name, staffEmail: session.actingBy.email }
  return { user: sessionUser(row), settings: await settingsFor(deps, row), acting }
}

/**
 * A session of an enabled user of an active account for a back office user ordering for them (decision 0101), in
 * the caller's transaction; undefined when the user may not sign in (disabled, or their account withdrawn).
 */
export async function openActingSession(deps: Deps, userId: number, acting: { by: number; session: number }): Promise<LoginResponse | undefined> {
  const row = await repo.findUserById(deps.db, userId)
  if (!row) return undefined
  const token = newToken()
  await repo.insertActingSession(deps.db, row.userId, hashToken(token), acting)
  return { user: sessionUser(row), token, settings: await settingsFor(deps, row) }
}

/**
 * Ends one session, in the caller's transaction: every instance forgets it on the database's notification once
 * the transaction commits (the caller waits for it then: InMemory.heard).
 */
export async function endSession(db: Deps['db'], sessionId: number) {
  await repo.revokeSession(db, sessionId)
}

/** Same answer whether or not the details match, so accounts cannot be discovered through it. */
export async function requestPasswordReset({ db, config }: Deps, username: string, email: string): Promise<{ message: string }> {
  const row = await repo.findUserByUsername(db, username)
  if (!row || row.email.toLowerCase() !== email.toLowerCase()) return { message: RESET_ANSWER }

  const resetKey = `reset:${row.userId}`
  const since = new Date(Date.now() - config.loginThrottle.windowMs)
  const recent = await repo.recentFailures(db, [resetKey], since)
  if ((recent.get(resetKey)?.count ?? 0) >= 3) return { message: RESET_ANSWER }

  await db.transaction().execute(async (trx) => {
    await sendPasswordReset(trx, config, { id: row.userId, username: row.username, name: row.name, email: row.email })
    await repo.recordFailures(trx, [resetKey], since)
  })
  return { message: RESET_ANSWER }
}

/**
 * E-mails a user the link of the reset flow (config.passwordResetMs), in the caller's transaction: "Forgot
 * password", and the distributor's staff for a customer on the phone (back office Accounts).
 */
export async function sendPasswordReset(
  trx: Deps['db'],
  config: Pick<Deps['config'], 'publicUrl' | 'passwordResetMs'>,
  user: { id: number; username: string; name: string; email: string },
) {
  const token = newToken()
  const minutes = Math.round(config.passwordResetMs / 60_000)
  // The token travels in the fragment: browsers do not send it to servers, so no log or proxy sees it.
  const link = `${config.publicUrl}/reset-password#token=${token}`
  await repo.insertResetToken(trx, user.id, hashToken(token), new Date(Date.now() + config.passwordResetMs))
  await enqueueMail(trx, {
    to: user.email,
    subject: 'Reset your password',
    text: [
      `Hi ${user.name},`,
      '',
      `Someone asked to reset the password of the username ${user.username}. To choose a new password, open this link within ${minutes} minutes:`,
      '',
      link,
      '',
      'The link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  })
}

export async function completePasswordReset(deps: Deps, token: string, newPassword: string): Promise<{ message: string }> {
  const { db } = deps
  const passwordHash = await hashPassword(newPassword)
  const userId = await db.transaction().execute(async (trx) => {
    const userId = await repo.consumeResetToken(trx, hashToken(token))
    if (userId === undefined) {
      // A back office user's invitation link opens the same screen: its token is the back office's.
      const staff = await backOffice.completeInvitation(trx, hashToken(token), passwordHash)
      if (!staff) throw badRequest('reset_link_invalid', 'This reset link has expired or has already been used. Ask for a new one.', 'token')
      await repo.clearFailures(trx, `user:${staff.email}`)
      return null
    }
    await repo.setPasswordHash(trx, userId, passwordHash)
    await repo.expireResetTokens(trx, userId)
    await repo.revokeUserSessions(trx, userId)
    // The e-mailed reset always gets the owner back in: the username's failed sign-ins (someone else's, perhaps) are forgotten.
    const user = await repo.findUserById(trx, userId)
    if (user) await repo.clearFailures(trx, `user:${user.username.toLowerCase()}`)
    return userId
  })
  if (userId !== null) await deps.inMemory.heard()
  return { message: 'Your password has been reset successfully' }
}

export async function changePassword(deps: Deps, session: Session, currentPassword: string, newPassword: string) {
  const { db } = deps
  const row = await repo.findUserById(db, session.userId)
  if (!row || !(await verifyPassword(row.passwordHash, currentPassword))) {
    throw badRequest('wrong_password', 'Failed to update password. Please make sure that the current password provided is correct', 'currentPassword')
  }
  const passwordHash = await hashPassword(newPassword)
  await db.transaction().execute(async (trx) => {
    await repo.setPasswordHash(trx, session.userId, passwordHash)
    await repo.revokeUserSessions(trx, session.userId, session.sessionId)
  })
  await deps.inMemory.heard()
  return { message: 'Your password has been reset successfully' }
}

/** How long the set-password link of an invitation works: a new user may not read the e-mail the same hour. */
export const INVITATION_DAYS = 7

/** A password no sign-in can match: an invited user has none until the invitation's link sets one. */
export const NO_PASSWORD = '!invited'

/**
 * Invites a user created without a password (the ERP import): an e-mail with a set-password link of the
 * reset flow, valid INVITATION_DAYS. Runs inside the caller's transaction, so it is sent only if that commits.
 */
export async function inviteUser(
  trx: Deps['db'],
  config: Pick<Deps['config'], 'publicUrl' | 'distributor'>,
  user: { id: number; username: string; name: string; email: string; accountName: string },
) {
  const token = newToken()
  await repo.insertResetToken(trx, user.id, hashToken(token), new Date(Date.now() + INVITATION_DAYS * 86_400_000))
  await enqueueMail(trx, {
    to: user.email,
    subject: `Your ${config.distributor.name} ordering portal login`,
    text: [
      `Hi ${user.name},`,
      '',
      `You have a login to order for ${user.accountName} on the ${config.distributor.name} trading portal.`,
      '',
      `Username: ${user.username}`,
      '',
      `To choose your password, open this link within ${INVITATION_DAYS} days:`,
      '',
      `${config.publicUrl}/reset-password#token=${token}`,
      '',
      `The link works once. Afterwards sign in at ${config.publicUrl}/login; "Forgot password" sends a new link any time.`,
    ].join('\n'),
  })
}
