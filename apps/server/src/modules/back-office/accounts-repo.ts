import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB>

/** Whose accounts a back office user sees: every account, or those assigned to them (a Sales representative). */
export type AccountScope = { every: true } | { every: false; repId: number }

/** The expression customer_accounts_search_trgm is built on (migration 0039); it must stay word for word the same. */
const accountText = sql<string>`lower(a.code || ' ' || a.name || ' ' || coalesce(a.abn, ''))`
const emailText = sql<string>`lower(u.email)`

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** A word is in the text as a substring or, from three letters, as a whole word within the similarity threshold. */
function wordMatches(text: RawBuilder<string>, word: string) {
  const holds = sql<boolean>`${text} LIKE ${`%${likeEscape(word)}%`}`
  return word.length >= 3 ? sql<boolean>`(${holds} OR ${word} <<% ${text})` : holds
}

const similarity = (text: RawBuilder<string>, words: string[]) =>
  sql<number>`(${sql.join(
    words.map((w) => sql`strict_word_similarity(${w}, ${text})`),
    sql` + `,
  )})`

function inScope(scope: AccountScope) {
  return scope.every ? sql<boolean>`true` : sql<boolean>`a.id IN (SELECT account_id FROM back_office_assignments WHERE user_id = ${scope.repId})`
}

/**
 * Accounts whose code, name or ABN hold every word of the query, or one of whose portal users' e-mail does, typos
 * forgiven (pg_trgm's strict word similarity, as the catalogue's forgiving search). An ABN is also matched with its
 * spaces ignored. Ranked: the code itself, then a code starting so, then how similar; at most `limit`. Runs in a
 * transaction of its own (the threshold is set for it alone).
 */
export async function searchAccounts(trx: Db, scope: AccountScope, words: string[], limit: number) {
  // A name is a few short words: one typo in "gardn" is further from "garden" than the catalogue's 0.5 allows.
  await sql`SET LOCAL pg_trgm.strict_word_similarity_threshold = 0.4`.execute(trx)
  const phrase = words.join(' ')
  const digits = phrase.replace(/\s+/g, '')
  const abnMatch = /^\d{3,11}$/.test(digits) ? sql<boolean>`replace(coalesce(a.abn, ''), ' ', '') LIKE ${`%${digits}%`}` : sql<boolean>`false`
  const rank = sql<number>`(CASE WHEN lower(a.code) = ${phrase} THEN 8 WHEN lower(a.code) LIKE ${`${likeEscape(phrase)}%`} THEN 4 ELSE 0 END)`
  return sql<{
    id: number
    code: string
    name: string
    abn: string | null
    sales_category: string
    active: boolean
    matched_email: string | null
  }>`
    WITH hits AS (
      SELECT a.id, NULL::text AS email, ${rank} + ${similarity(accountText, words)} AS score
      FROM customer_accounts a
      WHERE ((${sql.join(
        words.map((w) => wordMatches(accountText, w)),
        sql` AND `,
      )}) OR ${abnMatch}) AND ${inScope(scope)}
      UNION ALL
      SELECT a.id, u.email, ${similarity(emailText, words)} AS score
      FROM users u JOIN customer_accounts a ON a.id = u.account_id
      WHERE ${sql.join(
        words.map((w) => wordMatches(emailText, w)),
        sql` AND `,
      )} AND ${inScope(scope)}
    ),
    best AS (
      SELECT DISTINCT ON (id) id, email, score FROM hits ORDER BY id, email IS NOT NULL, score DESC
    )
    SELECT a.id, a.code, a.name, a.abn, a.sales_category, a.active, best.email AS matched_email
    FROM best JOIN customer_accounts a ON a.id = best.id
    ORDER BY best.score DESC, a.name, a.id
    LIMIT ${limit}
  `.execute(trx)
}

/** With no query: the accounts in scope by name (a Sales representative's own list). */
export function firstAccounts(db: Db, scope: AccountScope, limit: number) {
  return sql<{ id: number; code: string; name: string; abn: string | null; sales_category: string; active: boolean; matched_email: null }>`
    SELECT a.id, a.code, a.name, a.abn, a.sales_category, a.active, NULL::text AS matched_email
    FROM customer_accounts a WHERE ${inScope(scope)} ORDER BY a.name, a.id LIMIT ${limit}
  `.execute(db)
}

/** An account by its code (any case), when it is in scope; undefined otherwise, as for no such account. */
export function findAccount(db: Db, scope: AccountScope, code: string) {
  let query = db
    .selectFrom('customer_accounts as a')
    .select([
      'a.id',
      'a.code',
      'a.name',
      'a.abn',
      'a.sales_category',
      'a.terms_days',
      'a.credit_limit_cents',
      'a.balance_cents',
      'a.on_hold',
      'a.active',
      'a.default_branch',
      'a.is_elders',
    ])
    .where(sql<string>`upper(a.code)`, '=', code.toUpperCase())
  if (!scope.every) {
    const repId = scope.repId
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('back_office_assignments as s').select('s.user_id').whereRef('s.account_id', '=', 'a.id').where('s.user_id', '=', repId)),
    )
  }
  return query.executeTakeFirst()
}
export type AccountRow = Awaited<ReturnType<typeof findAccount>> & {}

const portalUserColumns = ['u.id', 'u.username', 'u.name', 'u.email', 'u.role', 'u.active', 'u.password_hash'] as const

/** The account's portal users, with their last sign-in (their newest session). */
export function portalUsers(db: Db, accountId: number) {
  return db
    .selectFrom('users as u')
    .select(portalUserColumns)
    .select((eb) =>
      eb
        .selectFrom('sessions')
        .select((s) => s.fn.max('sessions.created_at').as('at'))
        .whereRef('sessions.user_id', '=', 'u.id')
        // A session the staff opened to order for the user (decision 0101) is no sign-in of theirs.
        .where('sessions.acting_by', 'is', null)
        .as('last_sign_in_at'),
    )
    .where('u.account_id', '=', accountId)
    .orderBy('u.active', 'desc')
    .orderBy(sql`lower(u.name)`)
    .orderBy('u.id')
    .execute()
}
export type PortalUserRow = Awaited<ReturnType<typeof portalUsers>>[number]

/** One portal user of the account; another account's is not found. `lock` holds the row until the transaction ends. */
export function findPortalUser(db: Db, accountId: number, userId: number, lock = false) {
  let query = db
    .selectFrom('users as u')
    .select(portalUserColumns)
    .select((eb) =>
      eb
        .selectFrom('sessions')
        .select((s) => s.fn.max('sessions.created_at').as('at'))
        .whereRef('sessions.user_id', '=', 'u.id')
        // A session the staff opened to order for the user (decision 0101) is no sign-in of theirs.
        .where('sessions.acting_by', 'is', null)
        .as('last_sign_in_at'),
    )
    .where('u.account_id', '=', accountId)
    .where('u.id', '=', userId)
  if (lock) query = query.forUpdate()
  return query.executeTakeFirst()
}

export async function setUserActive(db: Db, userId: number, active: boolean) {
  await db.updateTable('users').set({ active }).where('id', '=', userId).execute()
}

/** The carts of the account's users that hold something, with their lines in the order they were added. */
export function cartLines(db: Db, accountId: number) {
  return db
    .selectFrom('carts')
    .innerJoin('users', 'users.id', 'carts.user_id')
    .innerJoin('cart_lines', 'cart_lines.cart_id', 'carts.id')
    .innerJoin('products', 'products.id', 'cart_lines.product_id')
    .select([
      'carts.id as cart_id',
      'users.id as user_id',
      'users.name as user_name',
      'carts.location_id',
      'carts.updated_at',
      'products.product_code',
      'products.description',
      'cart_lines.quantity',
    ])
    .where('users.account_id', '=', accountId)
    .orderBy('carts.updated_at', 'desc')
    .orderBy('carts.id')
    .orderBy('cart_lines.added_at')
    .orderBy('cart_lines.id')
    .execute()
}

/** The account's latest invoices, with what is still owed on each. */
export function latestInvoices(db: Db, accountId: number, limit: number) {
  return db
    .selectFrom('invoices')
    .select(['id', 'invoice', 'transaction_type', 'invoice_date', 'due_date', 'extended_inc_cents', 'outstanding_cents'])
    .where('account_id', '=', accountId)
    .orderBy('invoice_date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

/** The e-mail addresses on record for the account: its users' and its delivery sites'. */
export async function addressesOf(db: Db, accountId: number): Promise<string[]> {
  const rows = await sql<{ email: string }>`
    SELECT DISTINCT lower(trim(email)) AS email FROM (
      SELECT email FROM users WHERE account_id = ${accountId} AND active
      UNION ALL
      SELECT email FROM delivery_sites WHERE account_id = ${accountId}
    ) e WHERE trim(email) LIKE '%_@_%' ORDER BY 1
  `.execute(db)
  return rows.rows.map((r) => r.email)
}

/** The changes the staff made to an account's portal users, newest first per user: the customer's Users screen. */
export async function lastStaffChanges(db: Db, accountId: number, actions: readonly string[]) {
  const rows = await sql<{ username: string; at: Date; action: string }>`
    SELECT DISTINCT ON (u.id) u.username, b.at, b.action
    FROM back_office_audit b JOIN users u ON u.id = (b.detail->>'userId')::integer AND u.account_id = ${accountId}
    WHERE b.account_id = ${accountId} AND b.action = ANY(${actions as string[]}::text[])
    ORDER BY u.id, b.at DESC, b.id DESC
  `.execute(db)
  return rows.rows
}

export function deliverySites(db: Db, accountId: number) {
  return db
    .selectFrom('delivery_sites')
    .select(['site_code', 'name', 'address1', 'address2', 'city', 'state', 'postal_code', 'contact', 'email', 'phone'])
    .where('account_id', '=', accountId)
    .orderBy('site_code')
    .execute()
}

/** The financial periods begun by today, newest first. */
export function periodsBegun(db: Db, today: string, limit: number) {
  return db
    .selectFrom('financial_periods')
    .select(['financial_year', 'financial_period', 'description'])
    .where('start_date', '<=', today)
    .orderBy('financial_year', 'desc')
    .orderBy('financial_period', 'desc')
    .limit(limit)
    .execute()
}

/** The account's saved lists by name, with who made them and how many products they hold. */
export function savedLists(db: Db, accountId: number) {
  return db
    .selectFrom('order_lists')
    .leftJoin('users', 'users.id', 'order_lists.created_by')
    .select([
      'order_lists.id',
      'order_lists.name',
      'users.name as creator',
      sql<string>`to_char(order_lists.updated_at, 'YYYY-MM-DD')`.as('updated'),
      (eb) =>
        eb.selectFrom('order_list_lines').select(eb.fn.countAll<number>().as('n')).whereRef('order_list_lines.list_id', '=', 'order_lists.id').as('line_count'),
    ])
    .where('order_lists.account_id', '=', accountId)
    .orderBy(sql`lower(order_lists.name)`)
    .orderBy('order_lists.id')
    .execute()
}

export function latestOrders(db: Db, accountId: number, limit: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'sales_order', 'status', 'enter_date', 'customer_purchase_order', 'extended_inc_cents'])
    .where('account_id', '=', accountId)
    .orderBy('enter_date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

/** The account's lines still on back order, newest order first. */
export function backOrderLines(db: Db, accountId: number, limit: number) {
  return db
    .selectFrom('orders')
    .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
    .select([
      'orders.id as order_id',
      'orders.sales_order',
      'order_lines.line_no',
      'order_lines.product_code',
      'order_lines.description',
      'order_lines.qty_back_ordered',
      'order_lines.due_date',
    ])
    .where('orders.account_id', '=', accountId)
    .where('orders.status', '<>', 'Cancelled')
    .where('order_lines.qty_back_ordered', '>', 0)
    .orderBy('orders.enter_date', 'desc')
    .orderBy('orders.id', 'desc')
    .orderBy('order_lines.line_no')
    .limit(limit)
    .execute()
}
