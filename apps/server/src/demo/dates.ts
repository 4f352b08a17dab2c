/** Calendar dates as whole days since 1970-01-01 (UTC), so arithmetic never meets time zones. */
export type Day = number

const MS_PER_DAY = 86_400_000

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const

export function parseDay(iso: string): Day {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (!match) throw new Error(`Expected a date as YYYY-MM-DD, got "${iso}"`)
  return fromParts(Number(match[1]), Number(match[2]), Number(match[3]))
}

/** Today in the machine's local time zone. */
export function localToday(): string {
  const now = new Date()
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

export function fromParts(year: number, month: number, day: number): Day {
  return Math.round(Date.UTC(year, month - 1, day) / MS_PER_DAY)
}

export function formatDay(day: Day): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10)
}

export function parts(day: Day): { year: number; month: number; date: number; weekday: number } {
  const d = new Date(day * MS_PER_DAY)
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, date: d.getUTCDate(), weekday: d.getUTCDay() }
}

/** Months since year 0, handy as an index for monthly buckets. */
export function monthIndex(day: Day): number {
  const p = parts(day)
  return p.year * 12 + p.month - 1
}

export function firstOfMonthIndex(index: number): Day {
  return fromParts(Math.floor(index / 12), (index % 12) + 1, 1)
}

/** Invoices fall due on the 25th of the month after the invoice date. */
export function dueDate25thNextMonth(day: Day): Day {
  const p = parts(day)
  return fromParts(p.month === 12 ? p.year + 1 : p.year, p.month === 12 ? 1 : p.month + 1, 25)
}

export function addYears(day: Day, years: number): Day {
  const p = parts(day)
  return fromParts(p.year + years, p.month, Math.min(p.date, 28))
}

/** Australian financial year: July is period 1, and the year is named by the June it ends in. */
export function financialPeriodOf(day: Day): { year: number; period: number } {
  const p = parts(day)
  return p.month >= 7 ? { year: p.year + 1, period: p.month - 6 } : { year: p.year, period: p.month + 6 }
}

function pad(n: number): string {
  return String(n).padStart(2, '0')
}
