import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { unprocessedCents } from '../../lib/invoice-open'

type Db = Kysely<DB>

/**
 * What is still open on each invoice, as the trigger invoice_allocation_within_open counts it: the ERP's
 * outstanding amount less the portal's allocations the ERP has not yet taken into it.
 */
const openCents = sql<number>`(invoices.outstanding_cents - ${unprocessedCents})`

/** The account's invoices with money still open, oldest due first. */
export function openInvoices(db: Db, accountId: number) {
  return db
    .selectFrom('invoices')
    .select([
      'invoices.id',
      'invoices.invoice',
      'invoices.invoice_date',
      'invoices.due_date',
      'invoices.customer_purchase_order',
      'invoices.extended_inc_cents',
      openCents.as('open_cents'),
    ])
    .where('invoices.account_id', '=', accountId)
    .where('invoices.outstanding_cents', '>', 0)
    .where(sql<boolean>`${openCents} > 0`)
    .orderBy('invoices.due_date')
    .orderBy('invoices.id')
    .execute()
}

/** The open amounts of these invoices of the account; another account's are not found. */
export function openOf(db: Db, accountId: number, invoiceIds: number[]) {
  return db
    .selectFrom('invoices')
    .select(['invoices.id', 'invoices.invoice', openCents.as('open_cents')])
    .where('invoices.account_id', '=', accountId)
    .where('invoices.id', 'in', invoiceIds)
    .execute()
}

export interface NewInvoicePayment {
  id: string
  reference: string
  accountId: number
  userId: number
  payerName: string
  payerEmail: string
  amountCents: number
  allocations: Array<{ invoiceId: number; amountCents: number }>
  provider: 'securepay' | 'mpgs'
  providerTimestamp: string | null
  idempotencyKey: string | null
}

export async function insertPayment(db: Db, p: NewInvoicePayment) {
  await db
    .insertInto('invoice_payments')
    .values({
      id: p.id,
      reference: p.reference,
      account_id: p.accountId,
      user_id: p.userId,
      payer_name: p.payerName,
      payer_email: p.payerEmail,
      amount_cents: p.amountCents,
      allocations: JSON.stringify(p.allocations),
      provider: p.provider,
      provider_timestamp: p.providerTimestamp,
      idempotency_key: p.idempotencyKey,
    })
    .execute()
}

const columns = [
  'invoice_payments.id',
  'invoice_payments.reference',
  'invoice_payments.account_id',
  'invoice_payments.user_id',
  'invoice_payments.payer_name',
  'invoice_payments.payer_email',
  'invoice_payments.amount_cents',
  'invoice_payments.allocations',
  'invoice_payments.provider',
  'invoice_payments.provider_timestamp',
  'invoice_payments.provider_session',
  'invoice_payments.success_indicator',
  'invoice_payments.status',
  'invoice_payments.last_error',
  'invoice_payments.transaction_id',
  'invoice_payments.completed_at',
] as const

/** One of the account's invoice payments; another account's is not found. */
export function findPayment(db: Db, accountId: number, id: string) {
  return db.selectFrom('invoice_payments').select(columns).where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst()
}

export function findByKey(db: Db, userId: number, key: string) {
  return db.selectFrom('invoice_payments').select(columns).where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst()
}

export function findByReference(db: Db, reference: string) {
  return db.selectFrom('invoice_payments').select(columns).where('reference', '=', reference).executeTakeFirst()
}

export function findBySession(db: Db, accountId: number, sessionId: string) {
  return db.selectFrom('invoice_payments').select(columns).where('account_id', '=', accountId).where('provider_session', '=', sessionId).executeTakeFirst()
}

/** The payment with its account's name, locked until the transaction ends: two deliveries of one result apply it once. */
export function lockPayment(db: Db, id: string) {
  return db
    .selectFrom('invoice_payments')
    .innerJoin('customer_accounts', 'customer_accounts.id', 'invoice_payments.account_id')
    .select([...columns, 'customer_accounts.name as account_name', 'customer_accounts.code as account_code'])
    .where('invoice_payments.id', '=', id)
    .forUpdate(['invoice_payments'])
    .executeTakeFirst()
}

/** The user's invoice payments that may still be paid (pending or declined), locked: a new payment replaces them. */
export function livePaymentsOfUser(db: Db, userId: number) {
  return db
    .selectFrom('invoice_payments')
    .select(columns)
    .where('user_id', '=', userId)
    .where(sql<boolean>`status IN ('pending', 'failed', 'capturing')`)
    .orderBy('created_at', 'desc')
    .forUpdate()
    .execute()
}

export async function markSuperseded(db: Db, ids: string[]) {
  if (ids.length === 0) return
  await db
    .updateTable('invoice_payments')
    .set({ status: 'superseded', last_error: 'Replaced by a newer payment.' })
    .where(sql<boolean>`id = ANY(${ids}::uuid[])`)
    .where(sql<boolean>`status IN ('pending', 'failed')`)
    .execute()
}

export async function setSession(db: Db, id: string, sessionId: string, successIndicator: string) {
  await db
    .updateTable('invoice_payments')
    .set({ provider_session: sessionId, success_indicator: successIndicator, last_error: null })
    .where('id', '=', id)
    .execute()
}

/** Applies the payment's money to its invoices; the trigger refuses an allocation over what is open. */
export async function insertAllocations(db: Db, paymentId: string, accountId: number, allocations: Array<{ invoiceId: number; amountCents: number }>) {
  await db
    .insertInto('invoice_payment_allocations')
    .values(allocations.map((a) => ({ payment_id: paymentId, invoice_id: a.invoiceId, account_id: accountId, amount_cents: a.amountCents })))
    .execute()
}

export async function deleteAllocations(db: Db, paymentId: string) {
  await db.deleteFrom('invoice_payment_allocations').where('payment_id', '=', paymentId).execute()
}

export async function setStatus(
  db: Db,
  id: string,
  status: 'capturing' | 'completed' | 'failed',
  changes: { transactionId?: string | null; error?: string | null },
) {
  await db
    .updateTable('invoice_payments')
    .set({
      status,
      ...(changes.transactionId !== undefined ? { transaction_id: changes.transactionId } : {}),
      last_error: changes.error ?? null,
      completed_at: status === 'completed' ? sql<Date>`now()` : null,
    })
    .where('id', '=', id)
    .where('status', '<>', 'completed')
    .execute()
}

/** Claims a pending or declined payment for the capture of its authorisation (Mastercard Gateway). */
export async function claimForCapture(db: Db, id: string): Promise<boolean> {
  const res = await db
    .updateTable('invoice_payments')
    .set({ status: 'capturing' })
    .where('id', '=', id)
    .where(sql<boolean>`status IN ('pending', 'failed')`)
    .executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}

/** The invoices a payment was applied to (or, before it was, meant for), with their numbers. */
export function invoicesOf(db: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([])
  return db.selectFrom('invoices').select(['id', 'invoice']).where('account_id', '=', accountId).where('id', 'in', ids).execute()
}

export async function insertRefund(db: Db, r: { paymentId: string; transactionId: string | null; amountCents: number; reason: string }) {
  const row = await db
    .insertInto('card_refunds')
    .values({ invoice_payment_id: r.paymentId, transaction_id: r.transactionId ?? '', amount_cents: r.amountCents, reason: r.reason })
    .onConflict((oc) => oc.columns(['invoice_payment_id', 'transaction_id']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return row?.id
}

/** Whether the user may pay the account's invoices: an Administrator, or a User allowed to. */
export async function canPayInvoices(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select(['role', 'can_pay_invoices']).where('id', '=', userId).where('active', '=', true).executeTakeFirst()
  return row !== undefined && (row.role === 'Administrator' || row.can_pay_invoices)
}
