import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PendingOrder } from '@portal/contract/payments'
import { api } from '../../../lib/api'

export const getPendingOrder = (id: string, signal?: AbortSignal) => api.get<PendingOrder>(`payments/pending/${encodeURIComponent(id)}`, undefined, signal)

/** The pending order a failed payment came back with, to refill the form. */
export const pendingOrderQuery = (id: string) =>
  queryOptions({ queryKey: ['payments', 'pending', id], queryFn: ({ signal }) => getPendingOrder(id, signal), staleTime: 0 })

export const usePendingOrder = (id: string | null) => useQuery({ ...pendingOrderQuery(id ?? ''), enabled: id !== null })
