import { formatCents } from '@portal/contract/price-breaks'
import { QUOTE_STATE_WORDS, type QuoteSummary } from '@portal/contract/quotes'

/** A quote's state in words: "Open until 21 Dec 2026", "Accepted (order SO9000123)", "Expired on …". */
export function stateWords(quote: Pick<QuoteSummary, 'state' | 'expiresOn' | 'order'>, day: (iso: string) => string): string {
  if (quote.state === 'open' && quote.expiresOn) return `Open until ${day(quote.expiresOn)}`
  if (quote.state === 'expired' && quote.expiresOn) return `Expired on ${day(quote.expiresOn)}`
  if (quote.state === 'accepted' && quote.order) return `Accepted (order ${quote.order.salesOrder})`
  if (quote.state === 'requested') return 'Requested: we are pricing it'
  return QUOTE_STATE_WORDS[quote.state]
}

export const money = formatCents
