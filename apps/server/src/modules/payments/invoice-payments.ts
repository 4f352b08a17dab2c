import type { CreateInvoicePaymentBody, CreateInvoicePaymentResponse, InvoicePayment, OpenInvoices } from '@portal/contract/invoice-payments'
import type { CompletePaymentBody, PaymentSession, SecurePayResult } from '@portal/contract/payments'
import { randomBytes, randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Deps, Session } from '../../lib/context'
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors'
import { dollars } from '../../lib/money'
import { pdfMoney } from '../../lib/pdf-document'
import { enqueueMail } from '../mail/outbox'
import * as repo from './invoice-payments-repo'
import * as mpgs from './mpgs'
import { receiptPdf } from './receipt'
import * as securepay from './securepay'
import {
  createResponse,
  forBrowser,
  mpgsSettings,
  openGatewaySession,
  verifiedGatewayOrder,
  reverse,
  UNAVAILABLE,
  UNVERIFIED,
  type CallbackOutcome,
  type PaymentDeps,
  type Refund,
  type RefundReason,
} from './service'

/**
 * Card payments of invoices (decision 0090): a second kind of thing the card form pays, through the same providers,
 * fields, fingerprints, sessions and refunds as a card order (service.ts). The payer chooses how much of which open
 * invoices; the server checks every amount against what is open and signs the total it stored. Once the provider
 * approves it, the money is applied to the invoices (the database refuses more than is open on each), a receipt is
 * e-mailed, and the ERP collects it (GET /api/erp/payments).
 */

type Db = Deps['db']

const Allocations = z.array(z.object({ invoiceId: z.number().int(), amountCents: z.number().int().positive() }))

/** Invoice payment references start with P (card orders' with W): the one result URL tells them apart. */
const newReference = () => `P${randomBytes(6).toString('hex').toUpperCase()}`
export const isInvoicePaymentReference = (reference: string | undefined) => reference !== undefined && /^P[0-9A-F]{12}$/.test(reference)

const NOT_ALLOWED = 'Paying invoices online is for your Administrator and the users they allow. Ask your Administrator to allow you.'
const REPLACED = 'This payment was replaced by a newer payment of your invoices, so it was not applied.'
const SETTLED = 'Your invoices no longer have that much owing (they were paid in the meantime), so this payment was not applied.'
const ALREADY_APPLIED = 'This payment had already been made, so this second approval was not applied.'

async function requirePayer(db: Db, session: Session) {
  if (!(await repo.canPayInvoices(db, session.userId))) throw forbidden(NOT_ALLOWED)
}

/** GET /api/invoice-payments/open: the account's invoices with money owing, and whether this user may pay them. */
export async function openInvoices({ db }: Deps, session: Session): Promise<OpenInvoices> {
  const [rows, canPay] = await Promise.all([repo.openInvoices(db, session.accountId), repo.canPayInvoices(db, session.userId)])
  return {
    canPay,
    invoices: rows.map((r) => ({
      InvoiceID: r.id,
      Invoice: r.invoice,
      InvoiceDate: r.invoice_date,
      DueDate: r.due_date,
      CustomerPurchaseOrder: r.customer_purchase_order,
      Amount: dollars(Number(r.extended_inc_cents)),
      Open: dollars(Number(r.open_cents)),
    })),
  }
}

const cents = (amount: number) => Math.round(amount * 100)

type PaymentRow = NonNullable<Awaited<ReturnType<typeof repo.findPayment>>>

function answer(
  config: Deps['config'],
  p: Pick<PaymentRow, 'id' | 'reference' | 'amount_cents' | 'provider' | 'provider_timestamp'>,
  pageOrigin: string | null | undefined,
) {
  const { formData } = createResponse(config, p, pageOrigin)
  return { paymentId: p.id, reference: p.reference, amount: dollars(p.amount_cents), formData }
}

/**
 * POST /api/invoice-payments: stores a payment of the chosen invoices, each amount at most what is open on it and
 * the total their sum, and answers the card form's fields for that total. A user has one live payment of invoices:
 * a new one replaces the older (its form can no longer be charged, decision 0070's check; an approval of it anyway is
 * refunded). The same Idempotency-Key answers the same payment.
 */
export async function create(
  { db, config }: Deps,
  session: Session,
  body: CreateInvoicePaymentBody,
  idempotencyKey: string | undefined,
  pageOrigin?: string | null,
): Promise<CreateInvoicePaymentResponse> {
  await requirePayer(db, session)
  const provider = config.payments.provider
  if (!config.payments[provider]) throw new AppError(422, 'payments_unavailable', UNAVAILABLE)
  const key = idempotencyKey ?? null
  if (key) {
    const existing = await repo.findByKey(db, session.userId, key)
    if (existing) return answer(config, existing, pageOrigin)
  }
  const open = new Map(
    (
      await repo.openOf(
        db,
        session.accountId,
        body.invoices.map((i) => i.InvoiceID),
      )
    ).map((r) => [r.id, r]),
  )
  const allocations = body.invoices.map((chosen, index) => {
    const invoice = open.get(chosen.InvoiceID)
    if (!invoice) throw notFound('invoice')
    const owing = Number(invoice.open_cents)
    const wanted = cents(chosen.Amount)
    if (owing <= 0) throw badRequest('invoice_paid', `Invoice ${invoice.invoice} has nothing owing.`, `invoices.${index}.Amount`)
    if (wanted > owing) {
      throw badRequest('more_than_owing', `Invoice ${invoice.invoice} has $${pdfMoney(owing)} owing. Pay at most that.`, `invoices.${index}.Amount`)
    }
    return { invoiceId: invoice.id, amountCents: wanted }
  })
  const total = allocations.reduce((sum, a) => sum + a.amountCents, 0)
  if (cents(body.amount) !== total) {
    throw badRequest('amount_mismatch', `The amount to pay does not add up: the invoices chosen come to $${pdfMoney(total)}.`, 'amount')
  }
  try {
    const payment = await db.transaction().execute(async (trx) => {
      const live = await repo.livePaymentsOfUser(trx, session.userId)
      if (live.some((p) => p.status === 'capturing')) {
        throw conflict('payment_in_progress', 'A card payment of your invoices is being completed. Look at your invoices in a moment before paying again.')
      }
      // The same invoices and amounts again (a second tab, a double click) answer the live payment.
      const same = live.find(
        (p) => p.status === 'pending' && p.provider === provider && p.amount_cents === total && JSON.stringify(p.allocations) === JSON.stringify(allocations),
      )
      if (same) return same
      await repo.markSuperseded(
        trx,
        live.map((p) => p.id),
      )
      const created = {
        id: randomUUID(),
        reference: newReference(),
        accountId: session.accountId,
        userId: session.userId,
        payerName: session.name,
        payerEmail: session.email,
        amountCents: total,
        allocations,
        provider,
        providerTimestamp: provider === 'securepay' ? securepay.timestampOf(new Date()) : null,
        idempotencyKey: key,
      }
      await repo.insertPayment(trx, created)
      return { id: created.id, reference: created.reference, amount_cents: total, provider, provider_timestamp: created.providerTimestamp }
    })
    return answer(config, payment, pageOrigin)
  } catch (err) {
    if (key && (err as { code?: string }).code === '23505') {
      const existing = await repo.findByKey(db, session.userId, key)
      if (existing) return answer(config, existing, pageOrigin)
    }
    throw err
  }
}

/** What the screens show of a payment: pending, completed or failed (a replaced payment reads as failed, with why). */
async function shown(db: Db, p: PaymentRow): Promise<InvoicePayment> {
  const allocations = Allocations.parse(p.allocations)
  const numbers = new Map(
    (
      await repo.invoicesOf(
        db,
        p.account_id,
        allocations.map((a) => a.invoiceId),
      )
    ).map((i) => [i.id, i.invoice]),
  )
  return {
    paymentId: p.id,
    reference: p.reference,
    status: p.status === 'superseded' ? 'failed' : p.status === 'capturing' ? 'pending' : p.status,
    amount: dollars(p.amount_cents),
    error: p.status === 'superseded' ? REPLACED : p.last_error,
    paidAt: p.completed_at ? localDay(p.completed_at) : null,
    paidBy: p.payer_name,
    invoices: allocations.map((a) => ({ InvoiceID: a.invoiceId, Invoice: numbers.get(a.invoiceId) ?? '', Amount: dollars(a.amountCents) })),
  }
}

const pad = (n: number) => String(n).padStart(2, '0')
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`

/** GET /api/invoice-payments/{id}: one of the account's payments of invoices. */
export async function status({ db }: Deps, session: Session, id: string): Promise<InvoicePayment> {
  const p = await repo.findPayment(db, session.accountId, id)
  if (!p) throw notFound('invoice payment')
  return shown(db, p)
}

async function renderReceipt(db: Db, config: Deps['config'], p: PaymentRow & { account_name: string; account_code: string }) {
  const payment = await shown(db, p)
  return receiptPdf(config, {
    reference: p.reference,
    paidOn: payment.paidAt ?? localDay(new Date()),
    paidBy: p.payer_name,
    account: { code: p.account_code, name: p.account_name },
    provider: p.provider,
    transactionId: p.transaction_id,
    invoices: payment.invoices.map((i) => ({ invoice: i.Invoice, amountCents: cents(i.Amount) })),
    amountCents: p.amount_cents,
  })
}

/** GET /api/invoice-payments/{id}/receipt: the receipt of a completed payment as a PDF. */
export async function receipt({ db, config }: Deps, session: Session, id: string): Promise<{ reference: string; pdf: Uint8Array }> {
  const found = await repo.findPayment(db, session.accountId, id)
  if (!found) throw notFound('invoice payment')
  if (found.status !== 'completed') throw conflict('not_paid', 'This payment has not been made, so it has no receipt.')
  const p = await db.transaction().execute((trx) => repo.lockPayment(trx, id))
  return { reference: found.reference, pdf: await renderReceipt(db, config, p!) }
}

/** `replayed`: the payment had been applied already (the same result again), so nothing happened now. */
type Applied = { ok: true; reference: string; replayed?: true } | { ok: false; error: string }
type Locked = NonNullable<Awaited<ReturnType<typeof repo.lockPayment>>>

const isOverOpen = (err: unknown) => {
  const e = err as { code?: string; constraint?: string; message?: string }
  return e.code === '23514' && (e.constraint === 'invoice_payment_allocations_within_open' || /cannot be allocated/.test(e.message ?? ''))
}

const refundable = (p: Locked) => ({
  reference: p.reference,
  amount_cents: p.amount_cents,
  provider: p.provider,
  account_name: p.account_name,
  user_name: p.payer_name,
  user_email: p.payer_email,
  location_id: '',
})

/**
 * Applies an approved payment to its invoices, once: the payment's row is locked, a completed one answers itself (a
 * replayed result), and the allocations are written under the invoices' locks (the trigger refuses more than is
 * open). `claim` (Mastercard Gateway) allocates and marks the payment capturing, to be completed after the capture;
 * otherwise it is completed at once with its receipt e-mailed. An approval that cannot be applied (a replaced payment,
 * invoices paid meanwhile, a second approval of a paid reference) is recorded and refunded through the provider.
 */
async function apply(deps: PaymentDeps, paymentId: string, transactionId: string | null, claim = false): Promise<Applied> {
  let recorded: Refund | null = null
  const refund = async (trx: Db, p: Locked, reason: RefundReason, error: string): Promise<Applied> => {
    const id = await repo.insertRefund(trx, { paymentId: p.id, transactionId, amountCents: p.amount_cents, reason })
    if (id !== undefined) recorded = { id, p: refundable(p), reason, transactionId }
    return { ok: false, error }
  }
  const locked = async (trx: Db) => {
    const p = await repo.lockPayment(trx, paymentId)
    if (!p) throw notFound('invoice payment')
    return p
  }
  let applied: Applied
  // The account whose invoices this call allocated the payment to: its history is read afresh here at once (other
  // instances hear of it from the database's notification).
  let allocatedFor: number | null = null
  try {
    applied = await deps.db.transaction().execute(async (trx): Promise<Applied> => {
      const p = await locked(trx)
      if (p.status === 'completed') {
        if (transactionId === null || transactionId === p.transaction_id) return { ok: true, reference: p.reference, replayed: true }
        return refund(trx, p, 'paid_twice', ALREADY_APPLIED)
      }
      if (p.status === 'superseded') return refund(trx, p, 'invoice_payment_replaced', REPLACED)
      if (p.status !== 'capturing') {
        await repo.insertAllocations(trx, p.id, p.account_id, Allocations.parse(p.allocations))
        allocatedFor = p.account_id
      }
      if (claim) {
        await repo.setStatus(trx, p.id, 'capturing', { transactionId })
        return { ok: true, reference: p.reference }
      }
      await repo.setStatus(trx, p.id, 'completed', { transactionId })
      await sendReceipt(trx, deps.config, { ...p, status: 'completed', transaction_id: transactionId, completed_at: new Date() })
      return { ok: true, reference: p.reference }
    })
  } catch (err) {
    if (!isOverOpen(err)) throw err
    applied = await deps.db.transaction().execute(async (trx): Promise<Applied> => {
      const p = await locked(trx)
      await repo.setStatus(trx, p.id, 'failed', { transactionId, error: SETTLED })
      return refund(trx, p, 'invoices_settled', SETTLED)
    })
  }
  if (allocatedFor !== null) await deps.inMemory.heard()
  if (applied.ok || recorded === null) return applied
  const made = await reverse(deps, recorded)
  return {
    ok: false,
    error: `${applied.error} ${made.refunded ? (made.voided ? 'Your card was not charged.' : 'It has been refunded in full.') : 'It will be refunded.'}`,
  }
}

/** The receipt e-mail with its PDF, through the outbox, in the transaction that completed the payment. */
async function sendReceipt(trx: Db, config: Deps['config'], p: Locked) {
  const pdf = await renderReceipt(trx, config, p)
  const payment = await shown(trx, p)
  const { distributor } = config
  await enqueueMail(trx, {
    to: p.payer_email,
    subject: `Receipt ${p.reference}: your payment of $${pdfMoney(p.amount_cents)} to ${distributor.name}`,
    text: [
      `Hi ${p.payer_name},`,
      '',
      `Thank you for your card payment of $${pdfMoney(p.amount_cents)} for ${p.account_name}. It was applied to:`,
      ...payment.invoices.map((i) => `  ${i.Invoice}  $${pdfMoney(cents(i.Amount))}`),
      '',
      `Payment reference: ${p.reference}. The receipt is attached as a PDF.`,
      `Your balance shows the payment at once, as a payment not yet processed, until our accounts have taken it in.`,
      '',
      distributor.name,
      distributor.accountsPhone,
    ].join('\n'),
    attachments: [{ filename: `Receipt ${p.reference}.pdf`, contentType: 'application/pdf', content: Buffer.from(pdf).toString('base64') }],
  })
}

const invoicesPage = (params: Record<string, string>) => `/invoices?${new URLSearchParams(params).toString()}`

/** SecurePay's result for a payment of invoices (the result URL hands references starting with P here). */
export async function callback(deps: PaymentDeps, result: SecurePayResult, now = new Date()): Promise<CallbackOutcome> {
  const settings = deps.config.payments.securepay
  const p = settings && result.refid ? await repo.findByReference(deps.db, result.refid) : undefined
  if (!settings || !p || p.provider !== 'securepay' || !p.provider_timestamp) {
    return { redirect: invoicesPage({ error: UNVERIFIED }), rejected: 'unknown reference' }
  }
  const check = securepay.checkResult(settings, { referenceId: p.reference, amountCents: p.amount_cents, timestamp: p.provider_timestamp }, result, now)
  if (!check.valid) return { redirect: invoicesPage({ error: UNVERIFIED, payment: p.id }), rejected: check.reason }
  if (!check.approved) {
    await decline(deps.db, p.id, check.responseText, check.transactionId)
    deps.metrics.payment('securepay', 'declined')
    return { redirect: invoicesPage({ error: check.responseText, payment: p.id }) }
  }
  const applied = await apply(deps, p.id, check.transactionId)
  if (!applied.ok) return { redirect: invoicesPage({ error: applied.error, payment: p.id }) }
  // Counted as a card order's approval is: once, when it is applied (a replayed result is not a second payment).
  if (!applied.replayed) deps.metrics.payment('securepay', 'approved')
  return { redirect: invoicesPage({ paid: p.id }) }
}

async function decline(db: Db, id: string, reason: string, transactionId: string | null) {
  await db.transaction().execute(async (trx) => {
    const p = await repo.lockPayment(trx, id)
    if (p && (p.status === 'pending' || p.status === 'failed')) await repo.setStatus(trx, id, 'failed', { transactionId, error: reason })
  })
}

/** Mastercard Gateway: opens a hosted checkout session for one of the account's payments of invoices. */
export async function startSession(
  { db, config, transport }: PaymentDeps,
  session: Session,
  paymentId: string,
  pageOrigin?: string | null,
): Promise<PaymentSession> {
  await requirePayer(db, session)
  const settings = mpgsSettings(config)
  const p = await repo.findPayment(db, session.accountId, paymentId)
  if (!p) throw notFound('invoice payment')
  if (p.status === 'completed') throw conflict('already_paid', 'This payment has already been made.')
  if (p.status === 'superseded') throw conflict('payment_superseded', REPLACED)
  const opened = await openGatewaySession({ config, transport }, settings, {
    reference: p.reference,
    amountCents: p.amount_cents,
    description: `${config.distributor.name} invoice payment ${p.reference}`,
    backPath: `/invoices?${new URLSearchParams({ payment: p.id }).toString()}`,
    pageOrigin,
  })
  await repo.setSession(db, p.id, opened.sessionId, opened.successIndicator)
  return { sessionId: opened.sessionId, checkoutScript: forBrowser(mpgs.checkoutScriptUrl(settings), config, pageOrigin) }
}

/**
 * Mastercard Gateway: the browser reports the result. As for a card order (service.ts complete): believed only with
 * the session's own indicator and the gateway's record of the payment authorised for the stored amount in AUD. The
 * money is applied to the invoices (claimed) before it is captured; an authorisation that cannot be applied is voided,
 * so the card is never charged for it; a capture the gateway refuses gives the invoices back.
 */
export async function complete(deps: PaymentDeps, session: Session, body: CompletePaymentBody): Promise<InvoicePayment> {
  const settings = mpgsSettings(deps.config)
  const p = await repo.findBySession(deps.db, session.accountId, body.sessionID)
  if (!p) throw notFound('payment session')
  if (p.status === 'completed') return shown(deps.db, p)
  const { order, captured } = await verifiedGatewayOrder(deps, settings, p, body.resultIndicator, {
    decline: (reason, transactionId) => decline(deps.db, p.id, reason, transactionId),
    mismatch: 'The amount paid does not match the payment. Please contact us before trying again',
  })
  if (captured) {
    const applied = await apply(deps, p.id, order.transactionId)
    if (!applied.ok) throw conflict('payment_not_applied', applied.error)
  } else {
    const claimed = await apply(deps, p.id, order.authorizationId, true)
    if (!claimed.ok) throw conflict('payment_not_applied', claimed.error)
    let transactionId: string
    try {
      transactionId = await mpgs.capture(settings, deps.transport, p.reference, securepay.amountOf(p.amount_cents))
    } catch (err) {
      if (!(err instanceof mpgs.GatewayError)) throw err
      await mpgs.voidAuthorization(settings, deps.transport, p.reference, order.authorizationId!).catch(() => undefined)
      await release(deps.db, p.id, err.message)
      throw new AppError(422, 'payment_not_captured', `${err.message.replace(/\.$/, '')}. Your invoices were not paid, and your card was not charged.`)
    }
    await deps.db.transaction().execute(async (trx) => {
      const locked = await repo.lockPayment(trx, p.id)
      if (!locked || locked.status !== 'capturing') return
      await repo.setStatus(trx, p.id, 'completed', { transactionId })
      await sendReceipt(trx, deps.config, { ...locked, status: 'completed', transaction_id: transactionId, completed_at: new Date() })
    })
  }
  deps.metrics.payment('mpgs', 'approved')
  return status(deps, session, p.id)
}

/** A capture the gateway refused: the invoices are given back and the payment fails. */
async function release(db: Db, id: string, reason: string) {
  await db.transaction().execute(async (trx) => {
    await repo.lockPayment(trx, id)
    await repo.deleteAllocations(trx, id)
    await repo.setStatus(trx, id, 'failed', { error: reason })
  })
}
