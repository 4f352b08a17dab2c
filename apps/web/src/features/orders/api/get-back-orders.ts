import { infiniteQueryOptions } from '@tanstack/react-query'
import { BACK_ORDERS_PAGE_SIZE, type BackOrderItem } from '@portal/contract/orders'
import { api } from '../../../lib/api'
import type { OrderFilters } from './get-orders'
import { orderKeys } from './query-keys'

export const getBackOrders = (filters: OrderFilters, page: number, signal?: AbortSignal) =>
  api.get<BackOrderItem[]>(
    'back-orders',
    { page, search: filters.search, startDate: filters.startDate, endDate: filters.endDate, branch: filters.branch },
    signal,
  )

/** Pages of 100; a page shorter than that is the last. */
export const backOrdersQuery = (filters: OrderFilters) =>
  infiniteQueryOptions({
    queryKey: orderKeys.backOrders(filters),
    queryFn: ({ pageParam, signal }) => getBackOrders(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.length < BACK_ORDERS_PAGE_SIZE ? undefined : pages.length + 1),
  })
