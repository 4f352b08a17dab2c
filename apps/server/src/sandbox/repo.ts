import type { Kysely } from 'kysely'
import type { DB } from '../db/schema'

type Db = Kysely<DB>

export interface NewSandboxSession {
  id: string
  operation: 'AUTHORIZE' | 'PURCHASE'
  merchantId: string
  orderId: string
  amount: string
  currency: string
  description: string
  returnUrl: string
  cancelUrl: string | null
  successIndicator: string
}

export async function insertSession(db: Db, s: NewSandboxSession) {
  await db
    .insertInto('payment_sandbox_sessions')
    .values({
      id: s.id,
      merchant_id: s.merchantId,
      order_id: s.orderId,
      amount: s.amount,
      currency: s.currency,
      description: s.description,
      return_url: s.returnUrl,
      cancel_url: s.cancelUrl,
      success_indicator: s.successIndicator,
      operation: s.operation,
    })
    .execute()
}

export function findSession(db: Db, id: string) {
  return db.selectFrom('payment_sandbox_sessions').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Records a payment on a session that has none yet; false when it already had one. */
export async function recordPayment(
  db: Db,
  id: string,
  p: { result: string; gatewayCode: string; orderStatus: string; cardSummary: string },
): Promise<boolean> {
  const res = await db
    .updateTable('payment_sandbox_sessions')
    .set({ result: p.result, gateway_code: p.gatewayCode, order_status: p.orderStatus, card_summary: p.cardSummary, paid_at: new Date() })
    .where('id', '=', id)
    .where('result', 'is', null)
    .executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}

/** The payments made on an order, oldest first. */
export function paymentsForOrder(db: Db, merchantId: string, orderId: string) {
  return db
    .selectFrom('payment_sandbox_sessions')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('order_id', '=', orderId)
    .where('result', 'is not', null)
    .orderBy('paid_at')
    .execute()
}

/**
 * Captures or voids the authorised payment of a session: only while it is still authorised, so each happens once
 * and never both; true when this call did it.
 */
export async function settleAuthorization(db: Db, id: string, s: { status: 'CAPTURED' | 'CANCELLED'; transactionId: string; type: string }) {
  const res = await db
    .updateTable('payment_sandbox_sessions')
    .set({ order_status: s.status, settled_transaction_id: s.transactionId, settled_type: s.type })
    .where('id', '=', id)
    .where('order_status', '=', 'AUTHORIZED')
    .executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}

/** Refunds a captured payment in full, once: true when this call did it. */
export async function refundCapture(db: Db, id: string, transactionId: string) {
  const res = await db
    .updateTable('payment_sandbox_sessions')
    .set({ order_status: 'REFUNDED', settled_transaction_id: transactionId, settled_type: 'REFUND' })
    .where('id', '=', id)
    .where('order_status', '=', 'CAPTURED')
    .executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}
