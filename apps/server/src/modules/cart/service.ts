import type { CartSummary } from '@portal/contract/cart'
import type { Deps, Session } from '../../lib/context'
import { dollars, lineTotals, sumTotals } from '../../lib/money'
import * as repo from './repo'

/** The header's summary: number of lines and the total inc GST, summed from per-line GST. */
export async function summary({ db }: Deps, session: Session): Promise<CartSummary> {
  const cart = await repo.findCart(db, session.userId)
  if (!cart) return { Count: 0, Value: 0, warehouse: null }
  const lines = await repo.pricedLines(db, cart.id, session.accountId)
  const totals = sumTotals(lines.map((l) => lineTotals(l.unitPriceCents, l.quantity)))
  return { Count: lines.length, Value: dollars(totals.incCents), warehouse: cart.location_id }
}
