import type { Session } from '../../lib/context'
import { forbidden } from '../../lib/errors'

/**
 * Who may order how (docs/decisions/0066-ordering.md). Each rule is written here once; the cart, checkout, card
 * payments and sign-in (which keeps the cash-sale flag with the session) ask it.
 */

/**
 * A cash-sale account (sales category CAS, compared without case or padding): it pays by card at checkout, and its
 * cart never holds more than the branch has for it.
 */
export const isCashSale = (salesCategory: string) => salesCategory.trim().toUpperCase() === 'CAS'

/** Resellers order through their branch: they never check out online. */
export function refuseResellers(session: Pick<Session, 'isElders'>) {
  if (session.isElders) throw forbidden('Online checkout is not available for reseller accounts. Download your cart as a PDF and send it to your branch.')
}
