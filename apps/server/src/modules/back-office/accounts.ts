import type {
  AccountHit,
  AccountSearchResult,
  PortalUser,
  PortalUserAction,
  StaffAccount,
  StaffChange,
  StaffMessage,
  StatementSendBody,
} from '@portal/contract/back-office-accounts'
import type { Deps, Session } from '../../lib/context'
import { today } from '../../lib/date-range'
import { badRequest, conflict, notFound } from '../../lib/errors'
import { pdfMoney } from '../../lib/pdf-document'
import { buildStatement } from '../account/service'
import { statementPdf } from '../account'
import { clearFailures, inviteUser, NO_PASSWORD, recentFailures, revokeUserSessions, sendPasswordReset, throttle } from '../auth'
import { branchGroup } from '../branches/service'
import { renderInvoice } from '../invoices/service'
import { enqueueMail } from '../mail/outbox'
import { placedOrder } from '../orders/service'
import { isCashSale } from '../ordering'
import { recordAudit, type Actor } from './audit'
import * as repo from './accounts-repo'
import type { BackOfficeSession } from './session'

type Db = Deps['db']

const SEARCH_LIMIT = 50
const LAST_ORDERS = 10
const BACK_ORDER_LINES = 20
const LAST_INVOICES = 10
const PERIODS = 12

/** Customer service and Administrators see every account; a Sales representative only those assigned to them. */
export function scopeOf(session: Pick<BackOfficeSession, 'userId' | 'roles'>): repo.AccountScope {
  return session.roles.includes('Administrator') || session.roles.includes('Customer service') ? { every: true } : { every: false, repId: session.userId }
}

/** The account of a code, when the user may see it; 404 otherwise, so that an account out of scope is not told apart. */
export async function accountFor(db: Db, actor: Actor, code: string): Promise<repo.AccountRow> {
  const account = await repo.findAccount(db, scopeOf(actor.session), code)
  if (!account) throw notFound('account')
  return account
}

export async function search({ db }: Deps, actor: Actor, q: string): Promise<AccountSearchResult> {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10)
  const scope = scopeOf(actor.session)
  const rows =
    words.length === 0
      ? await repo.firstAccounts(db, scope, SEARCH_LIMIT)
      : await db.transaction().execute((trx) => repo.searchAccounts(trx, scope, words, SEARCH_LIMIT))
  const accounts: AccountHit[] = rows.rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    abn: r.abn,
    salesCategory: r.sales_category,
    active: r.active,
    matchedEmail: r.matched_email,
  }))
  // What the staff read of customers' data is recorded, a search's names and codes too.
  await recordAudit(db, actor, { action: 'accounts searched', detail: { q, results: accounts.length } })
  return { accounts }
}

/** Each user's sign-in state: the throttle's wait decides locked, as it does at sign-in (decision 0025). */
async function toPortalUsers({ db, config }: Deps, rows: repo.PortalUserRow[]): Promise<PortalUser[]> {
  const rules = config.loginThrottle
  const now = Date.now()
  const keys = rows.map((r) => `user:${r.username.toLowerCase()}`)
  const failures = keys.length ? await recentFailures(db, keys, new Date(now - rules.windowMs)) : new Map()
  return rows.map((r, i) => {
    const locked = throttle.userWaitMs(rules, failures.get(keys[i]!) ?? throttle.NO_FAILURES, now) > 0
    const state = !r.active ? 'disabled' : locked ? 'locked' : r.password_hash === NO_PASSWORD ? 'invited' : 'active'
    const last = r.last_sign_in_at as Date | string | null
    return {
      id: r.id,
      username: r.username,
      name: r.name,
      email: r.email,
      role: r.role,
      state,
      lastSignInAt: last === null ? null : new Date(last).toISOString(),
    }
  })
}

const addressOf = (s: { address1: string; address2: string; city: string; state: string; postal_code: string }) =>
  [s.address1, s.address2, [s.city, s.state, s.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ')

/** GET /api/staff/accounts/:code: the account whole, as the staff help its people on the phone. The read is recorded. */
export async function accountPage(deps: Deps, actor: Actor, code: string): Promise<StaffAccount> {
  const { db } = deps
  const a = await accountFor(db, actor, code)
  const [group, sites, userRows, cartRows, lists, orders, backOrders, invoices, addresses, periods] = await Promise.all([
    branchGroup(db, a.id),
    repo.deliverySites(db, a.id),
    repo.portalUsers(db, a.id),
    repo.cartLines(db, a.id),
    repo.savedLists(db, a.id),
    repo.latestOrders(db, a.id, LAST_ORDERS),
    repo.backOrderLines(db, a.id, BACK_ORDER_LINES),
    repo.latestInvoices(db, a.id, LAST_INVOICES),
    repo.addressesOf(db, a.id),
    repo.periodsBegun(db, today(), PERIODS),
  ])
  const carts: StaffAccount['carts'] = []
  for (const l of cartRows) {
    let cart = carts.at(-1)
    if (!cart || cart.userId !== l.user_id) {
      cart = { userId: l.user_id, userName: l.user_name, branch: l.location_id, updatedAt: new Date(l.updated_at).toISOString(), lines: [] }
      carts.push(cart)
    }
    cart.lines.push({ productCode: l.product_code, description: l.description, quantity: l.quantity })
  }
  const page: StaffAccount = {
    id: a.id,
    code: a.code,
    name: a.name,
    abn: a.abn,
    salesCategory: a.sales_category,
    termsDays: a.terms_days,
    creditLimitCents: a.credit_limit_cents,
    balanceCents: a.balance_cents,
    onHold: a.on_hold,
    active: a.active,
    defaultBranch: a.default_branch,
    branchGroup: group,
    deliverySites: sites.map((s) => ({ siteCode: s.site_code, name: s.name, address: addressOf(s), contact: s.contact, email: s.email, phone: s.phone })),
    users: await toPortalUsers(deps, userRows),
    carts,
    lists: lists.map((l) => ({ id: l.id, name: l.name, creator: l.creator, updated: l.updated, lineCount: Number(l.line_count) })),
    orders: orders.map((o) => ({
      id: o.id,
      salesOrder: o.sales_order,
      status: o.status,
      enterDate: o.enter_date,
      purchaseOrder: o.customer_purchase_order,
      totalIncCents: o.extended_inc_cents,
    })),
    backOrders: backOrders.map((b) => ({
      orderId: b.order_id,
      salesOrder: b.sales_order,
      lineNo: b.line_no,
      productCode: b.product_code,
      description: b.description,
      quantity: b.qty_back_ordered,
      dueDate: b.due_date,
    })),
    invoices: invoices.map((i) => ({
      id: i.id,
      invoice: i.invoice,
      type: i.transaction_type,
      invoiceDate: i.invoice_date,
      dueDate: i.due_date,
      totalIncCents: i.extended_inc_cents,
      outstandingCents: i.outstanding_cents,
    })),
    addresses,
    periods: periods.map((p) => ({ year: p.financial_year, period: p.financial_period, description: p.description })),
  }
  await recordAudit(db, actor, { action: 'account viewed', account: a })
  return page
}

/** What each action on a portal user is recorded as, and what the customer's Users screen says of it. */
export const PORTAL_USER_AUDIT: Record<PortalUserAction, { action: string; change: string }> = {
  invitation: { action: 'portal user invitation resent', change: 'Invitation sent again' },
  disable: { action: 'portal user disabled', change: 'Login disabled' },
  enable: { action: 'portal user enabled', change: 'Login enabled' },
  unlock: { action: 'portal user sign-in lock cleared', change: 'Sign-in lock cleared' },
  'password-reset': { action: 'portal user password reset sent', change: 'Password reset link sent' },
}

/**
 * An action on one of the account's portal users, with the customer side's own functions (auth's invitation,
 * reset link and throttle; ending the user's sessions). An action that changes nothing (enabling an enabled user,
 * clearing no lock) answers the user as they are and records nothing.
 */
export async function actOnUser(deps: Deps, actor: Actor, code: string, userId: number, what: PortalUserAction): Promise<PortalUser> {
  const { db, config } = deps
  await db.transaction().execute(async (trx) => {
    const account = await accountFor(trx, actor, code)
    const user = await repo.findPortalUser(trx, account.id, userId, true)
    if (!user) throw notFound('user')
    const lockKey = `user:${user.username.toLowerCase()}`
    let changed = true
    switch (what) {
      case 'invitation':
        if (!user.active) throw conflict('user_disabled', 'This login is disabled. Enable it first.')
        if (user.password_hash !== NO_PASSWORD) throw conflict('password_set', 'This user has set a password already. Send a password reset instead.')
        await inviteUser(trx, config, { id: user.id, username: user.username, name: user.name, email: user.email, accountName: account.name })
        break
      case 'password-reset':
        if (!user.active) throw conflict('user_disabled', 'This login is disabled. Enable it first.')
        await sendPasswordReset(trx, config, user)
        break
      case 'disable':
        changed = user.active
        if (changed) {
          await repo.setUserActive(trx, user.id, false)
          await revokeUserSessions(trx, user.id)
        }
        break
      case 'enable':
        changed = !user.active
        if (changed) await repo.setUserActive(trx, user.id, true)
        break
      case 'unlock':
        changed = (await recentFailures(trx, [lockKey], new Date(Date.now() - config.loginThrottle.windowMs))).has(lockKey)
        if (changed) await clearFailures(trx, lockKey)
        break
    }
    if (changed) {
      await recordAudit(trx, actor, { action: PORTAL_USER_AUDIT[what].action, account, subject: user.username, detail: { userId: user.id } })
    }
  })
  // A disabled user's sessions end at once on every instance, this one before it answers.
  if (what === 'disable') await deps.inMemory.heard()
  const account = await accountFor(db, actor, code)
  const row = await repo.findPortalUser(db, account.id, userId)
  if (!row) throw notFound('user')
  return (await toPortalUsers(deps, [row]))[0]!
}

/** A document goes only to one of the account's addresses on record, never to one typed in. */
async function addressOnRecord(db: Db, accountId: number, to: string): Promise<string> {
  const address = to.trim().toLowerCase()
  if (!(await repo.addressesOf(db, accountId)).includes(address)) {
    throw badRequest('not_an_account_address', "Choose one of the account's e-mail addresses.", 'body.to')
  }
  return address
}

/** The customer side's functions read an account through a session: the account's, on behalf of no user. */
function accountSession(a: repo.AccountRow): Session {
  return {
    sessionId: 0,
    userId: 0,
    username: '',
    name: '',
    email: '',
    role: 'User',
    accountId: a.id,
    accountCode: a.code,
    accountName: a.name,
    salesCategory: a.sales_category,
    isElders: a.is_elders,
    isCash: isCashSale(a.sales_category),
    defaultBranch: a.default_branch,
    actingBy: null,
  }
}

const signature = (d: Deps['config']['distributor']) => [d.name, `ABN ${d.abn}`, d.postalAddress]

/** Sends a copy of an order's confirmation (its lines and totals as they stand) to one of the account's addresses. */
export async function resendConfirmation(deps: Deps, actor: Actor, code: string, orderId: number, to: string): Promise<StaffMessage> {
  const { db, config } = deps
  const account = await accountFor(db, actor, code)
  const address = await addressOnRecord(db, account.id, to)
  const order = await placedOrder(db, account.id, orderId)
  const money = (dollars: number) => `$${pdfMoney(Math.round(dollars * 100))}`
  await db.transaction().execute(async (trx) => {
    await enqueueMail(trx, {
      to: address,
      subject: `Order ${order.SalesOrder} (your PO ${order.CustomerPurchaseOrder}): a copy of its confirmation`,
      text: [
        'Hello,',
        '',
        `As asked, here is a copy of order ${order.SalesOrder} of ${account.name} as it stands today (${order.SalesOrderStatus}).`,
        '',
        ...order.items.map(
          (i) =>
            `  ${i.QuantityOrdered} x ${i.ProductCode}  ${i.Description}  ${money(i.ExtendedTotalInc)}${i.QuantityBackOrdered > 0 ? `  (${i.QuantityBackOrdered} on back order)` : ''}`,
        ),
        '',
        `Total: ${money(order.ExtendedInc)} inc GST (GST ${money(order.TaxTotal)})`,
        `Purchase order: ${order.CustomerPurchaseOrder}`,
        '',
        'You can follow it under Order History in the portal.',
        '',
        ...signature(config.distributor),
      ].join('\n'),
    })
    await recordAudit(trx, actor, { action: 'order confirmation resent', account, subject: order.SalesOrder, detail: { to: address, orderId } })
  })
  return { message: `A copy of order ${order.SalesOrder} is on its way to ${address}.` }
}

/** Sends an invoice's PDF, as the customer's own "Email invoice" makes it, to one of the account's addresses. */
export async function sendInvoice(deps: Deps, actor: Actor, code: string, invoiceId: number, to: string): Promise<StaffMessage> {
  const { db, config } = deps
  const account = await accountFor(db, actor, code)
  const address = await addressOnRecord(db, account.id, to)
  const { invoice, title, pdf } = await renderInvoice(deps, accountSession(account), String(invoiceId))
  await db.transaction().execute(async (trx) => {
    await enqueueMail(trx, {
      to: address,
      subject: `${title} ${invoice} from ${config.distributor.name}`,
      text: [
        'Hello,',
        '',
        `As asked, here is a copy of ${title.toLowerCase()} ${invoice} for ${account.name}. It is attached as a PDF.`,
        '',
        `Questions about this invoice: call ${config.distributor.accountsPhone}.`,
        '',
        ...signature(config.distributor),
      ].join('\n'),
      attachments: [{ filename: `${invoice}.pdf`, contentType: 'application/pdf', content: Buffer.from(pdf).toString('base64') }],
    })
    await recordAudit(trx, actor, { action: 'invoice sent', account, subject: invoice, detail: { to: address, invoiceId } })
  })
  return { message: `${title} ${invoice} is on its way to ${address}.` }
}

/** Sends the statement of a financial period, the PDF the customer's own request makes, to one of the account's addresses. */
export async function sendStatement(deps: Deps, actor: Actor, code: string, body: StatementSendBody): Promise<StaffMessage> {
  const { db, config } = deps
  const account = await accountFor(db, actor, code)
  const address = await addressOnRecord(db, account.id, body.to)
  const statement = await buildStatement(deps, accountSession(account), body.year, body.period)
  const pdf = await statementPdf(config, statement)
  await db.transaction().execute(async (trx) => {
    await enqueueMail(trx, {
      to: address,
      subject: `Your ${config.distributor.name} statement for ${statement.period.description}`,
      text: [
        'Hello,',
        '',
        `As asked, attached is the statement of account ${account.code} (${account.name}) for ${statement.period.description}.`,
        '',
        `Closing balance: $${pdfMoney(statement.closingCents)}. Invoices are due on the 25th of the month after the invoice date.`,
        `Questions about your account: call accounts receivable on ${config.distributor.accountsPhone}.`,
        '',
        ...signature(config.distributor),
      ].join('\n'),
      attachments: [
        {
          filename: `statement-${account.code}-${body.year}-${String(body.period).padStart(2, '0')}.pdf`,
          contentType: 'application/pdf',
          content: Buffer.from(pdf).toString('base64'),
        },
      ],
    })
    await recordAudit(trx, actor, {
      action: 'statement sent',
      account,
      subject: statement.period.description,
      detail: { to: address, year: body.year, period: body.period },
    })
  })
  return { message: `The statement for ${statement.period.description} is on its way to ${address}.` }
}

/** The customer's Users screen: per user, the staff's last change to them and when (the audit says). */
export async function staffChanges(db: Db, accountId: number): Promise<StaffChange[]> {
  const changeOf = new Map(Object.values(PORTAL_USER_AUDIT).map((a) => [a.action, a.change]))
  const rows = await repo.lastStaffChanges(db, accountId, [...changeOf.keys()])
  return rows.map((r) => ({ username: r.username, at: new Date(r.at).toISOString(), change: changeOf.get(r.action)! }))
}
