import type { SetLimitsBody } from '@portal/contract/approvals'
import type { SetInvoicePaymentsBody } from '@portal/contract/invoice-payments'
import type { CreateUserInput, SubUser, UpdateUserBody } from '@portal/contract/users'
import { USERS_PAGE_SIZE } from '@portal/contract/users'
import type { Deps, Session } from '../../lib/context'
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors'
import { hashPassword, revokeUserSessions } from '../auth'
import { enqueueMail } from '../mail/outbox'
import * as repo from './repo'
import { dollars } from '../../lib/money'
import { placement } from '../ordering'

const { refuseResellers } = placement

type Row = Awaited<ReturnType<typeof repo.insertUser>>

const toSubUser = (r: Row): SubUser => ({
  ExtUserID: r.id,
  UserName: r.username,
  Name: r.name,
  Email: r.email,
  Role: r.role,
  OrderLimit: r.order_limit_cents === null ? null : dollars(r.order_limit_cents),
  MonthLimit: r.month_limit_cents === null ? null : dollars(r.month_limit_cents),
  Approver: r.approver,
  CanPayInvoices: r.role === 'Administrator' || r.can_pay_invoices,
})

/** Only an Administrator manages the account's users (docs/decisions/0006-user-roles.md). */
function requireAdministrator(session: Session) {
  if (session.role !== 'Administrator') throw forbidden('Only an Administrator can manage users.')
}

const lastAdministrator = () => new AppError(422, 'last_administrator', 'The account must keep at least one Administrator.')

export async function list({ db }: Deps, session: Session, page: number): Promise<SubUser[]> {
  requireAdministrator(session)
  const rows = await repo.listUsers(db, session.accountId, USERS_PAGE_SIZE, (page - 1) * USERS_PAGE_SIZE)
  return rows.map(toSubUser)
}

export async function create({ db, config }: Deps, session: Session, body: CreateUserInput): Promise<SubUser> {
  requireAdministrator(session)
  const passwordHash = await hashPassword(body.password)
  return db.transaction().execute(async (trx) => {
    if (await repo.usernameTaken(trx, body.username)) throw conflict('username_taken', 'That username is already taken. Choose another.')
    const row = await repo
      .insertUser(trx, {
        accountId: session.accountId,
        username: body.username,
        name: body.name ?? body.username,
        email: body.email,
        role: body.role,
        passwordHash,
      })
      .catch((err: { code?: string }) => {
        // Two creations of the same name at once: the unique index decides.
        if (err.code === '23505') throw conflict('username_taken', 'That username is already taken. Choose another.')
        throw err
      })
    await enqueueMail(trx, {
      to: row.email,
      subject: `Your ${config.distributor.name} ordering portal login`,
      text: [
        `Hi ${row.name},`,
        '',
        `${session.name} has given you a login to order for ${session.accountName} on the ${config.distributor.name} trading portal.`,
        '',
        `Username: ${row.username}`,
        `Portal: ${config.publicUrl}/login`,
        '',
        `${session.name} will tell you your password. You can change it under Account > Change Password once you are signed in.`,
      ].join('\n'),
    })
    return toSubUser(row)
  })
}

export async function update(deps: Deps, session: Session, body: UpdateUserBody): Promise<SubUser> {
  const { db } = deps
  requireAdministrator(session)
  const passwordHash = body.password ? await hashPassword(body.password) : undefined
  const updated = await db.transaction().execute(async (trx) => {
    const admins = await repo.lockAdministrators(trx, session.accountId)
    if (!admins.includes(session.userId)) throw forbidden('Only an Administrator can manage users.')
    const user = await repo.findAccountUser(trx, session.accountId, body.username)
    if (!user) throw notFound('user')
    if (body.role === 'User' && user.role === 'Administrator') {
      if (user.id === session.userId) throw new AppError(422, 'cannot_demote_self', 'You cannot remove your own Administrator role.')
      if (admins.length <= 1) throw lastAdministrator()
    }
    const row = await repo.updateUser(trx, user.id, {
      ...(body.email !== undefined ? { email: body.email } : {}),
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.role !== undefined ? { role: body.role } : {}),
      ...(passwordHash !== undefined ? { passwordHash } : {}),
    })
    // A new password ends that user's sessions, except the Administrator's own current one.
    if (passwordHash) await revokeUserSessions(trx, user.id, user.id === session.userId ? session.sessionId : undefined)
    return { id: user.id, user: toSubUser(row) }
  })
  // Sessions carry the user's name and role: read them again.
  await deps.inMemory.heard()
  return updated.user
}

export async function remove(deps: Deps, session: Session, username: string): Promise<{ message: string }> {
  const { db } = deps
  requireAdministrator(session)
  await db.transaction().execute(async (trx) => {
    const admins = await repo.lockAdministrators(trx, session.accountId)
    if (!admins.includes(session.userId)) throw forbidden('Only an Administrator can manage users.')
    const user = await repo.findAccountUser(trx, session.accountId, username)
    if (!user) throw notFound('user')
    if (user.id === session.userId) throw new AppError(422, 'cannot_delete_self', 'You cannot delete your own user.')
    if (user.role === 'Administrator' && admins.length <= 1) throw lastAdministrator()
    // Sessions go with the user (ON DELETE CASCADE), so any open session answers 401 at once.
    await repo.deleteUser(trx, user.id)
  })
  await deps.inMemory.heard()
  return { message: 'User successfully deleted!' }
}

const cents = (value: number | null) => (value === null ? null : Math.round(value * 100))

/**
 * PUT /api/users/limits: a User's limit per order and per calendar month (ex GST) and who approves their orders over
 * them (decision 0089). An Administrator's orders are never limited: that is refused. On a cash-sale account, the
 * approver of an order over a limit pays for it by card.
 */
export async function setLimits(deps: Deps, session: Session, body: SetLimitsBody): Promise<SubUser> {
  const { db } = deps
  requireAdministrator(session)
  refuseResellers(session)
  const updated = await db.transaction().execute(async (trx) => {
    const admins = await repo.lockAdministrators(trx, session.accountId)
    if (!admins.includes(session.userId)) throw forbidden('Only an Administrator can manage users.')
    const user = await repo.findAccountUser(trx, session.accountId, body.username)
    if (!user) throw notFound('user')
    if (user.role !== 'User') throw new AppError(422, 'limits_for_users_only', "An Administrator's orders are not limited. Make them a User first.")
    let approverId: number | null = null
    if (body.approver !== null) {
      const approver = await repo.findAccountUser(trx, session.accountId, body.approver)
      if (!approver) throw badRequest('unknown_approver', 'The approver must be a user of your account.', 'body.approver')
      if (approver.id === user.id) throw badRequest('approver_is_user', 'A user cannot approve their own orders.', 'body.approver')
      approverId = approver.id
    }
    const row = await repo.setLimits(trx, user.id, { orderLimitCents: cents(body.orderLimit), monthLimitCents: cents(body.monthLimit), approverId })
    return { id: user.id, user: toSubUser(row) }
  })
  await deps.inMemory.heard()
  return updated.user
}

/**
 * PUT /api/users/invoice-payments: whether a User may pay the account's invoices by card (decision 0090). An
 * Administrator always may; the invoices screen is every account's, resellers' and cash-sale accounts' too.
 */
export async function setInvoicePayments(deps: Deps, session: Session, body: SetInvoicePaymentsBody): Promise<SubUser> {
  const { db } = deps
  requireAdministrator(session)
  const updated = await db.transaction().execute(async (trx) => {
    const admins = await repo.lockAdministrators(trx, session.accountId)
    if (!admins.includes(session.userId)) throw forbidden('Only an Administrator can manage users.')
    const user = await repo.findAccountUser(trx, session.accountId, body.username)
    if (!user) throw notFound('user')
    if (user.role !== 'User') throw new AppError(422, 'administrators_always_pay', 'An Administrator may always pay invoices.')
    const row = await repo.setCanPayInvoices(trx, user.id, body.allowed)
    return { id: user.id, user: toSubUser(row) }
  })
  await deps.inMemory.heard()
  return updated.user
}
