import type { SessionUser } from '@portal/contract/auth'

/** Cash-sale accounts (sales category CAS, any case) may buy only what the branch has in stock. */
export const isCashUser = (user: Pick<SessionUser, 'SalesCategory'>) => user.SalesCategory.trim().toUpperCase() === 'CAS'

export const QUANTITY_NOT_AVAILABLE = 'Unfortunately the requested quantity is not available for purchase'

/** A typed quantity as a whole number of at least 1; anything else is 1, the default. */
export function parseQuantity(text: string): number {
  const value = Number(text)
  return Number.isInteger(value) && value >= 1 ? value : 1
}
