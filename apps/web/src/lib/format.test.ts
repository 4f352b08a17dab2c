import { describe, expect, it } from 'vitest'
import { addMonths, asSentence, formatAvailability, formatDate, formatMoney, toWireDate } from './format'

describe('formatMoney', () => {
  it('shows thousands separators and two decimals', () => {
    expect(formatMoney(1234.5)).toBe('1,234.50')
    expect(formatMoney(0)).toBe('0.00')
    expect(formatMoney(1_000_000)).toBe('1,000,000.00')
    expect(formatMoney(12.345)).toBe('12.35')
  })

  it('keeps the sign of a credit and tolerates missing or textual amounts', () => {
    expect(formatMoney(-42.1)).toBe('-42.10')
    expect(formatMoney('99.9')).toBe('99.90')
    expect(formatMoney(undefined)).toBe('0.00')
    expect(formatMoney(Number.NaN)).toBe('0.00')
  })
})

describe('formatDate', () => {
  it("writes dates as 'MMMM Do YYYY'", () => {
    expect(formatDate('2024-03-03')).toBe('March 3rd 2024')
    expect(formatDate('2024-01-01')).toBe('January 1st 2024')
    expect(formatDate('2024-02-22')).toBe('February 22nd 2024')
    expect(formatDate('2023-12-31')).toBe('December 31st 2023')
  })

  it('uses th for the teens', () => {
    expect(formatDate('2024-05-11')).toBe('May 11th 2024')
    expect(formatDate('2024-05-12')).toBe('May 12th 2024')
    expect(formatDate('2024-05-13')).toBe('May 13th 2024')
    expect(formatDate('2024-05-04')).toBe('May 4th 2024')
  })

  it('reads a calendar date as a local date and accepts Date objects', () => {
    expect(formatDate(new Date(2024, 6, 23))).toBe('July 23rd 2024')
    expect(formatDate('2024-07-23T10:30:00')).toBe('July 23rd 2024')
  })

  it('gives an empty string for a missing or unreadable date', () => {
    expect(formatDate(null)).toBe('')
    expect(formatDate('not a date')).toBe('')
  })
})

describe('wire dates', () => {
  it('writes YYYY-MM-DD with zero padding', () => {
    expect(toWireDate(new Date(2024, 2, 3))).toBe('2024-03-03')
    expect(toWireDate(new Date(2024, 10, 21))).toBe('2024-11-21')
  })

  it('goes back six months for the default filter range, clamped to the month end', () => {
    expect(toWireDate(addMonths(new Date(2024, 6, 15), -6))).toBe('2024-01-15')
    expect(toWireDate(addMonths(new Date(2024, 7, 31), -6))).toBe('2024-02-29')
    expect(toWireDate(addMonths(new Date(2025, 0, 10), -6))).toBe('2024-07-10')
  })
})

describe('formatAvailability', () => {
  it('says the stock at the branch, none, or that the product is no longer sold', () => {
    expect(formatAvailability({ Availability: { Available: 1234 } })).toBe('In stock (1,234)')
    expect(formatAvailability({ Availability: { Available: 0 } })).toBe('No stock')
    expect(formatAvailability({ Availability: { Available: -3 } })).toBe('No stock')
    expect(formatAvailability(null)).toBe('Not available')
  })
})

describe('asSentence', () => {
  it('ends a message with one full stop, never two', () => {
    expect(asSentence('Insufficient Funds')).toBe('Insufficient Funds.')
    expect(asSentence('It will be refunded.')).toBe('It will be refunded.')
    expect(asSentence(' Are you sure? ')).toBe('Are you sure?')
    expect(asSentence('')).toBe('')
  })
})
