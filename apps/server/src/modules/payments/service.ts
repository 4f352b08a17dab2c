import type { SentForApproval } from '@portal/contract/approvals'
import { CART_ERRORS } from '@portal/contract/cart'
import type { PlacedOrder, PlaceOrderBody } from '@portal/contract/checkout'
import {
  PendingOrderDetails,
  type PaymentProvider,
  type SandboxTestCard,
  type CompletePaymentBody,
  type CreatePaymentBody,
  type CreatePaymentResponse,
  type PaymentResult,
  type PaymentSession,
  type PaymentSettings,
  type PendingOrder,
  type SecurePayResult,
} from '@portal/contract/payments'
import { PRICE_BREAKS } from '@portal/contract/price-breaks'
import { randomBytes, randomUUID } from 'node:crypto'
import { isDeepStrictEqual } from 'node:util'
import { z } from 'zod'
import type { Config } from '../../config'
import type { Deps, Session } from '../../lib/context'
import { AppError, conflict, forbidden, notFound } from '../../lib/errors'
import { dollars } from '../../lib/money'
import { pdfMoney } from '../../lib/pdf-document'
import { enqueueMail } from '../mail/outbox'
import { approvals, cart, isCashSale, placement } from '../ordering'
import * as mpgs from './mpgs'
import * as repo from './repo'
import * as securepay from './securepay'

type Db = Deps['db']
export type PaymentDeps = Deps & { transport: mpgs.Transport }

/** The cart as it was when the customer agreed to pay: the order is made of exactly this. */
const PendingLines = z.array(
  z.object({
    productId: z.number().int(),
    productCode: z.string(),
    description: z.string(),
    quantity: z.number().int().positive(),
    unitPriceCents: z.number().int().nonnegative(),
    // What each line was charged (full pallets, full cartons, units); a payment stored before breaks were charged has none.
    parts: z
      .array(
        z.object({
          break: z.enum(PRICE_BREAKS),
          quantity: z.number().int().positive(),
          packQty: z.number().int().positive().nullable(),
          packs: z.number().int().positive().nullable(),
          priceCents: z.number().int().nonnegative(),
        }),
      )
      .optional(),
  }),
)

export const UNVERIFIED = 'We could not verify the payment result. Please contact us before trying again'
export const UNAVAILABLE = 'Card payments are not available at the moment. Please call us to place your order.'
const ALREADY_PAID = 'This cart has already been paid for and ordered, so this second payment made no order.'
const SUPERSEDED = 'This payment was replaced by a newer one for the same cart, so no order was made of it.'
const QUOTE_ORDERED = 'The quote whose prices this payment paid was ordered meanwhile by another user of the account, so no second order was made.'
const APPROVAL_DECIDED = 'The order waiting for approval was approved, rejected or withdrawn before this payment went through, so no order was made of it.'
/** What follows the reason when the portal refunded the payment itself, and when it could not (staff will). */
const REFUNDED = 'It has been refunded in full.'
const VOIDED = 'Your card was not charged.'
const TO_BE_REFUNDED = 'It will be refunded.'

/** The cards the local sandbox approves and declines, handed in by app.ts outside production (never imported here). */
export type SandboxTestCards = Record<PaymentProvider, SandboxTestCard[]>

export const isLocal = (url: string, config: Config) => url.startsWith(`${config.publicUrl}/sandbox/`)

/**
 * The local sandbox (a provider with no URL configured, outside production mode) is reached on the origin
 * the page came from, not at PUBLIC_URL: the portal opened at 127.0.0.1, localhost or a LAN address posts
 * its card form to itself (the policy's form-action 'self') and comes back to itself, where its session
 * cookie is. `pageOrigin` is the request's Origin header, or null (then PUBLIC_URL); a real provider's
 * URLs never depend on it (decision 0026).
 */
export function forBrowser(url: string, config: Config, pageOrigin: string | null | undefined): string {
  return pageOrigin && isLocal(url, config) ? `${pageOrigin}${url.slice(config.publicUrl.length)}` : url
}

/** Where SecurePay sends the browser with the result: PUBLIC_URL, or the page's own origin for the local sandbox. */
function resultUrl(config: Config, pageOrigin: string | null | undefined): string {
  const local = config.payments.securepay ? isLocal(config.payments.securepay.url, config) : false
  return `${local && pageOrigin ? pageOrigin : config.publicUrl}/api/payments/callback`
}

/**
 * What the browser needs for card payments (part of GET /api/site). The endpoints named are the configured
 * ones; the card form itself uses the URLs POST /api/payments/create and /session answer (the sandbox on the page's origin).
 */
export function paymentSettings(config: Config, sandboxTestCards?: SandboxTestCards): PaymentSettings {
  const { provider, securepay: sp, mpgs: mp } = config.payments
  const endpoint = provider === 'securepay' ? (sp?.url ?? null) : mp ? mpgs.checkoutScriptUrl(mp) : null
  const sandbox = endpoint !== null && isLocal(endpoint, config)
  return {
    provider,
    cardEndpoint: provider === 'securepay' ? endpoint : null,
    checkoutScript: provider === 'mpgs' ? endpoint : null,
    ipLookupUrl: config.payments.ipLookupUrl,
    analyticsHook: config.payments.analyticsHook,
    sandbox,
    testCards: sandbox && config.demo ? (sandboxTestCards?.[provider] ?? []) : [],
  }
}

type PendingRow = NonNullable<Awaited<ReturnType<typeof repo.findPendingByKey>>>

export function createResponse(
  config: Config,
  p: Pick<PendingRow, 'id' | 'reference' | 'amount_cents' | 'provider' | 'provider_timestamp'>,
  pageOrigin: string | null | undefined,
): CreatePaymentResponse {
  if (p.provider === 'securepay') {
    const settings = config.payments.securepay
    if (!settings || !p.provider_timestamp) throw new AppError(422, 'payments_unavailable', UNAVAILABLE)
    const fields = securepay.formFields(settings, {
      referenceId: p.reference,
      amountCents: p.amount_cents,
      timestamp: p.provider_timestamp,
      resultUrl: resultUrl(config, pageOrigin),
    })
    const action = forBrowser(settings.url, config, pageOrigin)
    return {
      orderId: p.id,
      amount: dollars(p.amount_cents),
      fingerprint: fields.EPS_FINGERPRINT!,
      formData: { provider: 'securepay', action, method: 'POST', fields },
    }
  }
  const settings = config.payments.mpgs
  if (!settings) throw new AppError(422, 'payments_unavailable', UNAVAILABLE)
  return {
    orderId: p.id,
    amount: dollars(p.amount_cents),
    fingerprint: '',
    formData: { provider: 'mpgs', checkoutScript: forBrowser(mpgs.checkoutScriptUrl(settings), config, pageOrigin) },
  }
}

const newReference = () => `W${randomBytes(6).toString('hex').toUpperCase()}`

/** The form with the contract's names, from a pending order's camelCase orderDetails. */
export function formOf(d: PendingOrderDetails): PlaceOrderBody {
  return {
    ...(d.siteCode ? { SiteCode: d.siteCode } : {}),
    DeliveryName: d.deliveryName,
    Address1: d.address1,
    Address2: d.address2,
    City: d.city,
    State: d.state,
    PostalCode: d.postalCode,
    Contact: d.contact,
    Email: d.email,
    Phone: d.phone,
    Fax: d.fax,
    CarrierName: d.carrierName,
    CarrierInstructions: d.carrierInstructions,
    PurchaseOrder: d.purchaseOrder,
    OrderDesc: d.orderDesc,
    DeliveryType: d.deliveryType,
    warehouse: d.warehouse,
  }
}

/** Compares what was stored as JSON with what would be stored now. */
const sameJson = (stored: unknown, fresh: unknown) => isDeepStrictEqual(stored, JSON.parse(JSON.stringify(fresh)))

/**
 * Stores a pending order for a cash-sale account's card payment: the form, the cart's lines at today's
 * prices, and the amount, which must be the cart's total inc GST as the server computes it. Answers the
 * provider's hidden form fields (SecurePay) or the checkout script (Mastercard Gateway).
 */
export async function create(
  deps: Deps,
  session: Session,
  body: CreatePaymentBody,
  idempotencyKey: string | undefined,
  pageOrigin?: string | null,
): Promise<CreatePaymentResponse | SentForApproval> {
  placement.refuseResellers(session)
  const { db, config } = deps
  if (!session.isCash) throw forbidden('Card payment at checkout is for cash-sale accounts. Place your order on account.')
  const provider = config.payments.provider
  if (!config.payments[provider]) throw new AppError(422, 'payments_unavailable', UNAVAILABLE)
  const key = idempotencyKey ?? null
  const repeated = async (trx: Db) => {
    const existing = key ? await repo.findPendingByKey(trx, session.userId, key) : undefined
    return existing && createResponse(config, existing, pageOrigin)
  }
  // A repeated submission of a payment sent for approval answers the approval (decision 0089).
  const sentBefore = async (trx: Db) => {
    const keyed = key ? (await approvals.limitsOf(trx, session.userId, key)).keyed : null
    return keyed === null ? undefined : approvals.sentForApproval(trx, session, keyed)
  }
  let held: number[] = []
  try {
    const created = await db.transaction().execute(async (trx) => {
      // The cart first, as an order takes its locks: one payment of a cart at a time.
      const locked = await placement.lockCart(trx, session.userId)
      const again = (await repeated(trx)) ?? (await sentBefore(trx))
      if (again) return again
      const details = body.orderDetails
      const { branch, lines, totals, quoteId } = await placement.priceLines(trx, session, locked, details.warehouse)
      // A cart of quoted prices pays only while its quote holds (decision 0102); its order will be the quote's.
      if (quoteId !== null) await placement.checkQuote(trx, session.accountId, quoteId)
      if (Math.round(body.amount * 100) !== totals.incCents) {
        throw conflict('amount_mismatch', `The amount to pay does not match your cart total of $${pdfMoney(totals.incCents)}. Review your cart and try again.`)
      }
      const siteCode = await placement.checkSite(trx, session.accountId, details.siteCode)
      const orderDetails = { ...details, warehouse: branch }
      // Over the buyer's spending limit, nothing is paid: the order waits for approval, and its approver pays (decision 0089).
      const limits = await approvals.limitsOf(trx, session.userId, key)
      const over = await approvals.overLimit(trx, session.userId, limits, totals.exCents)
      if (over) {
        const live = (await repo.livePendingOfUser(trx, session.userId)).map((p) => p.id)
        await repo.markSuperseded(trx, live)
        await placement.releaseHolds(trx, live)
        return approvals.submit(trx, { config }, session, { branch, siteCode, form: formOf(orderDetails), lines, over, key })
      }
      // A cart has one live payment: the same cart and form answer the live one (a second tab, a double click);
      // anything else replaces it, and a replaced payment can never become an order (docs/decisions/0024).
      if (await repo.capturingOfUser(trx, session.userId)) {
        throw conflict('payment_in_progress', 'A card payment for this cart is being completed. Look at your orders in a moment before paying again.')
      }
      const live = await repo.livePendingOfUser(trx, session.userId)
      const same = live.find(
        (p) =>
          p.status === 'pending' &&
          p.held &&
          p.provider === provider &&
          p.amount_cents === totals.incCents &&
          sameJson(p.lines, lines) &&
          sameJson(p.order_details, orderDetails),
      )
      if (same) return createResponse(config, same, pageOrigin)
      const replaced = live.map((p) => p.id)
      await repo.markSuperseded(trx, replaced)
      await placement.releaseHolds(trx, replaced)
      const pending = {
        id: randomUUID(),
        reference: newReference(),
        accountId: session.accountId,
        userId: session.userId,
        branch,
        orderDetails,
        lines,
        amountCents: totals.incCents,
        provider,
        providerTimestamp: provider === 'securepay' ? securepay.timestampOf(new Date()) : null,
        idempotencyKey: key,
        quoteId,
      }
      await repo.insertPendingOrder(trx, pending)
      // Cash-sale accounts only: the units are theirs until the payment is made, cancelled or the hold expires.
      await placement.holdStock(trx, { pendingId: pending.id, buyer: placement.buyerOf(session), branch, lines, minutes: config.payments.holdMinutes })
      held = lines.map((l) => l.productId)
      // The form stays with the cart too, so that the checkout screen has it whatever happens at the provider.
      await cart.saveCheckoutInfo(trx, session, formOf(orderDetails))
      return createResponse(config, pendingRow(pending), pageOrigin)
    })
    // The held units are no longer on offer: every page here shows it before the answer, as every other instance does.
    if (held.length > 0) await deps.inMemory.heard()
    return created
  } catch (err) {
    if (key && placement.isUniqueViolation(err)) {
      const again = await repeated(db)
      if (again) return again
    }
    throw err
  }
}

/** A new pending order as createResponse reads one. */
const pendingRow = (p: repo.NewPendingOrder) => ({
  id: p.id,
  reference: p.reference,
  amount_cents: p.amountCents,
  provider: p.provider,
  provider_timestamp: p.providerTimestamp,
})

/** A pending order's camelCase orderDetails, from an order's form (formOf's inverse). */
function detailsOf(f: PlaceOrderBody, siteCode: string | null): PendingOrderDetails {
  return {
    ...(siteCode ? { siteCode } : {}),
    deliveryName: f.DeliveryName,
    address1: f.Address1,
    address2: f.Address2,
    city: f.City,
    state: f.State,
    postalCode: f.PostalCode,
    contact: f.Contact,
    email: f.Email,
    phone: f.Phone,
    fax: f.Fax,
    carrierName: f.CarrierName,
    carrierInstructions: f.CarrierInstructions,
    purchaseOrder: f.PurchaseOrder,
    orderDesc: f.OrderDesc,
    deliveryType: f.DeliveryType,
    warehouse: f.warehouse,
  }
}

/**
 * POST /api/approvals/:id/payment: an approver pays by card for a cash-sale account's order waiting for approval
 * (decision 0089). Stores a pending order of the payer's, made of the approval's lines priced for its buyer now
 * (ordering's approvals.toPayByCard) and its delivery form, and holds its units, as a card order's payment does; a
 * payment started earlier for the same approval is replaced. Once the card is approved, the payment's order is
 * placed and the approval approved (convert), if the approval still waits then; else the payment is refunded.
 */
export async function payApproval(deps: Deps, session: Session, approvalId: number, pageOrigin?: string | null): Promise<CreatePaymentResponse> {
  placement.refuseResellers(session)
  const { db, config } = deps
  const provider = config.payments.provider
  if (!config.payments[provider]) throw new AppError(422, 'payments_unavailable', UNAVAILABLE)
  let held: number[] = []
  const created = await db.transaction().execute(async (trx) => {
    // The payer's cart first, as a card payment's order takes its locks (convert), then the approval.
    await placement.lockCart(trx, session.userId)
    const toPay = await approvals.toPayByCard(trx, session, approvalId)
    const earlier = await repo.livePendingOfApproval(trx, approvalId)
    await repo.markSuperseded(trx, earlier)
    await placement.releaseHolds(trx, earlier)
    const pending: repo.NewPendingOrder = {
      id: randomUUID(),
      reference: newReference(),
      accountId: session.accountId,
      userId: session.userId,
      branch: toPay.branch,
      orderDetails: detailsOf(toPay.form, toPay.siteCode),
      lines: toPay.lines,
      amountCents: placement.totalOf(toPay.lines).incCents,
      provider,
      providerTimestamp: provider === 'securepay' ? securepay.timestampOf(new Date()) : null,
      idempotencyKey: null,
      approvalId,
    }
    await repo.insertPendingOrder(trx, pending)
    await placement.holdStock(trx, {
      pendingId: pending.id,
      buyer: placement.buyerOf(session),
      branch: toPay.branch,
      lines: toPay.lines,
      minutes: config.payments.holdMinutes,
    })
    held = toPay.lines.map((l) => l.productId)
    return createResponse(config, pendingRow(pending), pageOrigin)
  })
  if (held.length > 0) await deps.inMemory.heard()
  return created
}

/** A pending order of the account, to refill the checkout form after a failed payment. */
export async function pending({ db }: Deps, session: Session, id: string): Promise<PendingOrder> {
  const p = await repo.findPending(db, session.accountId, id)
  if (!p) throw notFound('pending order')
  const details = PendingOrderDetails.safeParse(p.order_details)
  if (!details.success) throw notFound('pending order')
  return {
    orderId: p.id,
    // A replaced payment reads as failed, with why; one being captured as pending (the wire knows three states).
    status: p.status === 'superseded' ? 'failed' : p.status === 'capturing' ? 'pending' : p.status,
    amount: dollars(p.amount_cents),
    orderDetails: details.data,
    error: p.last_error,
    SalesOrder: p.sales_order,
    order: p.order_id === null ? null : await placement.placedOrder(db, p.account_id, p.order_id),
  }
}

type Conversion = { ok: true; order: PlacedOrder } | { ok: false; error: string }
type LockedPending = NonNullable<Awaited<ReturnType<typeof repo.lockPending>>>
/** What a refund needs of the payment it gives back: a pending order, or a payment of invoices (invoice-payments.ts). */
export type Refundable = Pick<LockedPending, 'reference' | 'amount_cents' | 'provider' | 'account_name' | 'user_name' | 'user_email' | 'location_id'>

/** Why an approved payment did not become an order, as the distributor and the customer are told. */
const REFUND_REASONS = {
  sold_out: {
    distributor: (p: Refundable) => `but the ${p.location_id} branch no longer had the stock when the order was to be placed, so no order was made.`,
    customer: 'in the meantime the branch sold out of an item in your order, so we could not place it.',
  },
  paid_twice: {
    distributor: (p: Refundable) => `but the same payment ${p.reference} had already been approved and made an order, so no second order was made.`,
    customer: 'your order had already been paid for and placed with an earlier payment, so this one placed no second order.',
  },
  superseded: {
    distributor: () => 'but it had been replaced by a newer payment for the same cart, so no order was made.',
    customer: 'it was replaced by a newer payment for the same cart, so no order was made of it.',
  },
  invoices_settled: {
    distributor: () => 'but its invoices no longer had that much owing when it was to be applied (paid meanwhile), so it was not applied.',
    customer: 'in the meantime its invoices were paid another way, so it was not applied to them.',
  },
  approval_decided: {
    distributor: () => 'but the order waiting for approval it paid for had been decided meanwhile (approved, rejected or withdrawn), so no order was made.',
    customer: 'in the meantime the order waiting for approval was decided another way, so no order was made of this payment.',
  },
  quote_ordered: {
    distributor: () => 'but the quote whose prices it paid had been ordered meanwhile by another user of the account, so no second order was made.',
    customer: 'in the meantime the quote was ordered by another user of your account, so no second order was made of it.',
  },
  invoice_payment_replaced: {
    distributor: () => 'but it had been replaced by a newer payment of invoices, so it was not applied.',
    customer: 'it was replaced by a newer payment of your invoices, so it was not applied to them.',
  },
}
export type RefundReason = keyof typeof REFUND_REASONS

/**
 * The idempotency key of the order a payment makes: the payment's own, so that its result posted again (the
 * browser's redirect and the provider's server-to-server callback, say) finds the order rather than making one.
 */
const orderKeyOf = (pendingId: string) => `card ${pendingId}`

/**
 * Turns a paid pending order into an order, exactly once, through ordering's placeOrder: the cart and then the
 * pending row are locked (the order in which payments/create takes them), the order the payment already made is
 * found by the payment's key and answered, and the stock is checked under the order's locks. A live hold guarantees the units, so a held payment always becomes the order
 * (docs/decisions/0024). A payment that cannot become one (sold out after its hold expired, a second approval
 * of a paid reference, a replaced payment) is recorded for refund in the same transaction, then refunded through
 * the provider at once (`reverse`, decision 0071), and the customer told which happened.
 */
async function convert(deps: PaymentDeps, pendingId: string, transactionId: string | null): Promise<Conversion> {
  const { db, metrics } = deps
  // The provider of a payment this call turned into an order or a refund (not a repeated result), for the metrics.
  let counted: string | null = null
  const owner = await repo.ownerOf(db, pendingId)
  if (!owner) throw notFound('pending order')
  // The refund this call recorded, made once its transaction has committed (a replayed result records none).
  let recorded: Refund | null = null
  const refund = async (trx: Db, p: LockedPending, reason: keyof typeof REFUND_REASONS, error: string): Promise<placement.NoOrder<string>> => {
    const id = await repo.insertRefund(trx, { pendingId: p.id, transactionId, amountCents: p.amount_cents, reason })
    if (id !== undefined) {
      recorded = { id, p, reason, transactionId }
      counted = p.provider
    }
    return { noOrder: error }
  }
  /** The refusal's words, and whether the payment is refunded now or will be. */
  const refunded = async (conversion: Conversion): Promise<Conversion> => {
    if (conversion.ok) return conversion
    const made = recorded === null ? null : await reverse(deps, recorded)
    const given = made === null || made.refunded ? (made?.refunded && made.voided ? VOIDED : REFUNDED) : TO_BE_REFUNDED
    // The cart's words for stock that is gone stand alone; the others say what became of the money.
    if (conversion.error === CART_ERRORS.quantityNotAvailable) return conversion
    return { ok: false, error: `${conversion.error} ${given}` }
  }
  const locked = async (trx: Db) => {
    const p = await repo.lockPending(trx, pendingId)
    if (!p) throw notFound('pending order')
    return p
  }
  let paying: LockedPending | null = null
  try {
    // The payment's order carries the payment's own key: the same result again finds it (ordering's one replay).
    const answer = await placement.placeOrder<string>(deps, {
      buyer: { userId: owner.user_id, accountId: owner.account_id },
      key: orderKeyOf(pendingId),
      payment: 'card',
      async replayed(trx, orderId) {
        // The same result again answers the order; another approval of the same reference is a second charge.
        const p = await locked(trx)
        if (transactionId === null || transactionId === p.transaction_id) return placement.placedOrder(trx, p.account_id, orderId)
        return refund(trx, p, 'paid_twice', ALREADY_PAID)
      },
      async prepare(trx) {
        const p = (paying = await locked(trx))
        if (p.status === 'superseded') return refund(trx, p, 'superseded', SUPERSEDED)
        // A payment of an order waiting for approval makes its order only while the approval still waits.
        if (p.approval_id !== null && !(await approvals.stillAwaiting(trx, p.account_id, p.approval_id)))
          return refund(trx, p, 'approval_decided', APPROVAL_DECIDED)
        // A payment of quoted prices makes the quote's one order, unless another order took the quote meanwhile.
        if (p.quote_id !== null && !(await placement.quoteUnordered(trx, p.account_id, p.quote_id))) return refund(trx, p, 'quote_ordered', QUOTE_ORDERED)
        const details = PendingOrderDetails.parse(p.order_details)
        return {
          buyer: {
            userId: p.user_id,
            accountId: p.account_id,
            isCash: isCashSale(p.sales_category),
            name: p.user_name,
            email: p.user_email,
            accountName: p.account_name,
          },
          branch: p.location_id,
          siteCode: details.siteCode ?? null,
          form: formOf(details),
          lines: PendingLines.parse(p.lines),
          paymentReference: `${p.provider} ${p.reference}${transactionId ? ` txn ${transactionId}` : ''}`,
          pendingId: p.id,
          // An approval's payment is not made of the payer's cart: their cart stays as it is.
          keepsCart: p.approval_id !== null,
          quoteId: p.quote_id,
        }
      },
      async placed(trx, order) {
        await repo.markCompleted(trx, pendingId, order.OrderID, transactionId)
        await placement.releaseHolds(trx, [pendingId])
        const p = paying!
        if (p.approval_id !== null) await approvals.paidByCard(trx, deps, p.approval_id, { userId: p.user_id, name: p.user_name }, order)
        counted = p.provider
      },
    })
    if (counted) metrics.payment(counted, 'approved')
    return await refunded(placement.isNoOrder(answer) ? { ok: false, error: answer.noOrder } : { ok: true, order: answer })
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'quantity_not_available')) throw err
    const failed = await db.transaction().execute(async (trx): Promise<Conversion> => {
      await placement.lockCart(trx, owner.user_id)
      const p = await repo.lockPending(trx, pendingId)
      if (!p || p.status === 'completed') return { ok: false, error: CART_ERRORS.quantityNotAvailable }
      await repo.markFailed(trx, p.id, CART_ERRORS.quantityNotAvailable, transactionId)
      await placement.releaseHolds(trx, [p.id])
      return { ok: false, error: (await refund(trx, p, 'sold_out', CART_ERRORS.quantityNotAvailable)).noOrder }
    })
    if (counted) metrics.payment(counted, 'approved')
    return refunded(failed)
  }
}

/** An approval that made no order (or paid no invoice), recorded for refund (card_refunds). */
export interface Refund {
  id: number
  p: Refundable
  reason: RefundReason
  transactionId: string | null
}

/**
 * Refunds an approval that made no order through its provider, at once (decision 0071): SecurePay's XML API
 * refunds the payment's transaction in full. Records how it went with the refund, and tells the customer (and,
 * when the portal could not refund it, the distributor, who must). True when refunded; false when staff must.
 * A Mastercard Gateway payment is refunded by hand for now: its refund is recorded and staff are told.
 */
export async function reverse({ db, config, transport }: PaymentDeps, r: Refund): Promise<securepay.RefundOutcome> {
  const settings = config.payments.securepay
  const gateway = config.payments.mpgs
  let outcome: securepay.RefundOutcome
  if (!r.transactionId) outcome = { refunded: false, reason: 'The provider gave no transaction to refund.' }
  else if (r.p.provider === 'mpgs' && gateway) {
    // An authorisation is voided (the card is never charged); money already captured is refunded (decision 0071).
    try {
      outcome = mpgs.isCapture(r.transactionId)
        ? { refunded: true, transactionId: await mpgs.refund(gateway, transport, r.p.reference, securepay.amountOf(r.p.amount_cents)) }
        : { refunded: true, transactionId: await mpgs.voidAuthorization(gateway, transport, r.p.reference, r.transactionId), voided: true }
    } catch (err) {
      if (!(err instanceof mpgs.GatewayError)) throw err
      outcome = { refunded: false, reason: err.message }
    }
  } else if (r.p.provider !== 'securepay' || !settings) outcome = { refunded: false, reason: 'Refunds through this provider are made by hand.' }
  else {
    try {
      const message = securepay.refundMessage(settings, {
        messageId: `refund-${r.id}`,
        referenceId: r.p.reference,
        amountCents: r.p.amount_cents,
        transactionId: r.transactionId,
        now: new Date(),
      })
      const res = await transport(securepay.refundUrlOf(settings), { method: 'POST', headers: { 'content-type': 'text/xml' }, body: message })
      outcome = res.status === 200 ? securepay.refundOutcome(await res.text()) : { refunded: false, reason: `The provider answered HTTP ${res.status}.` }
    } catch (err) {
      outcome = { refunded: false, reason: `The provider could not be reached (${(err as Error).message}).` }
    }
  }
  await db.transaction().execute(async (trx) => {
    await repo.settleRefund(trx, r.id, outcome)
    await refundNotice(trx, config, r, outcome)
  })
  return outcome
}

/**
 * Tells the customer what became of a payment that made no order: refunded in full by the portal, or to be refunded;
 * and in the second case tells the distributor to refund it by hand, and why the portal could not.
 */
async function refundNotice(trx: Db, config: Config, r: Refund, outcome: securepay.RefundOutcome) {
  const { p, transactionId } = r
  const amount = `$${pdfMoney(p.amount_cents)}`
  const why = REFUND_REASONS[r.reason]
  if (!outcome.refunded) {
    await enqueueMail(trx, {
      to: config.distributor.email,
      subject: `Refund needed: card payment ${p.reference} for ${p.account_name}`,
      text: [
        `A card payment of ${amount} (reference ${p.reference}${transactionId ? `, transaction ${transactionId}` : ''}, provider ${p.provider}) was approved for ${p.account_name},`,
        why.distributor(p),
        '',
        `The portal could not refund it: ${outcome.reason}`,
        'Please refund the payment and contact the customer.',
        `Customer: ${p.user_name} <${p.user_email}>`,
      ].join('\n'),
    })
  }
  await enqueueMail(trx, {
    to: p.user_email,
    subject: !outcome.refunded
      ? `Your payment ${p.reference} will be refunded`
      : outcome.voided
        ? `Your payment ${p.reference} was cancelled`
        : `Your payment ${p.reference} has been refunded`,
    text: [
      `Hi ${p.user_name},`,
      '',
      `Your card payment of ${amount} was approved, but ${why.customer}`,
      !outcome.refunded
        ? `We will refund the ${amount} in full and be in touch. Reference: ${p.reference}.`
        : outcome.voided
          ? `We have cancelled the payment: your card is not charged, and the ${amount} your bank set aside for it is released. Reference: ${p.reference}.`
          : `We have refunded the ${amount} in full (refund ${outcome.transactionId}); your bank shows it within a few working days. Reference: ${p.reference}.`,
      '',
      config.distributor.name,
      config.distributor.phone,
    ].join('\n'),
  })
}

/** Claims the payment for its capture under the cart's lock, the lock a new payment of the cart takes to replace it. */
async function claimForCapture(db: Db, userId: number, pendingId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await placement.lockCart(trx, userId)
    return repo.claimForCapture(trx, pendingId)
  })
}

/** A declined card: the pending order says why and lets go of its units (a new attempt holds them again). */
async function decline(db: Db, pendingId: string, reason: string, transactionId: string | null) {
  await db.transaction().execute(async (trx) => {
    await repo.markFailed(trx, pendingId, reason, transactionId)
    await placement.releaseHolds(trx, [pendingId])
  })
}

const checkoutError = (error: string, id?: string) => `/checkout?${new URLSearchParams({ error, ...(id ? { id } : {}) }).toString()}`

export interface CallbackOutcome {
  redirect: string
  /** Why a result was not believed, for the log. */
  rejected?: string
}

/**
 * SecurePay's result (GET with EPS_REDIRECT=TRUE, or a POST): believed only when it names our merchant and
 * reference, carries a genuine fingerprint over the amount we sent and is within the request's hour. An
 * approval turns the pending order into an order once; a decline sends the user back to the checkout form.
 */
export async function callback(deps: PaymentDeps, result: SecurePayResult, now = new Date()): Promise<CallbackOutcome> {
  const settings = deps.config.payments.securepay
  const p = settings && result.refid ? await repo.findPendingByReference(deps.db, result.refid) : undefined
  if (!settings || !p || p.provider !== 'securepay' || !p.provider_timestamp) {
    return { redirect: checkoutError(UNVERIFIED), rejected: 'unknown reference' }
  }
  const check = securepay.checkResult(settings, { referenceId: p.reference, amountCents: p.amount_cents, timestamp: p.provider_timestamp }, result, now)
  if (!check.valid) return { redirect: checkoutError(UNVERIFIED, p.id), rejected: check.reason }
  if (!check.approved) {
    await decline(deps.db, p.id, check.responseText, check.transactionId)
    deps.metrics.payment('securepay', 'declined')
    return { redirect: checkoutError(check.responseText, p.id) }
  }
  const converted = await convert(deps, p.id, check.transactionId)
  if (!converted.ok) return { redirect: checkoutError(converted.error, p.id) }
  return { redirect: `/orders?${new URLSearchParams({ approved: converted.order.SalesOrder }).toString()}` }
}

export function mpgsSettings(config: Config) {
  const settings = config.payments.mpgs
  if (!settings) throw new AppError(422, 'payments_unavailable', UNAVAILABLE)
  return settings
}

/** Mastercard Gateway: opens a hosted checkout session for one of the account's pending orders. */
export async function startSession(
  { db, config, transport }: PaymentDeps,
  session: Session,
  orderId: string,
  pageOrigin?: string | null,
): Promise<PaymentSession> {
  placement.refuseResellers(session)
  const settings = mpgsSettings(config)
  const p = await repo.findPending(db, session.accountId, orderId)
  if (!p) throw notFound('pending order')
  if (p.status === 'completed') throw conflict('already_paid', 'This order has already been paid.')
  if (p.status === 'superseded') throw conflict('payment_superseded', 'This payment was replaced by a newer one for the same cart. Start the payment again.')
  const opened = await openGatewaySession({ config, transport }, settings, {
    reference: p.reference,
    amountCents: p.amount_cents,
    description: `${config.distributor.name} web order ${p.reference}`,
    backPath: `/card-payment?id=${encodeURIComponent(p.id)}`,
    pageOrigin,
  })
  await repo.setSession(db, p.id, opened.sessionId, opened.successIndicator)
  return { sessionId: opened.sessionId, checkoutScript: forBrowser(mpgs.checkoutScriptUrl(settings), config, pageOrigin) }
}

/**
 * Opens the Mastercard Gateway's hosted checkout for a stored payment (a card order's or a payment of invoices): the
 * amount is the stored one, and the gateway sends the browser back to `backPath` on the page's own origin when the
 * gateway is the local sandbox (decision 0026), else on the public address. A gateway that cannot be reached is a 422.
 */
export async function openGatewaySession(
  { config, transport }: Pick<PaymentDeps, 'config' | 'transport'>,
  settings: ReturnType<typeof mpgsSettings>,
  payment: { reference: string; amountCents: number; description: string; backPath: string; pageOrigin?: string | null },
): Promise<mpgs.CheckoutSession> {
  const local = isLocal(settings.host + '/', config)
  const back = `${local && payment.pageOrigin ? payment.pageOrigin : config.publicUrl}${payment.backPath}`
  try {
    return await mpgs.initiateCheckout(settings, transport, {
      orderId: payment.reference,
      amount: securepay.amountOf(payment.amountCents),
      description: payment.description,
      merchantName: config.distributor.name,
      returnUrl: back,
      cancelUrl: `${back}&cancelled=1`,
    })
  } catch (err) {
    if (err instanceof mpgs.GatewayError) throw new AppError(422, 'gateway_unavailable', err.message)
    throw err
  }
}

/**
 * The Mastercard Gateway's record of a stored payment whose browser reported `resultIndicator`, believed only when it
 * shows the payment authorised or captured, the indicator equals the successIndicator kept with the payment
 * (constant time), and the amount is the stored one in AUD. A payment the gateway did not approve is declined
 * (`decline`, then 422); the others answer 422 without changing anything. Card orders and payments of invoices.
 */
export async function verifiedGatewayOrder(
  deps: PaymentDeps,
  settings: ReturnType<typeof mpgsSettings>,
  p: { reference: string; success_indicator: string | null; amount_cents: number },
  resultIndicator: string,
  on: { decline: (reason: string, transactionId: string | null) => Promise<void>; mismatch: string },
): Promise<{ order: mpgs.GatewayOrder; authorized: boolean; captured: boolean }> {
  const indicated = mpgs.indicatorsMatch(p.success_indicator, resultIndicator)
  let order: mpgs.GatewayOrder
  try {
    order = await mpgs.retrieveOrder(settings, deps.transport, p.reference)
  } catch (err) {
    if (!(err instanceof mpgs.GatewayError)) throw err
    throw new AppError(422, indicated ? 'gateway_unavailable' : 'payment_not_approved', indicated ? err.message : mpgs.gatewayCodeText(null))
  }
  const authorized = order.result === 'SUCCESS' && order.status === 'AUTHORIZED' && order.authorizationId !== null
  const captured = order.result === 'SUCCESS' && order.status === 'CAPTURED'
  if (!authorized && !captured) {
    const reason = mpgs.gatewayCodeText(order.gatewayCode)
    await on.decline(reason, order.transactionId)
    deps.metrics.payment('mpgs', 'declined')
    throw new AppError(422, 'payment_not_approved', reason)
  }
  if (!indicated) throw new AppError(422, 'payment_not_verified', UNVERIFIED)
  if (order.amountCents !== p.amount_cents || order.currency !== 'AUD') throw new AppError(422, 'payment_amount_mismatch', on.mismatch)
  return { order, authorized, captured }
}

/**
 * Mastercard Gateway: the browser reports the result. Believed only when the resultIndicator equals the
 * successIndicator kept with the pending order (constant time) and the gateway's own record of the order
 * shows it authorised for the same amount in AUD; then the pending order becomes an order, once, and the
 * authorisation is captured inside the order's transaction (no capture, no order). An authorisation that makes
 * no order is voided (decision 0071). A session opened to pay outright (before authorising) is taken as paid.
 */
export async function complete(deps: PaymentDeps, session: Session, body: CompletePaymentBody): Promise<PaymentResult> {
  placement.refuseResellers(session)
  const settings = mpgsSettings(deps.config)
  const p = await repo.findPendingBySession(deps.db, session.accountId, body.sessionID)
  if (!p) throw notFound('payment session')
  if (p.status === 'completed' && p.order_id !== null)
    return { approved: true, orderId: p.id, order: await placement.placedOrder(deps.db, p.account_id, p.order_id) }
  const { order, authorized } = await verifiedGatewayOrder(deps, settings, p, body.resultIndicator, {
    decline: (reason, transactionId) => decline(deps.db, p.id, reason, transactionId),
    mismatch: 'The amount paid does not match the order. Please contact us before trying again',
  })
  let transactionId = order.transactionId
  if (authorized && (await claimForCapture(deps.db, p.user_id, p.id))) {
    // Claimed (nothing replaces it now): the money is taken, then the order made of exactly what was paid. A payment
    // that cannot become the order (replaced, paid already) is not claimed, and convert voids its authorisation.
    try {
      transactionId = await mpgs.capture(settings, deps.transport, p.reference, securepay.amountOf(p.amount_cents))
    } catch (err) {
      if (!(err instanceof mpgs.GatewayError)) throw err
      await mpgs.voidAuthorization(settings, deps.transport, p.reference, order.authorizationId!).catch(() => undefined)
      await decline(deps.db, p.id, err.message, order.authorizationId)
      throw new AppError(422, 'payment_not_captured', `${err.message.replace(/\.$/, '')}. No order was made, and your card was not charged.`)
    }
  } else if (authorized) transactionId = order.authorizationId
  const converted = await convert(deps, p.id, transactionId)
  if (!converted.ok) throw conflict(converted.error === CART_ERRORS.quantityNotAvailable ? 'quantity_not_available' : 'payment_not_ordered', converted.error)
  return { approved: true, orderId: p.id, order: converted.order }
}
