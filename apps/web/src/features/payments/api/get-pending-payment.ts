import type { PendingOrder } from '@portal/contract/payments'
import { api } from '../../../lib/api'

/** A pending card payment: whether it became an order yet, and that order. */
export const getPendingPayment = (id: string, signal?: AbortSignal) => api.get<PendingOrder>(`payments/pending/${encodeURIComponent(id)}`, undefined, signal)
