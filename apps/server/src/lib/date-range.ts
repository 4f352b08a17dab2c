import { badRequest } from './errors'

/** A date filter with inclusive bounds; an absent bound is open. */
export interface DateRange {
  from?: string
  to?: string
}

const pad = (n: number) => String(n).padStart(2, '0')
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`

/** Today in the server's time zone, as YYYY-MM-DD. */
export function today(now = new Date()): string {
  return iso(now)
}

/** The same day some months earlier, kept to the end of a shorter month (31 August less six months is 28/29 February). */
export function monthsBefore(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const first = new Date(y, m - 1 - months, 1)
  const last = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate()
  return iso(new Date(first.getFullYear(), first.getMonth(), Math.min(d, last)))
}

/**
 * The history lists' date filter (six months ago to today by default; a To date
 * alone looks six months back from it). A search
 * looks through the whole history unless the caller bounds it, so an order number or an order's
 * invoices are found however old they are.
 */
export function historyRange(
  query: { startDate?: string | undefined; endDate?: string | undefined; search?: string | undefined },
  now = new Date(),
): DateRange {
  const searching = Boolean(query.search)
  const to = query.endDate ?? (searching ? undefined : today(now))
  const from = query.startDate ?? (searching ? undefined : monthsBefore(to ?? today(now), 6))
  if (from && to && from > to) throw badRequest('invalid_date_range', 'The From date must be on or before the To date.', 'querystring.startDate')
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) }
}

/** A search term for `LIKE '%…%'`: lower case, with the pattern characters taken literally. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
