import type { StandingSchedule } from '@portal/contract/standing-orders'

/**
 * When a standing order runs (decision 0093): every N weeks from its first run, or on chosen days of each month
 * from its first run on, where a month without a chosen day (the 31st in April) runs on its last day instead.
 * Days are calendar days as YYYY-MM-DD, worked out in UTC so that no time zone or daylight saving moves them.
 */

const DAY_MS = 86_400_000

const toTime = (day: string) => Date.parse(`${day}T00:00:00Z`)
const toDay = (time: number) => new Date(time).toISOString().slice(0, 10)

/** `day` moved by `days` (negative: earlier). */
export const addDays = (day: string, days: number) => toDay(toTime(day) + days * DAY_MS)

/** Whether `day` is a real calendar day written YYYY-MM-DD (2027-02-30 is not). */
export const isCalendarDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(toTime(day)) && toDay(toTime(day)) === day

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

/** The first run on or after `from` of a schedule of month days. */
function nextMonthDay(days: number[], from: string): string {
  let [year, month] = from.split('-').map(Number) as [number, number]
  const fromDay = Number(from.slice(8, 10))
  for (let first = true; ; first = false) {
    const last = daysInMonth(year, month)
    const candidates = [...new Set(days.map((d) => Math.min(d, last)))].sort((a, b) => a - b)
    const day = candidates.find((d) => !first || d >= fromDay)
    if (day !== undefined) return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
    month += 1
    if (month > 12) {
      month = 1
      year += 1
    }
  }
}

/** The schedule's first run after `after` (never before its first run, `firstRun`). */
export function runAfter(schedule: StandingSchedule, firstRun: string, after: string): string {
  const from = addDays(after, 1) > firstRun ? addDays(after, 1) : firstRun
  if (schedule.kind === 'monthDays') return nextMonthDay(schedule.days, from)
  const period = schedule.everyWeeks * 7
  const daysIn = Math.round((toTime(from) - toTime(firstRun)) / DAY_MS)
  return addDays(firstRun, Math.ceil(daysIn / period) * period)
}

/** The schedule's first run: its first run day itself, or for month days the first chosen day from then on. */
export const firstRunOf = (schedule: StandingSchedule, firstRun: string) => runAfter(schedule, firstRun, addDays(firstRun, -1))

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

const ordinal = (n: number) => {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${suffix}`
}

const joined = (words: string[]) => (words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`)

/** The schedule in words: "Every 2 weeks on Monday", "On the 1st and 15th of each month". */
export function scheduleText(schedule: StandingSchedule, firstRun: string): string {
  if (schedule.kind === 'monthDays') {
    const days = [...schedule.days].sort((a, b) => a - b)
    return `On the ${joined(days.map(ordinal))} of each month`
  }
  const weekday = WEEKDAYS[new Date(toTime(firstRun)).getUTCDay()]
  return `${schedule.everyWeeks === 1 ? 'Every week' : `Every ${schedule.everyWeeks} weeks`} on ${weekday}`
}

/** The schedule a row of `standing_orders` holds. */
export function scheduleOf(row: { every_weeks: number | null; month_days: number[] | null }): StandingSchedule {
  return row.every_weeks !== null ? { kind: 'weeks', everyWeeks: row.every_weeks } : { kind: 'monthDays', days: row.month_days ?? [] }
}

/** The purchase order number of a run: the prefix and the run's day as YYYYMMDD. */
export const purchaseOrderOf = (prefix: string, runOn: string) => `${prefix}${runOn.replaceAll('-', '')}`
