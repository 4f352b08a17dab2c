import { queryOptions } from '@tanstack/react-query'
import type { PendingOrder } from '@portal/contract/payments'
import { api } from '../../../lib/api'
import { paymentKeys } from './query-keys'

/** A pending card payment: whether it became an order yet, and that order. */
export const getPendingPayment = (id: string, signal?: AbortSignal) => api.get<PendingOrder>(`payments/pending/${encodeURIComponent(id)}`, undefined, signal)

/** Always asked afresh: the payment may complete or fail at any moment. */
export const pendingPaymentQuery = (id: string) =>
  queryOptions({ queryKey: paymentKeys.pending(id), queryFn: ({ signal }) => getPendingPayment(id, signal), staleTime: 0 })
