import { queryOptions, useQuery } from '@tanstack/react-query'
import type { OrderDetail } from '@portal/contract/orders'
import { api } from '../../../lib/api'
import { orderKeys } from './query-keys'

export const getOrder = (id: string, signal?: AbortSignal) => api.get<OrderDetail>(`orders/${encodeURIComponent(id)}`, undefined, signal)

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    meta: { errorMessage: 'An error occured loading this order' },
  })

export const useOrder = (id: string) => useQuery(orderQuery(id))
