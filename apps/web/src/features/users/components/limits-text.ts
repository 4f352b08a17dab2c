import type { SubUser } from '@portal/contract/users'
import { formatDollars } from '../../../lib/format'

export const ADMINISTRATORS_NOT_LIMITED = "None: an Administrator's orders are not limited"

/**
 * A user's spending limits in a line: "Limit $250.00 an order, $2,000.00 a month, approved by staff", "No limits";
 * an Administrator has none to set.
 */
export function limitsText(user: Pick<SubUser, 'Role' | 'OrderLimit' | 'MonthLimit' | 'Approver'>): string {
  if (user.Role === 'Administrator') return ADMINISTRATORS_NOT_LIMITED
  const limits = [
    ...(user.OrderLimit === null ? [] : [`${formatDollars(user.OrderLimit)} an order`]),
    ...(user.MonthLimit === null ? [] : [`${formatDollars(user.MonthLimit)} a month`]),
  ]
  if (limits.length === 0) return 'No limits'
  return `Limit ${limits.join(', ')}, approved by ${user.Approver ?? 'any Administrator'}`
}

export const LIMIT_NOT_A_NUMBER = 'Enter the limit in dollars, such as 250 or 250.50, or leave it empty for no limit'

/** A limit field's text: dollars (a $ sign and thousands commas allowed), null when empty, or what is wrong with it. */
export function parseLimit(text: string): { value: number | null; error?: undefined } | { value?: undefined; error: string } {
  const cleaned = text.replace(/[\s,$]/g, '')
  if (cleaned === '') return { value: null }
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return { error: LIMIT_NOT_A_NUMBER }
  return { value: Number(cleaned) }
}

/** A limit as its field first shows it: "250.00", or empty for none. */
export const limitField = (limit: number | null) => (limit === null ? '' : limit.toFixed(2))
