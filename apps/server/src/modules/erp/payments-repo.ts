import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB>

/**
 * Takes up to `limit` completed card payments of invoices the ERP has not acknowledged, oldest first, that no
 * collector holds, and marks them collected (or exported) now: as the orders feed does (orders-repo.ts).
 */
export async function collectPayments(db: Db, limit: number, leaseSeconds: number, mark: 'collected' | 'exported' = 'collected') {
  const taken = await db
    .updateTable('invoice_payments')
    .set(mark === 'collected' ? { erp_collected_at: sql`now()` } : { erp_exported_at: sql`now()` })
    .where('invoice_payments.id', 'in', (eb) =>
      eb
        .selectFrom('invoice_payments as p')
        .select('p.id')
        .where('p.status', '=', 'completed')
        .where('p.erp_acknowledged_at', 'is', null)
        .where('p.erp_exported_at', 'is', null)
        .where((w) => w.or([w('p.erp_collected_at', 'is', null), w('p.erp_collected_at', '<', sql<Date>`now() - make_interval(secs => ${leaseSeconds})`)]))
        .orderBy('p.completed_at')
        .orderBy('p.id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning('invoice_payments.id')
    .execute()
  return taken.map((r) => r.id)
}

/** The payments with what the feed shows of them, oldest first. */
export function feedPayments(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .selectFrom('invoice_payments as p')
    .innerJoin('customer_accounts as a', 'a.id', 'p.account_id')
    .select([
      'p.id',
      'p.reference',
      'a.code as account_code',
      sql<string>`to_char(p.completed_at, 'YYYY-MM-DD')`.as('payment_date'),
      'p.amount_cents',
      'p.provider',
      'p.transaction_id',
      'p.payer_name',
      'p.payer_email',
    ])
    .where('p.id', 'in', ids)
    .orderBy('p.completed_at')
    .orderBy('p.id')
    .execute()
}

export function feedAllocations(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .selectFrom('invoice_payment_allocations as x')
    .innerJoin('invoices as i', 'i.id', 'x.invoice_id')
    .select(['x.payment_id', 'i.invoice', 'x.amount_cents'])
    .where('x.payment_id', 'in', ids)
    .orderBy('x.payment_id')
    .orderBy('i.invoice')
    .execute()
}

/** A completed payment by its reference, locked until the transaction ends. */
export function lockPayment(db: Db, reference: string) {
  return db
    .selectFrom('invoice_payments')
    .select(['id', 'erp_receipt', 'erp_acknowledged_at'])
    .where('reference', '=', reference)
    .where('status', '=', 'completed')
    .forUpdate()
    .executeTakeFirst()
}

export async function markAcknowledged(db: Db, id: string, receipt: string) {
  await db
    .updateTable('invoice_payments')
    .set({ erp_receipt: receipt, erp_acknowledged_at: sql`now()` })
    .where('id', '=', id)
    .execute()
}
