import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB>

/** Whose quotes a read takes in: one customer account's, or the back office's scope (decision 0092). */
export type QuoteScope = { accountId: number } | { every: true } | { every: false; repId: number }

function inScope(scope: QuoteScope) {
  if ('accountId' in scope) return sql<boolean>`q.account_id = ${scope.accountId}::int`
  return scope.every ? sql<boolean>`true` : sql<boolean>`q.account_id IN (SELECT account_id FROM back_office_assignments WHERE user_id = ${scope.repId}::int)`
}

/** The state a quote shows: an open quote past its expiry date is expired (the date decides; nothing runs). */
export const stateOf = sql<
  'requested' | 'open' | 'accepted' | 'expired' | 'declined'
>`CASE WHEN q.status = 'open' AND q.expires_on < current_date THEN 'expired' ELSE q.status END`

const summaryQuery = (db: Db, scope: QuoteScope) =>
  db
    .selectFrom('quotes as q')
    .innerJoin('customer_accounts as a', 'a.id', 'q.account_id')
    .innerJoin('branches as b', 'b.location_id', 'q.location_id')
    .leftJoin('users as u', 'u.id', 'q.user_id')
    .leftJoin('back_office_users as rep', 'rep.id', 'q.assigned_to')
    .leftJoin('orders as o', 'o.id', 'q.order_id')
    .select([
      'q.id',
      'q.account_id',
      'q.user_id',
      'q.status',
      'q.location_id',
      'b.name as branch_name',
      'q.created_at',
      'q.expires_on',
      'q.note',
      'q.decline_reason',
      'q.sent_at',
      'q.accepted_at',
      'q.declined_at',
      'q.assigned_to',
      'a.code as account_code',
      'a.name as account_name',
      'u.name as user_name',
      'rep.name as rep_name',
      'rep.email as rep_email',
      'o.id as order_id',
      'o.sales_order',
      stateOf.as('state'),
      sql<number>`(SELECT count(*)::int FROM quote_lines l WHERE l.quote_id = q.id)`.as('line_count'),
      sql<string>`(SELECT coalesce(sum(l.quantity::bigint * coalesce(l.quoted_price_cents, l.account_price_cents)), 0)::text FROM quote_lines l WHERE l.quote_id = q.id)`.as(
        'total_ex_cents',
      ),
      sql<boolean>`coalesce((SELECT m.from_staff = false FROM quote_messages m WHERE m.quote_id = q.id ORDER BY m.id DESC LIMIT 1), false)`.as(
        'awaiting_reply',
      ),
    ])
    .where(inScope(scope))

export type QuoteRow = Awaited<ReturnType<typeof findQuote>> & object

/** The quotes in scope, newest first, at most `limit`; of one state when asked. */
export function listQuotes(db: Db, scope: QuoteScope, state: string | undefined, limit: number) {
  let q = summaryQuery(db, scope)
  if (state) q = q.where(stateOf, '=', state as 'open')
  return q.orderBy('q.id', 'desc').limit(limit).execute()
}

/** One quote in scope; undefined for another account's, as for none. */
export function findQuote(db: Db, scope: QuoteScope, id: number) {
  return summaryQuery(db, scope).where('q.id', '=', id).executeTakeFirst()
}

export function quoteLines(db: Db, quoteId: number) {
  return db
    .selectFrom('quote_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select(['l.id', 'l.line_no', 'l.product_id', 'p.product_code', 'p.description', 'l.quantity', 'l.account_price_cents', 'l.quoted_price_cents'])
    .where('l.quote_id', '=', quoteId)
    .orderBy('l.line_no')
    .execute()
}

export function quoteMessages(db: Db, quoteId: number) {
  return db.selectFrom('quote_messages').selectAll().where('quote_id', '=', quoteId).orderBy('id').execute()
}

/** The quote in scope, locked until the transaction ends, with its shown state. */
export function lockQuote(db: Db, scope: QuoteScope, id: number) {
  return db
    .selectFrom('quotes as q')
    .select(['q.id', 'q.account_id', 'q.user_id', 'q.status', 'q.location_id', 'q.expires_on', 'q.order_id', 'q.assigned_to', stateOf.as('state')])
    .where('q.id', '=', id)
    .where(inScope(scope))
    .forUpdate()
    .executeTakeFirst()
}

export async function markAccepted(db: Db, id: number, userId: number) {
  await db
    .updateTable('quotes')
    .set({
      status: 'accepted',
      accepted_at: sql<Date>`coalesce(accepted_at, now())`,
      accepted_by: sql<number>`coalesce(accepted_by, ${userId}::int)`,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute()
}

export async function markDeclined(db: Db, id: number, reason: string) {
  await db
    .updateTable('quotes')
    .set({ status: 'declined', decline_reason: reason, declined_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .execute()
}

/** The quote as the staff send it: its lines replaced, its note and expiry set, open. */
export async function writeSent(
  db: Db,
  id: number,
  sent: { note: string; expiresOn: string; lines: Array<{ productId: number; quantity: number; accountPriceCents: number; priceCents: number }> },
) {
  await db.deleteFrom('quote_lines').where('quote_id', '=', id).execute()
  await db
    .insertInto('quote_lines')
    .values(
      sent.lines.map((l, i) => ({
        quote_id: id,
        line_no: i + 1,
        product_id: l.productId,
        quantity: l.quantity,
        account_price_cents: l.accountPriceCents,
        quoted_price_cents: l.priceCents,
      })),
    )
    .execute()
  await db
    .updateTable('quotes')
    .set({ status: 'open', note: sent.note, expires_on: sent.expiresOn, sent_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .execute()
}

export async function insertMessage(db: Db, message: { quoteId: number; fromStaff: boolean; author: string; body: string }) {
  await db
    .insertInto('quote_messages')
    .values({ quote_id: message.quoteId, from_staff: message.fromStaff, author: message.author, body: message.body })
    .execute()
}

/** The products of these codes (any case), with whether they are sold. */
export function productsByCode(db: Db, codes: string[]) {
  return db
    .selectFrom('products')
    .select(['id', 'product_code', 'active'])
    .where(
      sql<string>`upper(product_code)`,
      'in',
      codes.map((c) => c.toUpperCase()),
    )
    .execute()
}

/** What the account needs to price items as its users see them: whether it is a reseller. */
export function accountOf(db: Db, accountId: number) {
  return db.selectFrom('customer_accounts').select(['id', 'code', 'name', 'is_elders']).where('id', '=', accountId).executeTakeFirstOrThrow()
}

/** The user who asked, to e-mail; undefined when they are gone. */
export function userOf(db: Db, userId: number | null) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('id', '=', userId ?? 0)
    .executeTakeFirst()
}

/** Whether the date is before today, by the database's clock (the one the expiry is read with). */
export async function isPast(db: Db, day: string) {
  const row = await sql<{ past: boolean }>`SELECT ${day}::date < current_date AS past`.execute(db)
  return row.rows[0]!.past
}
