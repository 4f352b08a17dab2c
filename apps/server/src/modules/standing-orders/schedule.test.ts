import { describe, expect, it } from 'vitest'
import type { StandingSchedule } from '@portal/contract/standing-orders'
import { firstRunOf, isCalendarDay, purchaseOrderOf, runAfter, scheduleText } from './schedule'

describe('standing order schedules', () => {
  it('runs every N weeks from the first run', () => {
    const every2 = { kind: 'weeks', everyWeeks: 2 } as const
    expect(firstRunOf(every2, '2027-01-04')).toBe('2027-01-04')
    expect(runAfter(every2, '2027-01-04', '2027-01-04')).toBe('2027-01-18')
    expect(runAfter(every2, '2027-01-04', '2027-01-17')).toBe('2027-01-18')
    expect(runAfter(every2, '2027-01-04', '2027-01-18')).toBe('2027-02-01')
    // Before the first run, the first run; across a year's end and a leap day.
    expect(runAfter(every2, '2027-01-04', '2026-06-01')).toBe('2027-01-04')
    expect(runAfter({ kind: 'weeks', everyWeeks: 1 }, '2028-02-22', '2028-02-22')).toBe('2028-02-29')
    expect(runAfter({ kind: 'weeks', everyWeeks: 52 }, '2026-12-28', '2026-12-28')).toBe('2027-12-27')
  })

  it('runs on the chosen days of each month, a missing day on the month’s last', () => {
    const days: StandingSchedule = { kind: 'monthDays', days: [15, 1] }
    expect(firstRunOf(days, '2027-01-02')).toBe('2027-01-15')
    expect(runAfter(days, '2027-01-02', '2027-01-15')).toBe('2027-02-01')
    expect(runAfter(days, '2027-01-02', '2027-12-15')).toBe('2028-01-01')
    const end: StandingSchedule = { kind: 'monthDays', days: [31] }
    expect(runAfter(end, '2027-01-01', '2027-01-31')).toBe('2027-02-28')
    expect(runAfter(end, '2027-01-01', '2028-02-01')).toBe('2028-02-29')
    expect(runAfter(end, '2027-01-01', '2027-04-01')).toBe('2027-04-30')
    // The 30th and 31st are one run in February.
    expect(runAfter({ kind: 'monthDays', days: [30, 31] }, '2027-01-01', '2027-01-31')).toBe('2027-02-28')
    expect(runAfter({ kind: 'monthDays', days: [30, 31] }, '2027-01-01', '2027-02-28')).toBe('2027-03-30')
  })

  it('says the schedule in words', () => {
    expect(scheduleText({ kind: 'weeks', everyWeeks: 1 }, '2027-01-04')).toBe('Every week on Monday')
    expect(scheduleText({ kind: 'weeks', everyWeeks: 3 }, '2027-01-08')).toBe('Every 3 weeks on Friday')
    expect(scheduleText({ kind: 'monthDays', days: [15, 1] }, '2027-01-01')).toBe('On the 1st and 15th of each month')
    expect(scheduleText({ kind: 'monthDays', days: [2, 11, 22, 23] }, '2027-01-01')).toBe('On the 2nd, 11th, 22nd and 23rd of each month')
  })

  it('knows a calendar day and makes purchase order numbers', () => {
    expect(isCalendarDay('2027-02-28')).toBe(true)
    expect(isCalendarDay('2027-02-30')).toBe(false)
    expect(isCalendarDay('2027-13-01')).toBe(false)
    expect(purchaseOrderOf('FEED-', '2027-03-09')).toBe('FEED-20270309')
  })
})
