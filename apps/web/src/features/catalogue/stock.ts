import type { SessionUser } from '@portal/contract/auth'

/** Cash-sale accounts (sales category CAS, any case) may buy only what the branch has in stock. */
export const isCashUser = (user: Pick<SessionUser, 'SalesCategory'>) => user.SalesCategory.trim().toUpperCase() === 'CAS'

export const QUANTITY_NOT_AVAILABLE = 'Unfortunately the requested quantity is not available for purchase'
