import { REMINDER_DAYS, type StandingDelivery } from '@portal/contract/standing-orders'
import type { PlaceOrderBody } from '@portal/contract/checkout'
import type { FastifyBaseLogger } from 'fastify'
import type { Deps, Session } from '../../lib/context'
import { today } from '../../lib/date-range'
import { AppError } from '../../lib/errors'
import { pdfMoney } from '../../lib/pdf-document'
import { sessionOfUser } from '../auth'
import { takesOrdersFor } from '../branches/service'
import { enqueueMail } from '../mail/outbox'
import { approvals, cart, placement } from '../ordering'
import { isDeliverySite } from '../orders/service'
import * as repo from './repo'
import { purchaseOrderOf, runAfter, scheduleOf } from './schedule'

/**
 * The scheduler of standing orders (docs/decisions/0093-standing-orders.md). Every instance of the portal ticks,
 * but the database decides: each due run is claimed by locking its standing order's row (SKIP LOCKED: another
 * instance's claim is passed over) with the next run it was read at, and the run is recorded, the order placed (or
 * the approval, payment link or failure written) and the next run set in that one transaction. A second instance,
 * or this one again after a crash, finds the next run moved on; and should anything still try the same run, the run's
 * unique row (migration 0041) and the order's idempotency key refuse it.
 */

type Db = Deps['db']
type RunDeps = Pick<Deps, 'db' | 'config' | 'metrics' | 'inMemory'>
type Claimed = repo.StandingOrderRow

/** Runs and reminders claimed a tick; a full batch makes the next tick come at once. */
export const BATCH = 50
/** How often each instance looks for due runs and reminders. */
export const TICK_MS = 60_000

const money = (cents: number) => `$${pdfMoney(cents)}`

/** "Monday 4 January 2027" */
const longDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-AU', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

/** Why a run made no order, in words for its owner; null when it can be placed. */
async function cannotRun(db: Db, s: Claimed, owner: Session | undefined): Promise<string | null> {
  if (!owner) return `${s.owner_name}'s login is disabled, so nothing was ordered.`
  if (owner.isElders) return 'Reseller accounts do not order online, so nothing was ordered.'
  if (!(await takesOrdersFor(db, s.account_id, s.location_id)))
    return `${s.branch_name} no longer takes orders for this account, so nothing was ordered. Choose another branch.`
  return null
}

/** The list's lines priced for the owner now at the branch; products no longer sold to them are left out, by name. */
async function linesNow(db: Db, s: Claimed, owner: Session) {
  const items = (await repo.listLines(db, s.list_id)).map((l) => ({ productId: l.product_id, quantity: l.quantity }))
  const rows = items.length > 0 ? await cart.pricedItems(db, owner, items, s.location_id) : []
  const sold = rows.filter((r) => r.active && r.visible)
  const gone = rows.filter((r) => !(r.active && r.visible)).map((r) => `${r.productCode} ${r.description}`)
  return { rows: sold, lines: sold.map((r) => placement.orderLineOf(owner, r)), gone }
}

const leftOut = (gone: string[]) => (gone.length > 0 ? ` Left out, as no longer sold online: ${gone.join('; ')}.` : '')

/** What a run's record says about when it ran: a late run says it was due earlier. */
const lateNote = (runOn: string, day: string) =>
  runOn < day ? ` It was due on ${longDay(runOn)}, when the portal was not running, and was placed once it was back.` : ''

/** The checkout form a run is placed with. */
const formOf = (s: Claimed, runOn: string): PlaceOrderBody => ({
  ...(s.delivery as StandingDelivery),
  PurchaseOrder: purchaseOrderOf(s.po_prefix, runOn),
  warehouse: s.location_id,
})

/** Records the run and moves the standing order to its next run after `day` (runs missed meanwhile are not placed). */
async function recordRun(trx: Db, s: Claimed, run: Omit<repo.NewRun, 'standingOrderId'>) {
  await repo.insertRun(trx, { standingOrderId: s.id, ...run })
  await repo.updateStandingOrder(trx, s.id, { nextRunOn: runAfter(scheduleOf(s), s.first_run_on, run.ranOn) })
}

/** Tells the owner what became of a run that placed no order on time (a placed order has its confirmation). */
async function tellOwner(trx: Db, deps: Pick<Deps, 'config'>, s: Claimed, email: string, subject: string, message: string) {
  await enqueueMail(trx, {
    to: email,
    subject,
    text: [`Hi ${s.owner_name},`, '', message, '', `See the standing order: ${deps.config.publicUrl}/standing-orders/${s.id}`].join('\n'),
  })
}

/** The owner's address, a disabled owner's too (they are told why nothing was ordered). */
const ownerEmail = async (trx: Db, s: Claimed, owner: Session | undefined) => owner?.email ?? (await repo.emailOf(trx, s.user_id))

/**
 * One due run of standing order `id`, due on `runOn` and run on `day`: placed through placement.placeOrder as its
 * owner's checkout would be (their limits and approvals, the account's credit rule, the branch's stock and back
 * orders), not made of their cart, which stays as it is. Answers what became of it, or null when another instance
 * had it or it was no longer due.
 */
export async function runOne(deps: RunDeps, due: { id: number; userId: number; accountId: number; runOn: string }, day: string): Promise<repo.Outcome | null> {
  const { id, runOn } = due
  const key = `standing ${id} ${runOn}`
  let outcome: repo.Outcome | null = null
  // What prepare found, for placed: the claimed standing order, its owner, the products left out.
  let claimed: { s: Claimed; owner: Session; gone: string[] } | undefined
  try {
    await placement.placeOrder<'none'>(deps, {
      buyer: { userId: due.userId, accountId: due.accountId },
      key,
      payment: 'account',
      // Nobody is there to confirm a warning: the owner set the standing order up; a credit block still refuses it.
      credit: { confirmed: true, accountsPhone: deps.config.distributor.accountsPhone },
      replayed: async () => ({ noOrder: 'none' as const }),
      async prepare(trx) {
        const s = await repo.claim(trx, id, runOn)
        if (!s || s.user_id !== due.userId) return { noOrder: 'none' as const }
        const owner = await sessionOfUser(trx, s.user_id)
        const why = await cannotRun(trx, s, owner)
        if (why || !owner) {
          await recordRun(trx, s, { runOn, ranOn: day, outcome: 'failed', message: why! })
          await tellOwner(trx, deps, s, await ownerEmail(trx, s, owner), `Your standing order "${s.list_name}" was not placed`, why!)
          outcome = 'failed'
          return { noOrder: 'none' as const }
        }
        const { lines, gone } = await linesNow(trx, s, owner)
        if (lines.length === 0) {
          const message = `The list "${s.list_name}" has nothing that can be ordered, so nothing was ordered.${leftOut(gone)}`
          await recordRun(trx, s, { runOn, ranOn: day, outcome: 'failed', message })
          await tellOwner(trx, deps, s, owner.email, `Your standing order "${s.list_name}" was not placed`, message)
          outcome = 'failed'
          return { noOrder: 'none' as const }
        }
        const form = formOf(s, runOn)
        if (owner.isCash) {
          const link = `${deps.config.publicUrl}/standing-orders/${s.id}?pay=${runOn}`
          const total = placement.totalOf(lines)
          const message = `Cash-sale accounts pay by card: pay for this run here: ${link} (about ${money(total.incCents)} inc GST at today's prices).${leftOut(gone)}`
          await recordRun(trx, s, {
            runOn,
            ranOn: day,
            outcome: 'payment_link',
            message: `A link to pay by card was e-mailed to ${owner.name}.${leftOut(gone)}`,
          })
          await tellOwner(trx, deps, s, owner.email, `Your standing order "${s.list_name}" is ready to pay`, message)
          outcome = 'payment_link'
          return { noOrder: 'none' as const }
        }
        const siteCode = form.SiteCode && (await isDeliverySite(trx, s.account_id, form.SiteCode)) ? form.SiteCode : null
        const limits = await approvals.limitsOf(trx, owner.userId, key)
        if (limits.keyed !== null) return { noOrder: 'none' as const }
        const over = await approvals.overLimit(trx, owner.userId, limits, placement.totalOf(lines).exCents)
        if (over) {
          const sent = await approvals.submit(trx, deps, owner, { branch: s.location_id, siteCode, form, lines, over, key, keepsCart: true })
          const message = `It is over ${owner.name}'s spending limit, so it waits for approval.${leftOut(gone)}${lateNote(runOn, day)}`
          await recordRun(trx, s, { runOn, ranOn: day, outcome: 'approval', message, approvalId: sent.approval.id })
          await tellOwner(trx, deps, s, owner.email, `Your standing order "${s.list_name}" waits for approval`, message)
          outcome = 'approval'
          return { noOrder: 'none' as const }
        }
        claimed = { s, owner, gone }
        return { buyer: placement.buyerOf(owner), branch: s.location_id, siteCode, form, lines, paymentReference: null, keepsCart: true }
      },
      async placed(trx, order) {
        const { s, owner, gone } = claimed!
        const late = lateNote(runOn, day)
        await recordRun(trx, s, {
          runOn,
          ranOn: day,
          outcome: 'placed',
          message: `Placed as ${order.SalesOrder}.${leftOut(gone)}${late}`,
          orderId: order.OrderID,
        })
        if (late || gone.length > 0)
          await tellOwner(
            trx,
            deps,
            s,
            owner.email,
            `Your standing order "${s.list_name}" was placed as ${order.SalesOrder}`,
            `Placed as ${order.SalesOrder}.${leftOut(gone)}${late}`,
          )
        outcome = 'placed'
      },
    })
    return outcome
  } catch (err) {
    if (!(err instanceof AppError)) throw err
    // A rule of ordering refused it (the credit limit, the account on hold): the run is recorded as failed, and said why.
    return deps.db.transaction().execute(async (trx) => {
      const s = await repo.claim(trx, id, runOn)
      if (!s) return null
      const owner = await sessionOfUser(trx, s.user_id)
      const message = `It could not be placed: ${err.message}`
      await recordRun(trx, s, { runOn, ranOn: day, outcome: 'failed', message })
      await tellOwner(trx, deps, s, await ownerEmail(trx, s, owner), `Your standing order "${s.list_name}" was not placed`, message)
      return 'failed' as const
    })
  }
}

/** The reminder of a run `REMINDER_DAYS` ahead: its lines at today's prices and stock, and what its owner can do. */
async function remindOne(deps: RunDeps, due: { id: number; runOn: string }): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const s = await repo.claim(trx, due.id, due.runOn)
    if (!s || s.reminded_for === due.runOn) return false
    await repo.markReminded(trx, s.id, due.runOn)
    const owner = await sessionOfUser(trx, s.user_id)
    if (!owner || (await cannotRun(trx, s, owner))) return false
    const { rows, lines, gone } = await linesNow(trx, s, owner)
    const total = placement.totalOf(lines)
    const described = rows.map((r, i) => {
      const stock = r.available >= r.quantity ? 'in stock' : `${Math.max(0, r.available).toLocaleString('en-AU')} in stock`
      return `  ${r.quantity} x ${r.productCode}  ${r.description}  ${money(placement.totalOf([lines[i]!]).incCents)}  (${stock})`
    })
    const page = `${deps.config.publicUrl}/standing-orders/${s.id}`
    await enqueueMail(trx, {
      to: owner.email,
      subject: `Your standing order "${s.list_name}" runs on ${longDay(due.runOn)}`,
      text: [
        `Hi ${owner.name},`,
        '',
        `On ${longDay(due.runOn)} the portal will ${owner.isCash ? 'e-mail you a link to pay by card for' : 'place'} your standing order "${s.list_name}" at ${s.branch_name}, purchase order ${purchaseOrderOf(s.po_prefix, due.runOn)}. At today's prices and stock:`,
        '',
        ...described,
        '',
        `Total: ${money(total.incCents)} inc GST (prices and stock on the day apply${owner.isCash ? '' : '; what the branch does not have then is back-ordered'}).${leftOut(gone)}`,
        '',
        `To skip this run, pause the standing order or change it: ${page}`,
        `To change its products or quantities, edit the list: ${deps.config.publicUrl}/lists/${s.list_id}`,
      ].join('\n'),
    })
    return true
  })
}

/** Places every run due by `day` (a batch), then sends the reminders due; answers how many of each. */
export async function runDue(deps: RunDeps, day = today()): Promise<{ runs: number; reminders: number; full: boolean }> {
  const due = await repo.dueRuns(deps.db, day, BATCH)
  let runs = 0
  for (const d of due) if (await runOne(deps, { id: d.id, userId: d.user_id, accountId: d.account_id, runOn: d.next_run_on }, day)) runs += 1
  const reminding = await repo.dueReminders(deps.db, day, REMINDER_DAYS, BATCH)
  let reminders = 0
  for (const r of reminding) if (await remindOne(deps, { id: r.id, runOn: r.next_run_on })) reminders += 1
  return { runs, reminders, full: due.length === BATCH || reminding.length === BATCH }
}

export interface StandingOrderScheduler {
  /** Runs a tick now and resolves when it is done (tests and the first tick at start). */
  tick(): Promise<void>
  stop(): Promise<void>
}

/**
 * Ticks every TICK_MS (at once when the last tick's batch was full), and once at start: a run missed while no
 * instance was running is placed then. A failed tick is logged and tried again at the next.
 */
export function startStandingOrders(deps: RunDeps, log: Pick<FastifyBaseLogger, 'error' | 'info'>): StandingOrderScheduler {
  let running: Promise<void> | null = null
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  const tick = (): Promise<void> => {
    if (running) return running
    running = (async () => {
      try {
        const done = await runDue(deps)
        if (done.runs > 0) log.info({ runs: done.runs, reminders: done.reminders }, 'standing orders run')
        schedule(done.full ? 0 : TICK_MS)
      } catch (error) {
        log.error({ err: error }, 'standing orders could not be run')
        schedule(TICK_MS)
      } finally {
        running = null
      }
    })()
    return running
  }
  const schedule = (ms: number) => {
    if (stopped) return
    clearTimeout(timer)
    timer = setTimeout(() => void tick(), ms)
    timer.unref()
  }
  void tick()
  return {
    tick,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
