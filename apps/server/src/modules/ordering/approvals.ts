import { APPROVAL_ERRORS, SENT_FOR_APPROVAL, type Approval, type ApprovalLine, type ApproveBody, type SentForApproval } from '@portal/contract/approvals'
import { PlaceOrderBody, type PlacedOrder } from '@portal/contract/checkout'
import type { Deps, Session } from '../../lib/context'
import { today } from '../../lib/date-range'
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors'
import { dollars, partsTotals } from '../../lib/money'
import { pdfMoney } from '../../lib/pdf-document'
import { enqueueMail } from '../mail/outbox'
import * as repo from './approvals-repo'
import * as cart from './cart'
import type { CreditRequest } from './credit'
import * as placement from './placement'
import { isCashSale } from './rules'

/**
 * Approvals and spending limits (docs/decisions/0089-approvals-and-spending-limits.md). An order on account whose
 * total (ex GST) is over its buyer's limit per order, or takes their orders of the calendar month over their monthly
 * limit, is not placed: checkout (checkout.ts) hands it here and it waits as an approval, its cart emptied into it.
 * An approver places it through placement.placeOrder at the prices of that moment (its quantities changed first, if
 * they choose), or rejects it with a reason; its buyer may withdraw it while it waits.
 */

type Db = Deps['db']
type ApprovalRow = repo.ApprovalRow

const money = (cents: number) => `$${pdfMoney(cents)}`

/** The first day of the calendar month `day` (YYYY-MM-DD) is in. */
const monthOf = (day: string) => `${day.slice(0, 8)}01`

export interface OverLimit {
  over: 'order' | 'month'
  limitCents: number
  approverId: number | null
}

/** The buyer's limits as an order on account meets them, under the cart's lock (placement.ts reads them with it). */
export type Limits = repo.BuyerLimits

/**
 * The buyer's limits, their user row locked so that their orders on account are checked one after another (two at
 * once cannot both pass a monthly limit), and the approval the request's key already made.
 */
export async function limitsOf(trx: Db, userId: number, key: string | null): Promise<Limits> {
  return repo.limitsOfRow(await repo.lockLimits(trx, userId, key))
}

/** The limit an order of `exCents` (ex GST) is over: the limit per order, or the month's orders so far with it past the monthly limit; null when within both. */
export async function overLimit(trx: Db, userId: number, limits: Limits, exCents: number): Promise<OverLimit | null> {
  const { orderLimitCents, monthLimitCents, approverId } = limits
  if (orderLimitCents !== null && exCents > orderLimitCents) return { over: 'order', limitCents: orderLimitCents, approverId }
  if (monthLimitCents !== null) {
    const spent = await repo.spentSince(trx, userId, monthOf(today()))
    if (spent + exCents > monthLimitCents) return { over: 'month', limitCents: monthLimitCents, approverId }
  }
  return null
}

/**
 * The order sent for approval instead of placed: its lines, form and totals kept, the cart emptied into it (the cart
 * is locked), and its approvers e-mailed. Answers what the checkout answers (202).
 */
export async function submit(
  trx: Db,
  deps: Pick<Deps, 'config'>,
  session: Session,
  order: {
    branch: string
    siteCode: string | null
    form: PlaceOrderBody
    lines: placement.OrderLine[]
    over: OverLimit
    key: string | null
    /** The order is not made of the buyer's cart (a standing order's run): the cart stays as it is. */
    keepsCart?: boolean
  },
): Promise<SentForApproval> {
  const totals = placement.totalOf(order.lines)
  const { creditConfirmed: _confirmation, ...form } = order.form
  const id = await repo.insertApproval(trx, {
    accountId: session.accountId,
    userId: session.userId,
    approverId: order.over.approverId,
    branch: order.branch,
    siteCode: order.siteCode,
    form,
    lines: order.lines,
    exCents: totals.exCents,
    incCents: totals.incCents,
    over: order.over.over,
    limitCents: order.over.limitCents,
    idempotencyKey: order.key,
  })
  if (!order.keepsCart) await cart.clearAfterApproval(trx, session.userId)
  const approvers = await repo.approversOf(trx, session.accountId, order.over.approverId)
  const limitText =
    order.over.over === 'order' ? `their limit of ${money(order.over.limitCents)} an order` : `their monthly limit of ${money(order.over.limitCents)}`
  for (const approver of approvers) {
    await enqueueMail(trx, {
      to: approver.email,
      subject: `An order by ${session.name} is waiting for your approval`,
      text: [
        `Hi ${approver.name},`,
        '',
        `${session.name} has sent an order of ${money(totals.exCents)} ex GST (${money(totals.incCents)} inc GST) for ${session.accountName}, purchase order ${form.PurchaseOrder}. It is over ${limitText} ex GST, so it waits for approval.`,
        '',
        `Approve, change or reject it: ${deps.config.publicUrl}/approvals/${id}`,
      ].join('\n'),
    })
  }
  return sentForApproval(trx, session, id)
}

/** What a checkout answers for an order sent for approval, now or by an earlier request with the same key. */
export async function sentForApproval(db: Db, session: Session, id: number): Promise<SentForApproval> {
  const row = await repo.findOne(db, session.accountId, id)
  if (!row) throw notFound('approval')
  return { message: SENT_FOR_APPROVAL, approval: view(row, session, null) }
}

const isAdministrator = (session: Pick<Session, 'role'>) => session.role === 'Administrator'

/** Who may decide: the named approver or any Administrator of the account, never the order's own buyer. */
const mayDecide = (row: Pick<ApprovalRow, 'user_id' | 'approver_id'>, session: Session) =>
  row.user_id !== session.userId && (isAdministrator(session) || row.approver_id === session.userId)

/** Who may see it: its buyer, its named approver, and the account's Administrators. */
const maySee = (row: Pick<ApprovalRow, 'user_id' | 'approver_id'>, session: Session) =>
  row.user_id === session.userId || row.approver_id === session.userId || isAdministrator(session)

const isoDay = (d: Date | string | null) => (d === null ? null : today(new Date(d)))

interface Priced {
  lines: placement.OrderLine[]
  /** By product: the line at today's price, or null when it can no longer be ordered. */
  now: Map<number, placement.OrderLine | null>
}

const storedLines = (row: Pick<ApprovalRow, 'lines'>) => row.lines as placement.OrderLine[]

function view(row: ApprovalRow, session: Session, priced: Priced | null): Approval {
  const lines: ApprovalLine[] = storedLines(row).map((l) => {
    const submitted = partsTotals(placement.partsOf(l))
    const now = priced?.now.get(l.productId) ?? null
    return {
      ProductID: l.productId,
      ProductCode: l.productCode,
      Description: l.description,
      Quantity: l.quantity,
      SubmittedPrice: dollars(l.unitPriceCents),
      SubmittedTotalInc: dollars(submitted.incCents),
      CurrentPrice: now ? dollars(now.unitPriceCents) : null,
      CurrentTotalInc: now ? dollars(partsTotals(placement.partsOf(now)).incCents) : null,
    }
  })
  const current = priced && priced.lines.length > 0 ? placement.totalOf(priced.lines) : null
  const awaiting = row.status === 'awaiting'
  return {
    id: row.id,
    status: row.status,
    SubmittedAt: isoDay(row.created_at)!,
    SubmittedBy: row.buyer_name,
    Approver: row.approver_name ?? 'any Administrator',
    LocationID: row.location_id,
    BranchName: row.branch_name,
    CustomerPurchaseOrder: (row.form as { PurchaseOrder?: string }).PurchaseOrder ?? '',
    Over: row.over_limit,
    Limit: dollars(row.limit_cents),
    SubmittedEx: dollars(row.ex_cents),
    SubmittedInc: dollars(row.inc_cents),
    CurrentEx: awaiting && current ? dollars(current.exCents) : null,
    CurrentInc: awaiting && current ? dollars(current.incCents) : null,
    lines,
    DecidedAt: isoDay(row.decided_at),
    DecidedBy: row.decided_by_name,
    Reason: row.reason,
    OrderID: row.order_id,
    SalesOrder: row.sales_order,
    CanDecide: awaiting && mayDecide(row, session),
    PaysByCard: isCashSale(row.sales_category),
    CanWithdraw: awaiting && row.user_id === session.userId,
  }
}

/** GET /api/approvals: the approvals the user may see, waiting ones first, then the newest. */
export async function list({ db }: Deps, session: Session): Promise<Approval[]> {
  placement.refuseResellers(session)
  const rows = await repo.listFor(db, { userId: session.userId, accountId: session.accountId, administrator: isAdministrator(session) }, 200)
  return rows.map((r) => view(r, session, null))
}

async function visible(db: Db, session: Session, id: number): Promise<ApprovalRow> {
  placement.refuseResellers(session)
  const row = await repo.findOne(db, session.accountId, id)
  // Another account's approval, or one this user may not see: as if there were none.
  if (!row || !maySee(row, session)) throw notFound('approval')
  return row
}

/**
 * The approval's lines priced for its buyer now, with the quantities `edits` gives (0 takes a line out). A product
 * that can no longer be ordered has no price now (and an approval of it is refused).
 */
async function priceNow(db: Db, row: Pick<ApprovalRow, 'user_id' | 'account_id' | 'location_id' | 'lines'>, edits?: ApproveBody['lines']): Promise<Priced> {
  const wanted = new Map((edits ?? []).map((e) => [e.ProductID, e.Quantity]))
  const items = storedLines(row)
    .map((l) => ({ productId: l.productId, quantity: wanted.get(l.productId) ?? l.quantity }))
    .filter((i) => i.quantity > 0)
  const viewer = { userId: row.user_id, accountId: row.account_id, isElders: false }
  const rows = items.length > 0 ? await cart.pricedItems(db, viewer, items, row.location_id) : []
  const now = new Map<number, placement.OrderLine | null>()
  const lines: placement.OrderLine[] = []
  for (const r of rows) {
    if (!r.active || !r.visible) {
      now.set(r.productId, null)
      continue
    }
    const line = placement.orderLineOf(viewer, r)
    now.set(r.productId, line)
    lines.push(line)
  }
  return { lines, now }
}

/** GET /api/approvals/:id: one approval, and while it waits, its lines at today's prices. */
export async function one({ db }: Deps, session: Session, id: number): Promise<Approval> {
  const row = await visible(db, session, id)
  return view(row, session, row.status === 'awaiting' ? await priceNow(db, row) : null)
}

/**
 * An approval is placed (or paid for) whole: a line whose product can no longer be ordered online (no price now)
 * refuses it by name, with what the approver can do instead (`instead`, from its punctuation on).
 */
function refuseWhatIsNoLongerSold(row: Pick<ApprovalRow, 'lines'>, now: Priced['now'], instead: string) {
  for (const [productId, line] of now) {
    if (line !== null) continue
    const gone = storedLines(row).find((l) => l.productId === productId)!
    throw new AppError(422, 'product_not_available', `${gone.productCode} ${gone.description} can no longer be ordered online${instead}`)
  }
}

function checkEdits(row: Pick<ApprovalRow, 'lines'>, edits: ApproveBody['lines']) {
  if (!edits) return
  const products = new Set(storedLines(row).map((l) => l.productId))
  edits.forEach((e, i) => {
    if (!products.has(e.ProductID)) throw badRequest('not_in_order', 'That product is not in the order waiting for approval.', `body.lines.${i}.ProductID`)
  })
  const wanted = new Map(edits.map((e) => [e.ProductID, e.Quantity]))
  if (storedLines(row).every((l) => (wanted.get(l.productId) ?? l.quantity) === 0)) {
    throw badRequest('no_lines', 'An approved order needs at least one line. Reject the order instead.', 'body.lines')
  }
}

const notAwaiting = (row: Pick<ApprovalRow, 'status'>) =>
  conflict(APPROVAL_ERRORS.notAwaiting, `This order is no longer waiting for approval: it has been ${row.status}.`)

/**
 * POST /api/approvals/:id/approve: the order placed for its buyer through placement.placeOrder, at today's prices
 * and with the quantities the approver set, under every rule an order on account meets (stock, branch, credit). The
 * approval's row is locked and must still wait; the order's idempotency key is the approval's, so it is placed once
 * whoever approves it twice. The buyer's cart is not touched.
 */
export async function approve(deps: Deps, session: Session, id: number, body: ApproveBody): Promise<Approval> {
  // Approving again answers the approval as it stands (the order its key placed), as a repeated checkout does.
  const found = await visible(deps.db, session, id)
  if (!mayDecide(found, session))
    throw forbidden(found.user_id === session.userId ? 'You cannot approve your own order.' : 'Only its approver or an Administrator can approve this order.')
  checkEdits(found, body.lines)
  const buyerRow = await repo.buyerOf(deps.db, found.user_id)
  if (isCashSale(buyerRow.sales_category) || buyerRow.is_elders)
    throw conflict('not_on_account', "This account does not order on account, so the order can't be approved here.")
  const buyer: placement.Buyer = {
    userId: buyerRow.id,
    accountId: buyerRow.account_id,
    isCash: false,
    name: buyerRow.name,
    email: buyerRow.email,
    accountName: buyerRow.account_name,
  }
  const credit: CreditRequest = { confirmed: body.creditConfirmed === true, accountsPhone: deps.config.distributor.accountsPhone }
  await placement.placeOrder<'replayed'>(deps, {
    buyer: { userId: buyer.userId, accountId: buyer.accountId },
    key: `approval ${id}`,
    payment: 'account',
    credit,
    replayed: async () => ({ noOrder: 'replayed' as const }),
    async prepare(trx) {
      const locked = await repo.lockOne(trx, session.accountId, id)
      if (!locked) throw notFound('approval')
      if (locked.status !== 'awaiting') throw notAwaiting(locked)
      const { lines, now } = await priceNow(trx, locked, body.lines)
      refuseWhatIsNoLongerSold(locked, now, '. Set its quantity to 0 to approve the rest.')
      const form = { ...(locked.form as PlaceOrderBody) }
      return { buyer, branch: locked.location_id, siteCode: locked.site_code, form, lines, paymentReference: null, keepsCart: true }
    },
    placed: (trx, order) => approved(trx, deps, { id, buyer, by: session, order, paid: false }),
  })
  return view(await visible(deps.db, session, id), session, null)
}

/** The approval approved by the order placed for it (on account, or paid by its approver's card), and its buyer told. */
async function approved(
  trx: Db,
  deps: Pick<Deps, 'config'>,
  a: { id: number; buyer: Pick<placement.Buyer, 'name' | 'email'>; by: Pick<Session, 'userId' | 'name'>; order: PlacedOrder; paid: boolean },
) {
  const { order } = a
  await repo.decide(trx, a.id, { status: 'approved', by: { userId: a.by.userId, name: a.by.name }, orderId: order.OrderID })
  await enqueueMail(trx, {
    to: a.buyer.email,
    subject: `Your order ${order.SalesOrder} has been approved`,
    text: [
      `Hi ${a.buyer.name},`,
      '',
      `${a.by.name} has approved your order (purchase order ${order.CustomerPurchaseOrder})${a.paid ? ', paid for it by card,' : ''} and it has been placed as ${order.SalesOrder}, ${money(Math.round(order.ExtendedInc * 100))} inc GST at today's prices.`,
      '',
      `Follow it under Order History: ${deps.config.publicUrl}/orders`,
    ].join('\n'),
  })
}

/** What a card payment of an order waiting for approval pays: its lines at today's prices, its branch and form. */
export interface ApprovalToPay {
  branch: string
  siteCode: string | null
  form: PlaceOrderBody
  lines: placement.OrderLine[]
}

/**
 * A cash-sale account's order waiting for approval, paid for by an approver's card (POST /api/approvals/:id/payment):
 * its row locked, it must still wait, the payer must be one who may decide it, and every line must still be sold;
 * its lines are priced for its buyer now. The order is placed, and the approval approved, when the payment is
 * approved (paidByCard); until then the approval still waits.
 */
export async function toPayByCard(trx: Db, session: Session, id: number): Promise<ApprovalToPay> {
  const found = await visible(trx, session, id)
  if (!mayDecide(found, session))
    throw forbidden(found.user_id === session.userId ? 'You cannot approve your own order.' : 'Only its approver or an Administrator can approve this order.')
  if (!isCashSale(found.sales_category)) throw conflict('on_account', 'This order is placed on account when it is approved: approve it instead of paying.')
  const locked = await repo.lockOne(trx, session.accountId, id)
  if (!locked) throw notFound('approval')
  if (locked.status !== 'awaiting') throw notAwaiting(locked)
  const { lines, now } = await priceNow(trx, locked)
  refuseWhatIsNoLongerSold(locked, now, ', so this order cannot be paid for. Reject it and ask for a new one.')
  return { branch: locked.location_id, siteCode: locked.site_code, form: locked.form as PlaceOrderBody, lines }
}

/** Under a card payment's order: whether the approval it pays still waits (its row locked until the order is written). */
export async function stillAwaiting(trx: Db, accountId: number, id: number): Promise<boolean> {
  return (await repo.lockOne(trx, accountId, id))?.status === 'awaiting'
}

/** The approval paid for by card: approved by its payer, naming the order the payment placed; its buyer told. */
export async function paidByCard(trx: Db, deps: Pick<Deps, 'config'>, id: number, payer: Pick<Session, 'userId' | 'name'>, order: PlacedOrder) {
  const buyer = await repo.buyerOfApproval(trx, id)
  await approved(trx, deps, { id, buyer, by: payer, order, paid: true })
}

/** Rejects, or (the buyer) withdraws, an order while it waits: its row locked, the decision kept, the buyer told. */
async function close(deps: Deps, session: Session, id: number, status: 'rejected' | 'withdrawn', reason?: string): Promise<Approval> {
  const found = await visible(deps.db, session, id)
  if (status === 'rejected' && !mayDecide(found, session)) {
    throw forbidden(
      found.user_id === session.userId
        ? 'You cannot reject your own order: withdraw it instead.'
        : 'Only its approver or an Administrator can reject this order.',
    )
  }
  if (status === 'withdrawn' && found.user_id !== session.userId) throw forbidden('Only the buyer who sent an order can withdraw it.')
  await deps.db.transaction().execute(async (trx) => {
    const locked = await repo.lockOne(trx, session.accountId, id)
    if (!locked) throw notFound('approval')
    if (locked.status !== 'awaiting') throw notAwaiting(locked)
    await repo.decide(trx, id, { status, by: { userId: session.userId, name: session.name }, ...(reason ? { reason } : {}) })
    if (status === 'rejected') {
      const buyer = await repo.buyerOf(trx, locked.user_id)
      await enqueueMail(trx, {
        to: buyer.email,
        subject: 'Your order waiting for approval was rejected',
        text: [
          `Hi ${buyer.name},`,
          '',
          `${session.name} has rejected your order (purchase order ${(locked.form as { PurchaseOrder?: string }).PurchaseOrder ?? ''}, ${money(locked.inc_cents)} inc GST).`,
          `Reason: ${reason}`,
          '',
          `See it under Approvals: ${deps.config.publicUrl}/approvals/${id}`,
        ].join('\n'),
      })
    }
  })
  return view(await visible(deps.db, session, id), session, null)
}

/** POST /api/approvals/:id/reject */
export const reject = (deps: Deps, session: Session, id: number, reason: string) => close(deps, session, id, 'rejected', reason)

/** POST /api/approvals/:id/withdraw */
export const withdraw = (deps: Deps, session: Session, id: number) => close(deps, session, id, 'withdrawn')
