import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CartSummary } from '@portal/contract/cart'
import { api } from '../../../lib/api'
import { cartKeys } from './query-keys'

export const getCartSummary = (signal?: AbortSignal) => api.get<CartSummary>('cart', undefined, signal)

export const cartSummaryQuery = () =>
  queryOptions({
    queryKey: cartKeys.summary(),
    queryFn: ({ signal }) => getCartSummary(signal),
    meta: { errorMessage: 'An error occured fetching your cart information' },
  })

export const useCartSummary = () => useQuery(cartSummaryQuery())
