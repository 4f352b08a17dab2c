import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'

export function listDeliverySites(db: Kysely<DB>, accountId: number) {
  return db.selectFrom('delivery_sites').selectAll().where('account_id', '=', accountId).orderBy('name').execute()
}

export function findBalance(db: Kysely<DB>, accountId: number) {
  return db
    .selectFrom('customer_accounts')
    .select(['code', 'name', 'abn', 'balance_cents', 'credit_limit_cents', 'terms_days'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow()
}

/** The account's card payments of invoices the ERP has not acknowledged, newest first (decision 0090). */
export function paymentsNotProcessed(db: Kysely<DB>, accountId: number) {
  return db
    .selectFrom('invoice_payments')
    .select(['id', 'reference', 'amount_cents', sql<string>`to_char(completed_at, 'YYYY-MM-DD')`.as('paid_on')])
    .where('account_id', '=', accountId)
    .where('status', '=', 'completed')
    .where('erp_acknowledged_at', 'is', null)
    .orderBy('completed_at', 'desc')
    .execute()
}

/** Periods that have begun, latest first. */
export function listFinancialPeriods(db: Kysely<DB>, today: string) {
  return db
    .selectFrom('financial_periods')
    .select(['financial_year', 'financial_period', 'description', 'start_date', 'end_date'])
    .where('start_date', '<=', today)
    .orderBy('financial_year', 'desc')
    .orderBy('financial_period', 'desc')
    .execute()
}

export function findFinancialPeriod(db: Kysely<DB>, year: number, period: number) {
  return db
    .selectFrom('financial_periods')
    .select(['financial_year', 'financial_period', 'description', 'start_date', 'end_date'])
    .where('financial_year', '=', year)
    .where('financial_period', '=', period)
    .executeTakeFirst()
}

/** What the account owed before a day: everything invoiced (credits negative) less everything paid. */
export async function balanceBefore(db: Kysely<DB>, accountId: number, day: string): Promise<number> {
  const row = await sql<{ invoiced: number | null; paid: number | null }>`
    SELECT
      (SELECT sum(extended_inc_cents) FROM invoices WHERE account_id = ${accountId} AND invoice_date < ${day}::date) AS invoiced,
      (SELECT sum(amount_cents) FROM payments WHERE account_id = ${accountId} AND payment_date < ${day}::date) AS paid
  `.execute(db)
  const r = row.rows[0]
  return Number(r?.invoiced ?? 0) - Number(r?.paid ?? 0)
}

export function invoicesBetween(db: Kysely<DB>, accountId: number, from: string, to: string) {
  return db
    .selectFrom('invoices')
    .select(['invoice', 'transaction_type', 'invoice_date', 'due_date', 'sales_order', 'customer_purchase_order', 'extended_inc_cents'])
    .where('account_id', '=', accountId)
    .where('invoice_date', '>=', from)
    .where('invoice_date', '<=', to)
    .orderBy('invoice_date')
    .orderBy('id')
    .execute()
}

export function paymentsBetween(db: Kysely<DB>, accountId: number, from: string, to: string) {
  return db
    .selectFrom('payments')
    .select(['payment_date', 'reference', 'amount_cents'])
    .where('account_id', '=', accountId)
    .where('payment_date', '>=', from)
    .where('payment_date', '<=', to)
    .orderBy('payment_date')
    .orderBy('id')
    .execute()
}

/** Invoiced amounts (credit notes left out) per calendar month up to a day, for ageing. */
export async function invoicedByMonth(db: Kysely<DB>, accountId: number, to: string): Promise<Array<{ month: string; cents: number }>> {
  const result = await sql<{ month: string; cents: number }>`
    SELECT to_char(invoice_date, 'YYYY-MM') AS month, sum(extended_inc_cents) AS cents
    FROM invoices
    WHERE account_id = ${accountId} AND invoice_date <= ${to}::date AND extended_inc_cents > 0
    GROUP BY 1
    ORDER BY 1
  `.execute(db)
  return result.rows.map((r) => ({ month: r.month, cents: Number(r.cents) }))
}

/** Everything that reduces what is owed up to a day: payments and credit notes, as a positive amount. */
export async function creditedUpTo(db: Kysely<DB>, accountId: number, to: string): Promise<number> {
  const result = await sql<{ paid: number | null; credited: number | null }>`
    SELECT
      (SELECT sum(amount_cents) FROM payments WHERE account_id = ${accountId} AND payment_date <= ${to}::date) AS paid,
      (SELECT -sum(extended_inc_cents) FROM invoices WHERE account_id = ${accountId} AND invoice_date <= ${to}::date AND extended_inc_cents < 0) AS credited
  `.execute(db)
  const r = result.rows[0]
  return Number(r?.paid ?? 0) + Number(r?.credited ?? 0)
}

/** Statement requests a user made in the last hour. */
export async function recentStatementRequests(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('statement_requests')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow()
  return row.n
}

export async function recordStatementRequest(
  db: Kysely<DB>,
  request: { accountId: number; userId: number; email: string; year: number; period: number; outboxId: number },
) {
  await db
    .insertInto('statement_requests')
    .values({
      account_id: request.accountId,
      user_id: request.userId,
      email: request.email,
      financial_year: request.year,
      financial_period: request.period,
      outbox_id: request.outboxId,
    })
    .execute()
}
