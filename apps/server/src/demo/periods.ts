import type { Db } from './bulk'
import { financialPeriodOf, firstOfMonthIndex, formatDay, MONTH_NAMES, monthIndex, parts, type Day } from './dates'

/** Monthly financial periods from the start of the financial year three years back up to the current month. */
export function periodRows(today: Day) {
  const { year: currentFinancialYear } = financialPeriodOf(today)
  // FY2024 runs from July 2023, so its first month is July of the calendar year before.
  const first = (currentFinancialYear - 4) * 12 + 6
  const rows = []
  for (let month = first; month <= monthIndex(today); month++) {
    const start: Day = firstOfMonthIndex(month)
    const end: Day = firstOfMonthIndex(month + 1) - 1
    const p = parts(start)
    const period = financialPeriodOf(start)
    rows.push({
      financial_year: period.year,
      financial_period: period.period,
      description: `${MONTH_NAMES[p.month - 1]} ${p.year}`,
      start_date: formatDay(start),
      end_date: formatDay(end),
    })
  }
  return rows
}

export async function seedFinancialPeriods(db: Db, today: Day): Promise<number> {
  const rows = periodRows(today)
  await db.insertInto('financial_periods').values(rows).execute()
  return rows.length
}
