import { infiniteQueryOptions } from '@tanstack/react-query'
import { ORDERS_PAGE_SIZE, type OrderListRow } from '@portal/contract/orders'
import { api } from '../../../lib/api'
import { orderKeys } from './query-keys'

export type OrderFilters = { startDate: string; endDate: string; search: string; branch: string }

export const getOrders = (filters: OrderFilters, page: number, signal?: AbortSignal) =>
  api.get<OrderListRow[]>('orders', { page, search: filters.search, startDate: filters.startDate, endDate: filters.endDate, branch: filters.branch }, signal)

/**
 * Pages of 100; a page shorter than that is the last. Checkout and card payments
 * land on this screen, so it always asks again when it opens.
 */
export const ordersQuery = (filters: OrderFilters) =>
  infiniteQueryOptions({
    queryKey: orderKeys.list(filters),
    staleTime: 0,
    queryFn: ({ pageParam, signal }) => getOrders(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.length < ORDERS_PAGE_SIZE ? undefined : pages.length + 1),
  })
