import type {
  CreateStandingOrderBody,
  StandingDelivery,
  StandingOrder,
  StandingOrderDetail,
  StandingRun,
  UpdateStandingOrderBody,
} from '@portal/contract/standing-orders'
import type { Deps, Session } from '../../lib/context'
import { today } from '../../lib/date-range'
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors'
import { takesOrdersFor } from '../branches/service'
import * as catalogue from '../catalogue/service'
import * as lists from '../lists/service'
import { placement } from '../ordering'
import { isDeliverySite } from '../orders/service'
import * as repo from './repo'
import { addDays, firstRunOf, isCalendarDay, runAfter, scheduleOf, scheduleText } from './schedule'

/**
 * Standing orders (docs/decisions/0093-standing-orders.md): what their owner and the account's Administrators see and
 * change. The runs themselves are the scheduler's (runner.ts).
 */

type Db = Deps['db']

/** How many runs a standing order's page shows. */
const RUNS_SHOWN = 20

/** A standing order is its owner's; the account's Administrators see and change every one. */
const maySee = (session: Session, row: Pick<repo.StandingOrderRow, 'user_id'>) => session.role === 'Administrator' || row.user_id === session.userId

export const toRun = (r: repo.RunRow): StandingRun => ({
  RunOn: r.run_on,
  RanOn: r.ran_on,
  Outcome: r.outcome,
  Late: r.ran_on > r.run_on && r.outcome !== 'skipped',
  Message: r.message,
  OrderID: r.order_id,
  SalesOrder: r.sales_order,
  ApprovalID: r.approval_id,
})

function toStandingOrder(row: repo.StandingOrderRow, last: repo.RunRow | undefined): StandingOrder {
  const schedule = scheduleOf(row)
  return {
    id: row.id,
    listId: row.list_id,
    listName: row.list_name,
    owner: row.owner_name,
    canChange: true,
    warehouse: row.location_id,
    branchName: row.branch_name,
    schedule,
    scheduleText: scheduleText(schedule, row.first_run_on),
    firstRun: row.first_run_on,
    status: row.status,
    nextRun: row.status === 'active' ? row.next_run_on : null,
    purchaseOrderPrefix: row.po_prefix,
    delivery: row.delivery as StandingDelivery,
    lastRun: last ? toRun(last) : null,
  }
}

async function visible(db: Db, session: Session, id: number, options?: { forUpdate: boolean }) {
  placement.refuseResellers(session)
  const row = await repo.findStandingOrder(db, session.accountId, id, options)
  // Another account's, or another user's when this one is no Administrator: as if there were none.
  if (!row || !maySee(session, row)) throw notFound('standing order')
  return row
}

/** GET /api/standing-orders: the user's own, or for an Administrator the account's. */
export async function list({ db }: Deps, session: Session): Promise<StandingOrder[]> {
  placement.refuseResellers(session)
  const rows = await repo.standingOrdersOf(db, session.accountId, session.role === 'Administrator' ? null : session.userId)
  const last = await repo.lastRuns(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((r) => toStandingOrder(r, last.get(r.id)))
}

/** GET /api/standing-orders/:id: with its list's lines at today's prices and stock at its branch, and its last runs. */
export async function detail(deps: Deps, session: Session, id: number): Promise<StandingOrderDetail> {
  const row = await visible(deps.db, session, id)
  const [lines, runs] = await Promise.all([lists.linesOfList(deps.db, row.list_id), repo.runsOf(deps.db, id, RUNS_SHOWN)])
  const sold = await catalogue.productsSold(
    deps,
    session,
    lines.map((l) => l.product_id),
    { warehouse: row.location_id },
  )
  return {
    ...toStandingOrder(row, runs[0]),
    lines: lines.map((l) => ({
      ProductID: l.product_id,
      ProductCode: l.product_code,
      Description: l.description,
      Quantity: l.quantity,
      Product: sold.get(l.product_id) ?? null,
    })),
    runs: runs.map(toRun),
  }
}

/** A branch the account orders from, trading: else a 400 at `field`. */
async function checkBranch(db: Db, session: Session, warehouse: string): Promise<string> {
  const branch = warehouse.toUpperCase()
  if (!(await takesOrdersFor(db, session.accountId, branch))) throw badRequest('unknown_warehouse', 'You do not order from this branch.', 'body.warehouse')
  return branch
}

/** A first run: a real day after today. */
function checkFirstRun(day: string): string {
  if (!isCalendarDay(day)) throw badRequest('invalid_request', 'Enter a date as YYYY-MM-DD', 'body.firstRun')
  if (day <= today()) throw badRequest('first_run_too_soon', 'The first run must be after today.', 'body.firstRun')
  return day
}

async function checkDelivery(db: Db, session: Session, delivery: StandingDelivery): Promise<StandingDelivery> {
  if (delivery.SiteCode && !(await isDeliverySite(db, session.accountId, delivery.SiteCode)))
    throw badRequest('unknown_site', 'That delivery site is not one of your account’s.', 'body.delivery.SiteCode')
  return delivery
}

const scheduleColumns = (schedule: CreateStandingOrderBody['schedule']) =>
  schedule.kind === 'weeks' ? { everyWeeks: schedule.everyWeeks, monthDays: null } : { everyWeeks: null, monthDays: [...schedule.days].sort((a, b) => a - b) }

/**
 * POST /api/standing-orders: a list that this user may change, at a branch the account orders from. Its owner is
 * this user: each run is placed as if they checked out.
 */
export async function create(deps: Deps, session: Session, body: CreateStandingOrderBody): Promise<StandingOrderDetail> {
  placement.refuseResellers(session)
  const id = await deps.db.transaction().execute(async (trx) => {
    const list = await lists.findAccountList(trx, session.accountId, body.listId)
    if (!list) throw badRequest('unknown_list', 'No such list.', 'body.listId')
    if (session.role !== 'Administrator' && list.created_by !== session.userId)
      throw forbidden('Only the person who made this list or an Administrator can make it a standing order.')
    const branch = await checkBranch(trx, session, body.warehouse)
    const firstRun = checkFirstRun(body.firstRun)
    const delivery = await checkDelivery(trx, session, body.delivery)
    return repo.insertStandingOrder(trx, {
      accountId: session.accountId,
      userId: session.userId,
      listId: list.id,
      branch,
      ...scheduleColumns(body.schedule),
      firstRunOn: firstRun,
      nextRunOn: firstRunOf(body.schedule, firstRun),
      poPrefix: body.purchaseOrderPrefix,
      delivery,
    })
  })
  return detail(deps, session, id)
}

/**
 * PUT /api/standing-orders/:id. A new schedule or first run starts again from the first run given, else from the
 * next run (or tomorrow, when that is today or past): the next run is worked out afresh, and reminded of afresh.
 */
export async function update(deps: Deps, session: Session, id: number, body: UpdateStandingOrderBody): Promise<StandingOrderDetail> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await visible(trx, session, id, { forUpdate: true })
    const change: repo.StandingOrderChange = {}
    if (body.warehouse !== undefined) change.branch = await checkBranch(trx, session, body.warehouse)
    if (body.delivery !== undefined) change.delivery = await checkDelivery(trx, session, body.delivery)
    if (body.purchaseOrderPrefix !== undefined) change.poPrefix = body.purchaseOrderPrefix
    if (body.schedule !== undefined || body.firstRun !== undefined) {
      const schedule = body.schedule ?? scheduleOf(row)
      const tomorrow = addDays(today(), 1)
      const firstRun = body.firstRun !== undefined ? checkFirstRun(body.firstRun) : row.next_run_on > today() ? row.next_run_on : tomorrow
      Object.assign(change, scheduleColumns(schedule), { firstRunOn: firstRun, nextRunOn: firstRunOf(schedule, firstRun) })
    }
    await repo.updateStandingOrder(trx, id, change)
  })
  return detail(deps, session, id)
}

/**
 * POST /api/standing-orders/:id/skip: the next run is skipped (recorded as such) and the one after is next. `runOn`
 * must be the next run: a screen read before that run was placed or skipped does not skip the one after.
 */
export async function skip(deps: Deps, session: Session, id: number, runOn: string): Promise<StandingOrderDetail> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await visible(trx, session, id, { forUpdate: true })
    if (row.status !== 'active') throw conflict('standing_order_paused', 'This standing order is paused: there is no run to skip.')
    if (row.next_run_on !== runOn)
      throw conflict('not_next_run', `The next run is on ${row.next_run_on}, not ${runOn}: the page was out of date. Look again before skipping.`)
    await repo.insertRun(trx, { standingOrderId: id, runOn, ranOn: today(), outcome: 'skipped', message: `Skipped by ${session.name}.` })
    await repo.updateStandingOrder(trx, id, { nextRunOn: runAfter(scheduleOf(row), row.first_run_on, runOn) })
  })
  return detail(deps, session, id)
}

/** POST /api/standing-orders/:id/pause: no run is placed or reminded of until it is resumed. */
export async function pause(deps: Deps, session: Session, id: number): Promise<StandingOrderDetail> {
  await deps.db.transaction().execute(async (trx) => {
    await visible(trx, session, id, { forUpdate: true })
    await repo.updateStandingOrder(trx, id, { status: 'paused' })
  })
  return detail(deps, session, id)
}

/**
 * POST /api/standing-orders/:id/resume: runs again from its schedule's first run after today and after its last run
 * (a run skipped before the pause stays skipped); runs due while paused are not placed.
 */
export async function resume(deps: Deps, session: Session, id: number): Promise<StandingOrderDetail> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await visible(trx, session, id, { forUpdate: true })
    if (row.status === 'active') return
    const [last] = await repo.runsOf(trx, id, 1)
    const after = last && last.run_on > today() ? last.run_on : today()
    await repo.updateStandingOrder(trx, id, { status: 'active', nextRunOn: runAfter(scheduleOf(row), row.first_run_on, after) })
  })
  return detail(deps, session, id)
}

/** DELETE /api/standing-orders/:id: its runs' record goes with it; the orders it placed stay. */
export async function remove({ db }: Deps, session: Session, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await visible(trx, session, id, { forUpdate: true })
    await repo.deleteStandingOrder(trx, id)
  })
}
