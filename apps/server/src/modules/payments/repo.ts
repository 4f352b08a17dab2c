import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB>

export interface NewPendingOrder {
  id: string
  reference: string
  accountId: number
  userId: number
  branch: string
  orderDetails: unknown
  lines: unknown
  amountCents: number
  provider: 'securepay' | 'mpgs'
  providerTimestamp: string | null
  idempotencyKey: string | null
  /** The order waiting for approval it pays, when an approver pays for one. */
  approvalId?: number
  /** The quote whose quoted prices the lines carry (decision 0102). */
  quoteId?: number | null
}

export async function insertPendingOrder(db: Db, p: NewPendingOrder) {
  await db
    .insertInto('pending_orders')
    .values({
      id: p.id,
      reference: p.reference,
      account_id: p.accountId,
      user_id: p.userId,
      location_id: p.branch,
      order_details: JSON.stringify(p.orderDetails),
      lines: JSON.stringify(p.lines),
      amount_cents: p.amountCents,
      provider: p.provider,
      provider_timestamp: p.providerTimestamp,
      idempotency_key: p.idempotencyKey,
      approval_id: p.approvalId ?? null,
      quote_id: p.quoteId ?? null,
    })
    .execute()
}

const pendingColumns = [
  'pending_orders.id',
  'pending_orders.reference',
  'pending_orders.account_id',
  'pending_orders.user_id',
  'pending_orders.location_id',
  'pending_orders.order_details',
  'pending_orders.lines',
  'pending_orders.amount_cents',
  'pending_orders.provider',
  'pending_orders.provider_timestamp',
  'pending_orders.provider_session',
  'pending_orders.success_indicator',
  'pending_orders.status',
  'pending_orders.last_error',
  'pending_orders.order_id',
  'pending_orders.transaction_id',
  'pending_orders.approval_id',
  'pending_orders.quote_id',
] as const

/** One of the account's pending orders; another account's is not found. */
export function findPending(db: Db, accountId: number, id: string) {
  return db
    .selectFrom('pending_orders')
    .leftJoin('orders', 'orders.id', 'pending_orders.order_id')
    .select([...pendingColumns, 'orders.sales_order'])
    .where('pending_orders.id', '=', id)
    .where('pending_orders.account_id', '=', accountId)
    .executeTakeFirst()
}

/** The pending payment this user created with this idempotency key (a key is its sender's alone). */
export function findPendingByKey(db: Db, userId: number, key: string) {
  return db.selectFrom('pending_orders').select(pendingColumns).where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst()
}

export function findPendingBySession(db: Db, accountId: number, sessionId: string) {
  return db.selectFrom('pending_orders').select(pendingColumns).where('account_id', '=', accountId).where('provider_session', '=', sessionId).executeTakeFirst()
}

export function findPendingByReference(db: Db, reference: string) {
  return db.selectFrom('pending_orders').select(pendingColumns).where('reference', '=', reference).executeTakeFirst()
}

/**
 * A pending order with the user and account it is for, locked until the transaction ends, so that two
 * deliveries of the same payment result turn it into an order once.
 */
export function lockPending(db: Db, id: string) {
  return db
    .selectFrom('pending_orders')
    .innerJoin('users', 'users.id', 'pending_orders.user_id')
    .innerJoin('customer_accounts', 'customer_accounts.id', 'pending_orders.account_id')
    .select([
      ...pendingColumns,
      'users.name as user_name',
      'users.email as user_email',
      'customer_accounts.name as account_name',
      'customer_accounts.sales_category',
    ])
    .where('pending_orders.id', '=', id)
    .forUpdate(['pending_orders'])
    .executeTakeFirst()
}

export async function setSession(db: Db, id: string, sessionId: string, successIndicator: string) {
  await db
    .updateTable('pending_orders')
    .set({ provider: 'mpgs', provider_session: sessionId, success_indicator: successIndicator, last_error: null })
    .where('id', '=', id)
    .execute()
}

export async function markCompleted(db: Db, id: string, orderId: number, transactionId: string | null) {
  await db
    .updateTable('pending_orders')
    .set({ status: 'completed', order_id: orderId, transaction_id: transactionId, completed_at: new Date(), last_error: null })
    .where('id', '=', id)
    .execute()
}

/** A failed attempt; a pending order that has become an order stays completed. */
export async function markFailed(db: Db, id: string, error: string, transactionId: string | null) {
  await db
    .updateTable('pending_orders')
    .set({ status: 'failed', last_error: error, transaction_id: transactionId })
    .where('id', '=', id)
    .where('status', '<>', 'completed')
    .execute()
}

/** Who a pending order is for (read without locking, to take the cart's lock before the pending row's). */
export function ownerOf(db: Db, id: string) {
  return db.selectFrom('pending_orders').select(['user_id', 'account_id']).where('id', '=', id).executeTakeFirst()
}

/** The user's payments that may still become an order (pending or declined), newest first, and whether each still holds its units. */
export function livePendingOfUser(db: Db, userId: number) {
  return (
    db
      .selectFrom('pending_orders')
      .select([
        ...pendingColumns,
        sql<boolean>`EXISTS (SELECT 1 FROM stock_holds h WHERE h.pending_order_id = pending_orders.id AND h.expires_at > now())`.as('held'),
      ])
      .where('user_id', '=', userId)
      // A payment of an order waiting for approval is not the payer's cart's: their own checkout leaves it be.
      .where('approval_id', 'is', null)
      .where(sql<boolean>`status IN ('pending', 'failed')`)
      .orderBy('created_at', 'desc')
      .forUpdate()
      .execute()
  )
}

/** The payments started for an order waiting for approval that could still be paid, locked: a new one replaces them. */
export async function livePendingOfApproval(db: Db, approvalId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('pending_orders')
    .select('id')
    .where('approval_id', '=', approvalId)
    .where(sql<boolean>`status IN ('pending', 'failed')`)
    .forUpdate()
    .execute()
  return rows.map((r) => r.id)
}

/**
 * Claims a pending or declined payment for the capture of its authorisation (Mastercard Gateway): `capturing`
 * until the order is made or the capture refused; nothing replaces it meanwhile. True when this call claimed it.
 */
export async function claimForCapture(db: Db, id: string): Promise<boolean> {
  const res = await db
    .updateTable('pending_orders')
    .set({ status: 'capturing' })
    .where('id', '=', id)
    .where(sql<boolean>`status IN ('pending', 'failed')`)
    .executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}

/** Whether the user has a payment whose money is being taken right now (claimForCapture). */
export async function capturingOfUser(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('pending_orders').select('id').where('user_id', '=', userId).where('status', '=', 'capturing').executeTakeFirst()
  return row !== undefined
}

/** Payments replaced by a newer one for the same cart: none of them can become an order any more. */
export async function markSuperseded(db: Db, ids: string[]) {
  if (ids.length === 0) return
  await db
    .updateTable('pending_orders')
    .set({ status: 'superseded', last_error: 'Replaced by a newer payment for the same cart.' })
    .where(sql<boolean>`id = ANY(${ids}::uuid[])`)
    .where(sql<boolean>`status IN ('pending', 'failed')`)
    .execute()
}

/** Records an approved payment that made no order, to refund; false when this transaction was recorded already. */
/** Records an approval to refund; its id, or undefined when this approval was recorded already (a replayed result). */
export async function insertRefund(
  db: Db,
  r: { pendingId: string; transactionId: string | null; amountCents: number; reason: string },
): Promise<number | undefined> {
  const row = await db
    .insertInto('card_refunds')
    .values({ pending_order_id: r.pendingId, transaction_id: r.transactionId ?? '', amount_cents: r.amountCents, reason: r.reason })
    .onConflict((oc) => oc.columns(['pending_order_id', 'transaction_id']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return row?.id
}

/** What became of a recorded refund: made by the provider (its transaction), or failed (why: staff refund it). */
export async function settleRefund(db: Db, id: number, outcome: { refunded: true; transactionId: string } | { refunded: false; reason: string }) {
  await db
    .updateTable('card_refunds')
    .set(
      outcome.refunded
        ? { status: 'refunded', refund_transaction_id: outcome.transactionId, refunded_at: new Date(), last_error: null }
        : { status: 'failed', last_error: outcome.reason },
    )
    .where('id', '=', id)
    .execute()
}
