import type { ActingStart } from '@portal/contract/back-office-accounts'
import type { Message } from '@portal/contract/common'
import type { Deps, Session } from '../../lib/context'
import { AppError, conflict, forbidden, notFound, unauthorized } from '../../lib/errors'
import { endSession, openActingSession } from '../auth'
import { enqueueMail } from '../mail/outbox'
import { cart } from '../ordering'
import { accountFor } from './accounts'
import * as accountsRepo from './accounts-repo'
import { recordAudit, type Actor, type AuditEvent } from './audit'
import * as repo from './repo'

/**
 * Ordering on behalf of a customer (decision 0101). A back office user who may see an account (Customer service and
 * Administrators any, a Sales representative their own) opens a customer session of one of its enabled users, marked
 * with who acts and from which back office session. The web app keeps it as the customer session: the storefront is
 * the customer's own, and the cart is that user's cart. Every action is in the back office audit.
 */

type Db = Deps['db']

/** What the server answers a session of staff ordering for a customer that tries what only the customer may do. */
export const NOT_WHILE_ACTING = {
  settings: "Staff ordering for a customer cannot change passwords, users or the account's settings.",
  payment: 'Staff ordering for a customer do not take card payments: send the customer a payment link instead.',
} as const

/** POST /api/staff/accounts/:code/users/:userId/act: a customer session of the user, for this back office user. */
export async function startActing(
  deps: Deps,
  actor: Actor & { session: { sessionId: number; name: string } },
  code: string,
  userId: number,
): Promise<ActingStart> {
  return deps.db.transaction().execute(async (trx) => {
    const account = await accountFor(trx, actor, code)
    const user = await accountsRepo.findPortalUser(trx, account.id, userId)
    if (!user) throw notFound('user')
    if (!user.active) throw conflict('user_disabled', 'This login is disabled. Enable it before ordering as this user.')
    if (!account.active) throw conflict('account_inactive', 'This account is withdrawn: nobody orders for it.')
    const opened = await openActingSession({ ...deps, db: trx }, user.id, { by: actor.session.userId, session: actor.session.sessionId })
    if (!opened) throw conflict('user_disabled', 'This login is disabled. Enable it before ordering as this user.')
    await recordAudit(trx, actor, { action: 'ordering for customer started', account, subject: user.username, detail: { userId: user.id } })
    return { ...opened, acting: { staffName: actor.session.name, staffEmail: actor.session.email } }
  })
}

/** The back office user acting in a customer session, as the audit records them (their roles read now). */
async function actorOf(db: Db, session: Session, address: string): Promise<Actor> {
  const acting = session.actingBy
  if (!acting) throw forbidden('Only staff ordering for a customer can do this.')
  const staff = await repo.findUser(db, acting.userId)
  if (!staff) throw unauthorized()
  return { session: { userId: staff.id, email: staff.email, roles: staff.roles }, address }
}

const accountOf = (session: Session) => ({ id: session.accountId, code: session.accountCode })

/** Stop (and a sign-out of the acting session): the acting session ends; the customer's own sessions stay. */
export async function stopActing(deps: Deps, session: Session, address: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const actor = await actorOf(trx, session, address)
    await endSession(trx, session.sessionId)
    await recordAudit(trx, actor, { action: 'ordering for customer stopped', account: accountOf(session), subject: session.username })
  })
  await deps.inMemory.heard()
}

/**
 * A cash-sale account is never charged by staff: the customer's user is e-mailed a link that opens the card payment
 * of their cart (the cart the staff built) in their own session, after they sign in. The order is placed when they pay.
 */
export async function sendPaymentLink(deps: Deps, session: Session, address: string): Promise<Message> {
  const actor = await actorOf(deps.db, session, address)
  if (!session.isCash) throw forbidden('Only a cash-sale account pays by card: place the order on account.')
  const summary = await cart.summary(deps, session)
  if (summary.Count === 0 || summary.warehouse === null) throw new AppError(422, 'cart_empty', 'The cart is empty. Add products before sending a payment link.')
  const link = `${deps.config.publicUrl}/checkout`
  const by = session.actingBy!
  await deps.db.transaction().execute(async (trx) => {
    await enqueueMail(trx, {
      to: session.email,
      subject: 'Your cart is ready to pay',
      text: [
        `Hi ${session.name},`,
        '',
        `${by.name} (${by.email}) has put together an order for ${session.accountName}: ${summary.Count} ${summary.Count === 1 ? 'line' : 'lines'}, $${summary.Value.toFixed(2)} inc GST at today's prices, at branch ${summary.warehouse}.`,
        '',
        `To pay for it by card, sign in and open your checkout: ${link}`,
        '',
        'The order is placed once you have paid. Your cart shows the lines; you can change them before you pay.',
      ].join('\n'),
    })
    await recordAudit(trx, actor, {
      action: 'payment link sent',
      account: accountOf(session),
      subject: session.email,
      detail: { lines: summary.Count, branch: summary.warehouse, valueIncGst: summary.Value },
    })
  })
  return { message: `A payment link was e-mailed to ${session.name} (${session.email}).` }
}

/**
 * Audits what staff ordering for a customer changed through the customer's screens (plugins/acting.ts calls it once a
 * change has been answered): an order placed, a cart changed, anything else the customer's routes change.
 */
export async function auditActing(
  deps: Deps,
  session: Session,
  address: string,
  route: { method: string; url: string; status: number; salesOrder?: string | undefined },
) {
  const actor = await actorOf(deps.db, session, address)
  const event: AuditEvent =
    route.url === '/api/orders'
      ? { action: route.status === 202 ? 'order sent for approval for customer' : 'order placed for customer', subject: route.salesOrder ?? session.username }
      : route.url.includes('cart') || route.url.startsWith('/api/quick-order')
        ? { action: 'cart changed for customer', subject: session.username }
        : { action: 'change made for customer', subject: session.username }
  await recordAudit(deps.db, actor, {
    ...event,
    account: accountOf(session),
    detail: { route: `${route.method} ${route.url}`, status: route.status, user: session.username },
  })
}
