import { sql, type Kysely } from 'kysely'
import type { DB, StandingOrderRunTable } from '../../db/schema'

type Db = Kysely<DB>

export type Outcome = StandingOrderRunTable['outcome']

const standingOrders = (db: Db) =>
  db
    .selectFrom('standing_orders as s')
    .innerJoin('order_lists', 'order_lists.id', 's.list_id')
    .innerJoin('users as owner', 'owner.id', 's.user_id')
    .innerJoin('branches', 'branches.location_id', 's.location_id')
    .selectAll('s')
    .select(['order_lists.name as list_name', 'owner.name as owner_name', 'branches.name as branch_name'])

export type StandingOrderRow = Awaited<ReturnType<ReturnType<typeof standingOrders>['executeTakeFirstOrThrow']>>

/** The account's standing orders (only this owner's, when `ownerId` is given), oldest first. */
export function standingOrdersOf(db: Db, accountId: number, ownerId: number | null) {
  let query = standingOrders(db).where('s.account_id', '=', accountId)
  if (ownerId !== null) query = query.where('s.user_id', '=', ownerId)
  return query.orderBy('s.id').execute()
}

/** One of the account's standing orders; another account's is not found. `forUpdate` locks its row. */
export function findStandingOrder(db: Db, accountId: number, id: number, { forUpdate = false } = {}) {
  const query = standingOrders(db).where('s.account_id', '=', accountId).where('s.id', '=', id)
  return (forUpdate ? query.forUpdate('s') : query).executeTakeFirst()
}

export interface NewStandingOrder {
  accountId: number
  userId: number
  listId: number
  branch: string
  everyWeeks: number | null
  monthDays: number[] | null
  firstRunOn: string
  nextRunOn: string
  poPrefix: string
  delivery: unknown
}

export async function insertStandingOrder(db: Db, s: NewStandingOrder): Promise<number> {
  const row = await db
    .insertInto('standing_orders')
    .values({
      account_id: s.accountId,
      user_id: s.userId,
      list_id: s.listId,
      location_id: s.branch,
      every_weeks: s.everyWeeks,
      month_days: s.monthDays,
      first_run_on: s.firstRunOn,
      next_run_on: s.nextRunOn,
      po_prefix: s.poPrefix,
      delivery: JSON.stringify(s.delivery),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export type StandingOrderChange = Partial<{
  branch: string
  everyWeeks: number | null
  monthDays: number[] | null
  firstRunOn: string
  nextRunOn: string
  poPrefix: string
  delivery: unknown
  status: 'active' | 'paused'
}>

export async function updateStandingOrder(db: Db, id: number, c: StandingOrderChange) {
  await db
    .updateTable('standing_orders')
    .set({
      ...(c.branch !== undefined ? { location_id: c.branch } : {}),
      ...(c.everyWeeks !== undefined ? { every_weeks: c.everyWeeks } : {}),
      ...(c.monthDays !== undefined ? { month_days: c.monthDays } : {}),
      ...(c.firstRunOn !== undefined ? { first_run_on: c.firstRunOn } : {}),
      ...(c.nextRunOn !== undefined ? { next_run_on: c.nextRunOn } : {}),
      ...(c.poPrefix !== undefined ? { po_prefix: c.poPrefix } : {}),
      ...(c.delivery !== undefined ? { delivery: JSON.stringify(c.delivery) } : {}),
      ...(c.status !== undefined ? { status: c.status } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute()
}

export async function deleteStandingOrder(db: Db, id: number) {
  await db.deleteFrom('standing_orders').where('id', '=', id).execute()
}

const runs = (db: Db) =>
  db
    .selectFrom('standing_order_runs as r')
    .leftJoin('orders', 'orders.id', 'r.order_id')
    .select(['r.standing_order_id', 'r.run_on', 'r.ran_on', 'r.outcome', 'r.message', 'r.order_id', 'r.approval_id', 'orders.sales_order'])

export type RunRow = Awaited<ReturnType<ReturnType<typeof runs>['executeTakeFirstOrThrow']>>

/** A standing order's last runs, newest first. */
export function runsOf(db: Db, standingOrderId: number, limit: number) {
  return runs(db).where('r.standing_order_id', '=', standingOrderId).orderBy('r.run_on', 'desc').limit(limit).execute()
}

/** Each of these standing orders' newest run. */
export async function lastRuns(db: Db, ids: number[]): Promise<Map<number, RunRow>> {
  if (ids.length === 0) return new Map()
  const rows = await runs(db)
    .distinctOn('r.standing_order_id')
    .where(sql<boolean>`r.standing_order_id = ANY(${ids}::int[])`)
    .orderBy('r.standing_order_id')
    .orderBy('r.run_on', 'desc')
    .execute()
  return new Map(rows.map((r) => [r.standing_order_id, r]))
}

export interface NewRun {
  standingOrderId: number
  runOn: string
  ranOn: string
  outcome: Outcome
  message: string
  orderId?: number
  approvalId?: number
}

/** Records a run; the (standing order, day) pair is unique, so a run recorded twice fails here (migration 0041). */
export async function insertRun(db: Db, r: NewRun) {
  await db
    .insertInto('standing_order_runs')
    .values({
      standing_order_id: r.standingOrderId,
      run_on: r.runOn,
      ran_on: r.ranOn,
      outcome: r.outcome,
      message: r.message,
      order_id: r.orderId ?? null,
      approval_id: r.approvalId ?? null,
    })
    .execute()
}

/** The list's lines in the order they were added. */
export function listLines(db: Db, listId: number) {
  return db.selectFrom('order_list_lines').select(['product_id', 'quantity']).where('list_id', '=', listId).orderBy('id').execute()
}

/** Active standing orders whose next run is due by `day`, the longest due first, at most `limit`. */
export async function dueRuns(db: Db, day: string, limit: number) {
  return db
    .selectFrom('standing_orders')
    .select(['id', 'user_id', 'account_id', 'next_run_on'])
    .where(sql<boolean>`status = 'active'`)
    .where('next_run_on', '<=', day)
    .orderBy('next_run_on')
    .orderBy('id')
    .limit(limit)
    .execute()
}

/** Active standing orders whose next run is at most `days` days after `day` and not yet reminded of. */
export async function dueReminders(db: Db, day: string, days: number, limit: number) {
  return db
    .selectFrom('standing_orders')
    .select(['id', 'next_run_on'])
    .where(sql<boolean>`status = 'active'`)
    .where('next_run_on', '>', day)
    .where('next_run_on', '<=', sql<string>`${day}::date + ${days}::int`)
    .where(sql<boolean>`reminded_for IS DISTINCT FROM next_run_on`)
    .orderBy('next_run_on')
    .orderBy('id')
    .limit(limit)
    .execute()
}

/**
 * A standing order's row locked for its run or reminder, when it is still as the scheduler read it (active, that
 * next run) and no other instance holds it (SKIP LOCKED); undefined otherwise.
 */
export function claim(db: Db, id: number, nextRunOn: string) {
  return standingOrders(db)
    .where('s.id', '=', id)
    .where(sql<boolean>`s.status = 'active'`)
    .where('s.next_run_on', '=', nextRunOn)
    .forUpdate('s')
    .skipLocked()
    .executeTakeFirst()
}

export async function markReminded(db: Db, id: number, day: string) {
  await db.updateTable('standing_orders').set({ reminded_for: day }).where('id', '=', id).execute()
}

/** A user's e-mail address, enabled or not. */
export async function emailOf(db: Db, userId: number): Promise<string> {
  return (await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email
}
