import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB>

/**
 * Takes up to `limit` approved applications the ERP has not acknowledged, oldest decision first, that no collector
 * holds, and marks them collected (or exported) now: the orders feed's lease (orders-repo.ts, decision 0037). An
 * application the ERP opened the account for before acknowledging it is not offered again.
 */
export async function collectApplications(db: Db, limit: number, leaseSeconds: number, mark: 'collected' | 'exported' = 'collected') {
  const taken = await db
    .updateTable('account_applications')
    .set(mark === 'collected' ? { erp_collected_at: sql`now()` } : { erp_exported_at: sql`now()` })
    .where('account_applications.id', 'in', (eb) =>
      eb
        .selectFrom('account_applications as p')
        .select('p.id')
        .where('p.status', '=', 'approved')
        .where('p.erp_acknowledged_at', 'is', null)
        .where('p.erp_exported_at', 'is', null)
        .where((w) => w.or([w('p.erp_collected_at', 'is', null), w('p.erp_collected_at', '<', sql<Date>`now() - make_interval(secs => ${leaseSeconds})`)]))
        .orderBy('p.decided_at')
        .orderBy('p.id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning('account_applications.id')
    .execute()
  return taken.map((r) => r.id)
}

/** The applications with what the feed shows of them, oldest decision first. */
export function feedApplications(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .selectFrom('account_applications as p')
    .innerJoin('back_office_users as u', 'u.id', 'p.decided_by')
    .select([
      'p.reference',
      'p.abn',
      'p.business_name',
      'p.trading_name',
      'p.contact_name',
      'p.email',
      'p.phone',
      'p.branch',
      'p.kind',
      'p.monthly_spend_cents',
      sql<string>`to_char(p.decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('approved_date'),
      'u.email as approved_by',
      'p.decision_reason',
    ])
    .where('p.id', 'in', ids)
    .orderBy('p.decided_at')
    .orderBy('p.id')
    .execute()
}

/** An approved (or since opened) application by its reference, locked until the transaction ends. */
export function lockApplication(db: Db, reference: string) {
  return db
    .selectFrom('account_applications')
    .select(['id', 'erp_reference', 'erp_acknowledged_at'])
    .where('reference', '=', reference)
    .where('status', 'in', ['approved', 'opened'])
    .forUpdate()
    .executeTakeFirst()
}

export async function markAcknowledged(db: Db, id: number, reference: string) {
  await db
    .updateTable('account_applications')
    .set({ erp_reference: reference, erp_acknowledged_at: sql`now()` })
    .where('id', '=', id)
    .execute()
}
