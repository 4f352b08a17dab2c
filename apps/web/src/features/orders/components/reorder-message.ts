import type { ReorderReason, ReorderResult } from '@portal/contract/orders'
import { formatMoney } from '../../../lib/format'

const SHORT_REASONS: Record<ReorderReason, string> = {
  not_available: 'not available to your account',
  discontinued: 'no longer sold',
  no_stock: 'no stock at this branch',
  quantity_limit: 'cart line is full',
}

/**
 * What the toast after a reorder says: a fixed sentence when everything went in, otherwise what was
 * left out or cut back to the branch's stock, so nobody finds out at the counter.
 */
export function reorderMessage(result: ReorderResult): { kind: 'all' | 'some' | 'none'; text: string } {
  const capped = result.added.filter((a) => a.Quantity < a.Requested)
  const left = result.notAdded.map((n) => `${n.ProductCode} (${SHORT_REASONS[n.reason]})`).join(', ')
  if (result.added.length === 0) {
    return { kind: 'none', text: `None of the items from this order could be added to your cart: ${left}.` }
  }
  if (result.notAdded.length === 0 && capped.length === 0) {
    return { kind: 'all', text: 'All of the items from this order has been added to your cart for reordering' }
  }
  const parts = ['Some of the items from this order have been added to your cart.']
  if (left) parts.push(`Not added: ${left}.`)
  if (capped.length > 0) parts.push(`Reduced to the stock available: ${capped.map((c) => `${c.ProductCode} (${c.Quantity} of ${c.Requested})`).join(', ')}.`)
  return { kind: 'some', text: parts.join(' ') }
}

export const PRICES_CHANGED = 'Some prices have changed since this order'

const money = (n: number) => `$${formatMoney(n)}`

/**
 * Said after a reorder when today's unit prices (which the cart charges) differ from the order's, naming
 * the lines: 'Some prices have changed since this order: LAY-20 $10.00 → $10.09.' Null when none changed.
 */
export function priceChangeMessage(result: ReorderResult): string | null {
  const changes = result.priceChanges ?? []
  if (changes.length === 0) return null
  return `${PRICES_CHANGED}: ${changes.map((c) => `${c.ProductCode} ${money(c.OrderedPrice)} → ${money(c.Price)}`).join(', ')}.`
}
