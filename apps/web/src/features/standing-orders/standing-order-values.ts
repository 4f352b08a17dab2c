import { CreateStandingOrderBody, type StandingOrder, type StandingSchedule, type UpdateStandingOrderBody } from '@portal/contract/standing-orders'
import { toWireDate } from '../../lib/format'
import { DeliveryFormSchema, type DeliveryValues } from '../checkout'

/**
 * The standing order form as the browser holds it: the checkout's delivery fields under their own names, and the
 * schedule as typed (every field a string; the days of the month are the ticked boxes). Its rules are the
 * contract's, checked on the body it becomes, so the screen and the server agree on what is wrong and say it alike.
 */
export type StandingOrderValues = DeliveryValues & {
  warehouse: string
  firstRun: string
  scheduleKind: StandingSchedule['kind'] | ''
  everyWeeks: string
  days: string[]
  purchaseOrderPrefix: string
}

export type FormField = keyof StandingOrderValues

/** What the form sends: a new standing order's body less its list, which the screen adds. */
export type StandingOrderBody = Omit<CreateStandingOrderBody, 'listId'>

const FormBody = CreateStandingOrderBody.omit({ listId: true })
const DELIVERY_FIELDS = Object.keys(DeliveryFormSchema.shape) as Array<keyof DeliveryValues>

/** The day after `today`, as the date field and the wire write it: the first run can be no sooner. */
export function earliestRun(today: Date = new Date()): string {
  return toWireDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1))
}

/** The number typed, for the contract to judge: nothing typed reads as missing, anything else not a number is refused. */
const typedNumber = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim()))

function scheduleOf(values: StandingOrderValues): unknown {
  if (values.scheduleKind === 'weeks') return { kind: 'weeks', everyWeeks: typedNumber(values.everyWeeks) }
  if (values.scheduleKind === 'monthDays') return { kind: 'monthDays', days: values.days.map(Number).sort((a, b) => a - b) }
  return undefined
}

/** The form as the API takes it, not yet checked. */
export function bodyOf(values: StandingOrderValues): Record<keyof StandingOrderBody, unknown> {
  const { warehouse, firstRun, scheduleKind: _kind, everyWeeks: _weeks, days: _days, purchaseOrderPrefix, SiteCode, DeliveryType, ...delivery } = values
  return {
    warehouse,
    firstRun,
    schedule: scheduleOf(values),
    purchaseOrderPrefix,
    delivery: { ...delivery, ...(SiteCode.trim() ? { SiteCode } : {}), DeliveryType: Number(DeliveryType) },
  }
}

/**
 * The form field a problem belongs to, from its path in the body (`['delivery', 'Phone']`) or the server's field
 * (`body.delivery.Phone`, `body.schedule.days.1`); undefined when it is none of the form's.
 */
export function formFieldOf(path: string | ReadonlyArray<PropertyKey>): FormField | undefined {
  const parts = (typeof path === 'string' ? path.replace(/^body\./, '').split('.') : path.map(String)).filter((p) => p !== '')
  const [first, second] = parts
  switch (first) {
    case 'warehouse':
    case 'firstRun':
    case 'purchaseOrderPrefix':
      return first
    case 'schedule':
      return second === 'everyWeeks' ? 'everyWeeks' : second === 'days' ? 'days' : 'scheduleKind'
    case 'delivery':
      return DELIVERY_FIELDS.find((name) => name === second)
    default:
      return undefined
  }
}

export type Checked = { body: StandingOrderBody; errors?: undefined } | { body?: undefined; errors: Partial<Record<FormField, string>> }

/**
 * Checks the form by the contract, and the first run against today (the server's rule: after today). An edit gives
 * the values it started from: a first run it sends neither changed nor with a new schedule is not checked against
 * today (the next run of a running order may be today). The first problem of each field is kept.
 */
export function checkStandingOrder(values: StandingOrderValues, { today = new Date(), start }: { today?: Date; start?: StandingOrderValues } = {}): Checked {
  const datesChecked = !start || values.firstRun !== start.firstRun || !same(scheduleOf(values), scheduleOf(start))
  const parsed = FormBody.safeParse(bodyOf(values))
  const errors: Partial<Record<FormField, string>> = {}
  for (const issue of parsed.error?.issues ?? []) {
    const field = formFieldOf(issue.path)
    if (field && !errors[field]) errors[field] = issue.message
  }
  if (values.scheduleKind === '') errors.scheduleKind = 'Choose every few weeks or days of the month'
  if (values.firstRun === '') errors.firstRun = 'Choose the day of the first order'
  else if (!errors.firstRun && datesChecked && values.firstRun < earliestRun(today)) errors.firstRun = 'Choose a day after today'
  if (parsed.success && Object.keys(errors).length === 0) return { body: parsed.data }
  return { errors }
}

/** The form of a standing order kept by the server, to edit it. */
export function valuesOf(order: StandingOrder, delivery: DeliveryValues): StandingOrderValues {
  const { schedule } = order
  return {
    ...delivery,
    warehouse: order.warehouse,
    // A paused order has no next run: its first run stands for the day runs are counted from.
    firstRun: order.nextRun ?? order.firstRun,
    scheduleKind: schedule.kind,
    everyWeeks: schedule.kind === 'weeks' ? String(schedule.everyWeeks) : '2',
    days: schedule.kind === 'monthDays' ? schedule.days.map(String) : [],
    purchaseOrderPrefix: order.purchaseOrderPrefix,
  }
}

/** Equal as data: objects compared key by key whatever their keys' order. */
const same = (a: unknown, b: unknown) => {
  const canonical = (value: unknown) =>
    JSON.stringify(value, (_, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => x.localeCompare(y))) : v,
    )
  return canonical(a) === canonical(b)
}

/**
 * An edit's body: only what changed against the values the form started with. A new schedule is counted from the
 * first run shown, so it goes with it.
 */
export function changesOf(body: StandingOrderBody, startValues: StandingOrderValues): UpdateStandingOrderBody {
  // As the contract reads it (trimmed, in its order) when it can: what the server sent back reads the same.
  const raw = bodyOf(startValues)
  const start = FormBody.safeParse(raw).data ?? raw
  const scheduleChanged = !same(body.schedule, start.schedule)
  const changes: UpdateStandingOrderBody = {}
  if (body.warehouse !== start.warehouse) changes.warehouse = body.warehouse
  if (scheduleChanged) changes.schedule = body.schedule
  if (scheduleChanged || body.firstRun !== start.firstRun) changes.firstRun = body.firstRun
  if (body.purchaseOrderPrefix !== start.purchaseOrderPrefix) changes.purchaseOrderPrefix = body.purchaseOrderPrefix
  if (!same(body.delivery, start.delivery)) changes.delivery = body.delivery
  return changes
}

/** The purchase order number a run on `day` gets: the prefix and the day as YYYYMMDD. */
export const purchaseOrderOf = (prefix: string, day: string) => `${prefix.trim()}${day.replaceAll('-', '')}`
