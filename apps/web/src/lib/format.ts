import type { ProductOffer } from '@portal/contract/catalogue'

const moneyFormat = new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** Dollars with thousands separators and 2 decimals, without the sign: formatMoney(1234.5) is '1,234.50'. */
export function formatMoney(value: number | string | null | undefined): string {
  const amount = typeof value === 'string' ? Number(value) : (value ?? 0)
  return moneyFormat.format(Number.isFinite(amount) ? amount : 0)
}

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

function ordinal(day: number): string {
  const lastTwo = day % 100
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`
  switch (day % 10) {
    case 1:
      return `${day}st`
    case 2:
      return `${day}nd`
    case 3:
      return `${day}rd`
    default:
      return `${day}th`
  }
}

/**
 * Reads a wire date. A bare 'YYYY-MM-DD' is a calendar date and is read in local time
 * (new Date('2024-03-03') would be midnight UTC, the day before in the Americas).
 */
export function parseDate(value: Date | string): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value
  const calendar = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  const date = calendar ? new Date(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3])) : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** 'MMMM Do YYYY', e.g. 'March 3rd 2024'; an unreadable value gives ''. */
export function formatDate(value: Date | string | null | undefined): string {
  const date = value == null ? null : parseDate(value)
  if (!date) return ''
  return `${months[date.getMonth()]} ${ordinal(date.getDate())} ${date.getFullYear()}`
}

/** YYYY-MM-DD, the wire format for date filters, in local time. */
export function toWireDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** Adds calendar months, keeping to the last day of a shorter month (Aug 31 - 6 months = Feb 28/29). */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(date.getFullYear(), date.getMonth() + months, 1)
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate()
  target.setDate(Math.min(date.getDate(), lastDay))
  return target
}

/** An amount with its dollar sign: formatDollars(1234.5) is '$1,234.50', formatDollars(-12.3) is '-$12.30'. */
export function formatDollars(value: number | string | null | undefined): string {
  const amount = typeof value === 'string' ? Number(value) : (value ?? 0)
  return `${amount < 0 ? '-' : ''}$${formatMoney(Math.abs(amount))}`
}

/** What a saved list's line or a buy-again row says of a product's stock at the branch; a product no longer sold is not available. */
export function formatAvailability(offer: Pick<ProductOffer, 'Availability'> | null): string {
  if (!offer) return 'Not available'
  const available = offer.Availability.Available
  return available > 0 ? `In stock (${available.toLocaleString('en-AU')})` : 'No stock'
}

/**
 * A message as a sentence of its own: a full stop is added only when the text does not already end with one (or
 * with ? or !). The server's messages end with a full stop; a provider's reason ('Insufficient Funds') does not.
 */
export function asSentence(text: string): string {
  const trimmed = text.trim()
  return trimmed === '' || /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`
}
