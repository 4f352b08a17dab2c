import { sql, type Kysely, type Selectable } from 'kysely'
import type { DB, OrderApprovalTable } from '../../db/schema'

type Db = Kysely<DB>

export type ApprovalRow = Selectable<OrderApprovalTable> & {
  buyer_name: string
  approver_name: string | null
  branch_name: string
  sales_order: string | null
  sales_category: string
}

/**
 * The buyer's user row locked (FOR NO KEY UPDATE) with their limits, and the approval their idempotency key already
 * made. The lock queues one buyer's orders on account, so two orders at once cannot both pass a monthly limit; it is
 * taken under the cart's lock, before the stock and the account (ordering/placement.ts).
 */
export function lockLimits(db: Db, userId: number, key: string | null) {
  return lockedLimitsQuery(db, userId, key).executeTakeFirst()
}

/** lockLimits' statement, for a statement that takes the buyer's lock with others (placement-repo.ts lockCartForOrder). */
export const lockedLimitsQuery = (db: Pick<Db, 'selectFrom'>, userId: number, key: string | null) =>
  db
    .selectFrom('users')
    .select(['order_limit_cents', 'month_limit_cents', 'approver_id'])
    .select(sql<number | null>`(SELECT a.id FROM order_approvals a WHERE a.user_id = users.id AND a.idempotency_key = ${key}::text)`.as('keyed'))
    .where('users.id', '=', userId)
    .forNoKeyUpdate()

/** A buyer's spending limits, and the approval the request's idempotency key already made (null: none). */
export interface BuyerLimits {
  orderLimitCents: number | null
  monthLimitCents: number | null
  approverId: number | null
  keyed: number | null
}

type LimitsRow = { order_limit_cents: number | null; month_limit_cents: number | null; approver_id: number | null; keyed: number | null }

/** lockedLimitsQuery's row as the limits (none for a user with no row). */
export const limitsOfRow = (row: LimitsRow | undefined): BuyerLimits => ({
  orderLimitCents: row?.order_limit_cents ?? null,
  monthLimitCents: row?.month_limit_cents ?? null,
  approverId: row?.approver_id ?? null,
  keyed: row?.keyed ?? null,
})

/** What the user's orders placed in the portal since `monthStart` come to, ex GST (cancelled ones left out). */
export async function spentSince(db: Db, userId: number, monthStart: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<string | null>`sum(extended_ex_cents)`.as('spent'))
    .where('user_id', '=', userId)
    .where('enter_date', '>=', monthStart)
    .where('portal_order_id', 'is not', null)
    .where(sql<boolean>`upper(trim(status)) NOT IN ('CANCELLED', 'CANCELED')`)
    .executeTakeFirstOrThrow()
  return Number(row.spent ?? 0)
}

export interface NewApproval {
  accountId: number
  userId: number
  approverId: number | null
  branch: string
  siteCode: string | null
  form: unknown
  lines: unknown
  exCents: number
  incCents: number
  over: 'order' | 'month'
  limitCents: number
  idempotencyKey: string | null
}

export async function insertApproval(db: Db, a: NewApproval): Promise<number> {
  const row = await db
    .insertInto('order_approvals')
    .values({
      account_id: a.accountId,
      user_id: a.userId,
      approver_id: a.approverId,
      location_id: a.branch,
      site_code: a.siteCode,
      form: JSON.stringify(a.form),
      lines: JSON.stringify(a.lines),
      ex_cents: a.exCents,
      inc_cents: a.incCents,
      over_limit: a.over,
      limit_cents: a.limitCents,
      idempotency_key: a.idempotencyKey,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

const approvals = (db: Db) =>
  db
    .selectFrom('order_approvals as a')
    .innerJoin('users as buyer', 'buyer.id', 'a.user_id')
    .leftJoin('users as approver', 'approver.id', 'a.approver_id')
    .innerJoin('branches', 'branches.location_id', 'a.location_id')
    .leftJoin('orders', 'orders.id', 'a.order_id')
    .innerJoin('customer_accounts', 'customer_accounts.id', 'a.account_id')
    .selectAll('a')
    .select([
      'buyer.name as buyer_name',
      'approver.name as approver_name',
      'branches.name as branch_name',
      'orders.sales_order',
      'customer_accounts.sales_category',
    ])

/**
 * The account's approvals the user may see, newest first: their own, and (an approver) those they may decide. An
 * Administrator sees every approval of the account.
 */
export function listFor(db: Db, viewer: { userId: number; accountId: number; administrator: boolean }, limit: number): Promise<ApprovalRow[]> {
  let q = approvals(db).where('a.account_id', '=', viewer.accountId)
  if (!viewer.administrator) q = q.where((eb) => eb.or([eb('a.user_id', '=', viewer.userId), eb('a.approver_id', '=', viewer.userId)]))
  return q
    .orderBy(sql`a.status = 'awaiting'`, 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute()
}

/** One approval of the account, or undefined. */
export function findOne(db: Db, accountId: number, id: number): Promise<ApprovalRow | undefined> {
  return approvals(db).where('a.account_id', '=', accountId).where('a.id', '=', id).executeTakeFirst()
}

/** The approval's row locked until the transaction ends: one decision at a time. */
export function lockOne(db: Db, accountId: number, id: number) {
  return db.selectFrom('order_approvals').selectAll().where('account_id', '=', accountId).where('id', '=', id).forUpdate().executeTakeFirst()
}

export async function decide(
  db: Db,
  id: number,
  decision: { status: 'approved' | 'rejected' | 'withdrawn'; by: { userId: number; name: string }; reason?: string; orderId?: number },
) {
  await db
    .updateTable('order_approvals')
    .set({
      status: decision.status,
      decided_by: decision.by.userId,
      decided_by_name: decision.by.name,
      decided_at: new Date(),
      reason: decision.reason ?? null,
      order_id: decision.orderId ?? null,
    })
    .where('id', '=', id)
    .execute()
}

/** Who is told of an order waiting: its named approver, else every Administrator of the account. */
export function approversOf(db: Db, accountId: number, approverId: number | null) {
  let q = db.selectFrom('users').select(['id', 'name', 'email']).where('account_id', '=', accountId).where('active', '=', true)
  q = approverId === null ? q.where('role', '=', 'Administrator') : q.where('id', '=', approverId)
  return q.execute()
}

/** The buyer of an approval as an order meets them: name, e-mail, account name and whether it is cash-sale. */
export function buyerOf(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .innerJoin('customer_accounts', 'customer_accounts.id', 'users.account_id')
    .select([
      'users.id',
      'users.account_id',
      'users.name',
      'users.email',
      'customer_accounts.name as account_name',
      'customer_accounts.sales_category',
      'customer_accounts.is_elders',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow()
}

/** The buyer of an approval: their name and e-mail. */
export function buyerOfApproval(db: Db, id: number) {
  return db
    .selectFrom('order_approvals')
    .innerJoin('users', 'users.id', 'order_approvals.user_id')
    .select(['users.name', 'users.email'])
    .where('order_approvals.id', '=', id)
    .executeTakeFirstOrThrow()
}
