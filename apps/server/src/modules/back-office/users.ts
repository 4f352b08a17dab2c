import type { AssignedAccount, BackOfficeRole, BackOfficeUser, BackOfficeUserDetail, InviteBody } from '@portal/contract/back-office'
import type { Deps } from '../../lib/context'
import { conflict, notFound } from '../../lib/errors'
import { hashToken, newToken } from '../../lib/tokens'
import { enqueueMail } from '../mail/outbox'
import { recordAudit, type Actor } from './audit'
import * as repo from './repo'

type Db = Deps['db']

/** How long an invitation's set-password link works, as a customer's invitation. */
export const INVITATION_DAYS = 7
/** What password_hash holds until the invitation's link sets a password: nothing a sign-in can match. */
export const NOT_SET = '!invited'

const LAST_ADMINISTRATOR = 'There must always be at least one enabled Administrator: give another user the role first.'

/** The last-Administrator trigger of migration 0030, in the API's words. */
function keepsAnAdministrator(err: unknown): never {
  if ((err as { code?: string } | null)?.code === 'P0030') throw conflict('last_administrator', LAST_ADMINISTRATOR)
  throw err
}

function toUser(row: repo.UserRow): BackOfficeUser {
  const state = !row.active ? 'disabled' : row.password_hash === NOT_SET ? 'invited' : row.totp_secret ? 'active' : 'enrolling'
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    roles: row.roles,
    state,
    lastSignInAt: row.last_sign_in_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  }
}

export async function listUsers(db: Db): Promise<BackOfficeUser[]> {
  return (await repo.listUsers(db)).map(toUser)
}

/** A user by id (locked for the transaction with `lock`); 404 when there is none. */
async function findUser(db: Db, id: number, lock = false) {
  const row = await repo.findUser(db, id, lock)
  if (!row) throw notFound('back office user')
  return row
}

export async function userDetail(db: Db, id: number): Promise<BackOfficeUserDetail> {
  const row = await findUser(db, id)
  const assignments: AssignedAccount[] = await repo.assignedAccounts(db, id)
  return { ...toUser(row), assignments }
}

/** The invitation e-mail: a set-password link of the customers' reset screen, valid INVITATION_DAYS. */
async function sendInvitation(trx: Db, config: Deps['config'], user: { id: number; name: string; email: string }) {
  const token = newToken()
  await repo.insertPasswordToken(trx, user.id, hashToken(token), new Date(Date.now() + INVITATION_DAYS * 86_400_000))
  await enqueueMail(trx, {
    to: user.email,
    subject: `Your ${config.distributor.name} back office login`,
    text: [
      `Hi ${user.name},`,
      '',
      `You have been given a login to the ${config.distributor.name} back office.`,
      '',
      `Sign-in e-mail: ${user.email}`,
      '',
      `To choose your password, open this link within ${INVITATION_DAYS} days:`,
      '',
      // The token travels in the fragment: browsers do not send it to servers, so no log or proxy sees it.
      `${config.publicUrl}/reset-password#token=${token}`,
      '',
      `Then sign in at ${config.publicUrl}/login with your e-mail and set up an authenticator app (a second factor) on your phone.`,
    ].join('\n'),
  })
}

/**
 * Invites a back office user: the row (no password, no second factor yet) and the e-mail, in one
 * transaction. An e-mail that is already a back office user's, or a customer's username, is refused: the
 * login page decides the realm by the e-mail.
 */
export async function invite({ db, config }: Deps, actor: Actor, body: InviteBody): Promise<BackOfficeUser> {
  const email = body.email.toLowerCase()
  return db.transaction().execute(async (trx) => {
    if (await repo.isCustomerUsername(trx, email)) throw conflict('email_taken', 'That e-mail is a customer’s username: choose another e-mail.')
    const row = await repo.insertUser(trx, { email, name: body.name, roles: body.roles, invitedBy: actor.session.userId }).catch((err: { code?: string }) => {
      if (err.code === '23505') throw conflict('email_taken', 'That e-mail already has a back office login.')
      throw err
    })
    await sendInvitation(trx, config, row)
    await recordAudit(trx, actor, { action: 'user invited', subject: email, detail: { roles: body.roles } })
    return toUser(row)
  })
}

/** A new invitation e-mail to a user who has not set a password yet; earlier links stop working. */
export async function resendInvitation({ db, config }: Deps, actor: Actor, id: number): Promise<BackOfficeUser> {
  return db.transaction().execute(async (trx) => {
    const row = await findUser(trx, id, true)
    if (row.password_hash !== NOT_SET) throw conflict('already_signed_up', 'This user has already set a password.')
    await repo.expirePasswordTokens(trx, id)
    await sendInvitation(trx, config, row)
    await recordAudit(trx, actor, { action: 'invitation resent', subject: row.email })
    return toUser(row)
  })
}

export async function changeRoles({ db }: Deps, actor: Actor, id: number, roles: BackOfficeRole[]): Promise<BackOfficeUser> {
  return db
    .transaction()
    .execute(async (trx) => {
      const before = await findUser(trx, id, true)
      const row = await repo.setRoles(trx, id, roles)
      // A user who is no longer a Sales representative looks after no account.
      if (!roles.includes('Sales representative')) await repo.deleteAssignments(trx, id)
      await recordAudit(trx, actor, { action: 'roles changed', subject: row.email, detail: { from: before.roles, to: roles } })
      return toUser(row)
    })
    .catch(keepsAnAdministrator)
}

/** Disables or enables a user; disabling ends their sessions. Nobody disables themselves. */
export async function setActive(deps: Deps, actor: Actor, id: number, active: boolean): Promise<BackOfficeUser> {
  if (!active && id === actor.session.userId) throw conflict('own_login', 'You cannot disable your own login.')
  const user = await deps.db
    .transaction()
    .execute(async (trx) => {
      await findUser(trx, id, true)
      const row = await repo.setActive(trx, id, active)
      if (!active) await repo.revokeUserSessions(trx, id)
      await recordAudit(trx, actor, { action: active ? 'user enabled' : 'user disabled', subject: row.email })
      return toUser(row)
    })
    .catch(keepsAnAdministrator)
  // Their sessions of ordering for customers ended with them (decision 0101, migration 0046's trigger).
  if (!active) await deps.inMemory.heard()
  return user
}

/** Forgets a user's authenticator and recovery codes and ends their sessions: their next sign-in enrols again. */
export async function resetSecondFactor(deps: Deps, actor: Actor, id: number): Promise<BackOfficeUser> {
  const user = await deps.db.transaction().execute(async (trx) => {
    await findUser(trx, id, true)
    const row = await repo.forgetSecondFactor(trx, id)
    await repo.revokeUserSessions(trx, id)
    await recordAudit(trx, actor, { action: 'second factor reset', subject: row.email })
    return toUser(row)
  })
  await deps.inMemory.heard()
  return user
}

/** Assigns an account, by its code, to a Sales representative. */
export async function assign({ db }: Deps, actor: Actor, id: number, accountCode: string): Promise<BackOfficeUserDetail> {
  await db.transaction().execute(async (trx) => {
    const user = await findUser(trx, id, true)
    if (!user.roles.includes('Sales representative')) throw conflict('not_a_rep', 'Only a Sales representative is assigned accounts.')
    const account = await repo.findAccountByCode(trx, accountCode)
    if (!account) throw notFound('account')
    if (await repo.insertAssignment(trx, id, account.id)) await recordAudit(trx, actor, { action: 'account assigned', account, subject: user.email })
  })
  return userDetail(db, id)
}

export async function unassign({ db }: Deps, actor: Actor, id: number, accountId: number): Promise<BackOfficeUserDetail> {
  await db.transaction().execute(async (trx) => {
    const user = await findUser(trx, id, true)
    const account = await repo.findAccountById(trx, accountId)
    if (!account || !(await repo.deleteAssignment(trx, id, accountId))) throw notFound('assignment')
    await recordAudit(trx, actor, { action: 'account unassigned', account, subject: user.email })
  })
  return userDetail(db, id)
}

/**
 * The set-password step of an invitation (the customers' reset screen posts it to /api/password-reset/complete,
 * which hands over a token that is none of a customer's). False when the token is none of the back office's.
 */
export async function completeInvitation(trx: Db, tokenHash: Buffer, passwordHash: string): Promise<{ email: string } | null> {
  const userId = await repo.consumePasswordToken(trx, tokenHash)
  if (userId === undefined) return null
  const email = await repo.setPasswordHash(trx, userId, passwordHash)
  await repo.expirePasswordTokens(trx, userId)
  await repo.revokeUserSessions(trx, userId)
  return { email }
}
