import { z } from 'zod'
import { CheckoutFields } from './checkout'
import { IsoDate, WarehouseCode } from './common'
import { ListLine } from './lists'

/**
 * Standing orders (docs/decisions/0093-standing-orders.md): a saved list ordered again and again, every N weeks or
 * on chosen days of the month, at one branch, delivered as its checkout form says, each order's purchase order
 * number its prefix and the run's date. Three days before a run its owner is e-mailed the lines at that day's
 * prices and stock, and can skip the run, edit the list or pause. On the day the portal places the order on account
 * as if the owner checked out (limits and approvals, credit, stock and back orders apply); a cash-sale account's
 * owner is e-mailed a link to pay for it by card instead.
 */

/** How many weeks apart runs can be at most. */
export const MAX_EVERY_WEEKS = 52
/** How many days of the month a standing order can run on. */
export const MAX_MONTH_DAYS = 4
/** Days before a run that its owner is reminded. */
export const REMINDER_DAYS = 3
/** A purchase order number is the prefix and the run's date (YYYYMMDD): 30 characters at most in all. */
export const MAX_PO_PREFIX = 21

export const StandingSchedule = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('weeks'),
      everyWeeks: z
        .number({ error: 'Enter how many weeks apart' })
        .int('Weeks must be a whole number')
        .min(1, 'Every 1 week at least')
        .max(MAX_EVERY_WEEKS, `At most every ${MAX_EVERY_WEEKS} weeks`),
    }),
    z.object({
      kind: z.literal('monthDays'),
      days: z
        .array(z.number().int('A day of the month is a whole number').min(1, 'Days of the month are 1 to 31').max(31, 'Days of the month are 1 to 31'))
        .min(1, 'Choose at least one day of the month')
        .max(MAX_MONTH_DAYS, `Choose at most ${MAX_MONTH_DAYS} days of the month`)
        .refine((days) => new Set(days).size === days.length, 'Choose each day once'),
    }),
  ],
  { error: 'Choose every N weeks or days of the month' },
)
export type StandingSchedule = z.infer<typeof StandingSchedule>

const { PurchaseOrder: _po, warehouse: _branch, ...deliveryFields } = CheckoutFields

/** The checkout form each run is placed with, less its purchase order number (made from the prefix) and branch. */
export const StandingDelivery = z.object(deliveryFields)
export type StandingDelivery = z.infer<typeof StandingDelivery>

const PurchaseOrderPrefix = z
  .string()
  .trim()
  .min(1, 'Enter a purchase order prefix')
  .max(MAX_PO_PREFIX, `A purchase order prefix can be at most ${MAX_PO_PREFIX} characters`)
  .describe("Each run's purchase order number is this and the run's date, e.g. STANDING-20270104")

/** `POST /api/standing-orders`: a list made a standing order. */
export const CreateStandingOrderBody = z.object({
  listId: z.number().int().positive().max(2_147_483_647),
  warehouse: WarehouseCode.describe('LocationID of the branch each run is ordered at'),
  firstRun: IsoDate.describe('The day of the first run: after today'),
  schedule: StandingSchedule,
  purchaseOrderPrefix: PurchaseOrderPrefix,
  delivery: StandingDelivery,
})
export type CreateStandingOrderBody = z.infer<typeof CreateStandingOrderBody>

/** `PUT /api/standing-orders/:id`: its branch, schedule (from a new first run), prefix or delivery changed. */
export const UpdateStandingOrderBody = CreateStandingOrderBody.omit({ listId: true })
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Send what to change', path: ['schedule'] })
export type UpdateStandingOrderBody = z.infer<typeof UpdateStandingOrderBody>

/** `POST /api/standing-orders/:id/skip`: skips the run of that day, which must be the next one (a stale screen is refused). */
export const SkipRunBody = z.object({ runOn: IsoDate })
export type SkipRunBody = z.infer<typeof SkipRunBody>

export const StandingOrderIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

/**
 * What became of a run: placed (an order), approval (over its owner's limit: waiting for approval), payment_link
 * (a cash-sale account: its owner was e-mailed a link to pay by card), skipped (by its owner), failed (nothing
 * could be ordered: `Message` says why).
 */
export const RunOutcome = z.enum(['placed', 'approval', 'payment_link', 'skipped', 'failed'])
export type RunOutcome = z.infer<typeof RunOutcome>

export const StandingRun = z
  .object({
    RunOn: IsoDate.describe('the day the run was due'),
    RanOn: IsoDate.describe('the day it was placed or decided: later than RunOn when the portal was not running that day'),
    Outcome: RunOutcome,
    Late: z.boolean().describe('the run was placed on a later day than it was due'),
    Message: z.string().describe('what happened, in words the owner reads'),
    OrderID: z.number().int().nullable(),
    SalesOrder: z.string().nullable(),
    ApprovalID: z.number().int().nullable(),
  })
  .meta({ id: 'StandingRun' })
export type StandingRun = z.infer<typeof StandingRun>

export const StandingOrder = z
  .object({
    id: z.number().int(),
    listId: z.number().int(),
    listName: z.string(),
    owner: z.string().describe('the name of the user the orders are placed for'),
    canChange: z.boolean().describe('this user is its owner or an Administrator'),
    warehouse: z.string(),
    branchName: z.string(),
    schedule: StandingSchedule,
    scheduleText: z.string().describe('the schedule in words: "Every 2 weeks", "On the 1st and 15th of each month"'),
    firstRun: IsoDate,
    status: z.enum(['active', 'paused']),
    nextRun: IsoDate.nullable().describe('the day of the next run; null while paused'),
    purchaseOrderPrefix: z.string(),
    delivery: StandingDelivery,
    lastRun: StandingRun.nullable(),
  })
  .meta({ id: 'StandingOrder' })
export type StandingOrder = z.infer<typeof StandingOrder>

/** One standing order with its list's lines at today's prices and stock at its branch, and its last runs. */
export const StandingOrderDetail = StandingOrder.extend({
  lines: z.array(ListLine),
  runs: z.array(StandingRun).describe('the last 20 runs, newest first'),
}).meta({ id: 'StandingOrderDetail' })
export type StandingOrderDetail = z.infer<typeof StandingOrderDetail>
