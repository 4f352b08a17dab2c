import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CartLine } from '@portal/contract/cart'
import { api } from '../../../lib/api'

export const getCartItems = (warehouse: string, signal?: AbortSignal) => api.get<CartLine[]>('cart/items', { warehouse }, signal)

export const cartItemsQuery = (warehouse: string) =>
  queryOptions({
    queryKey: ['cart', 'items', warehouse],
    queryFn: ({ signal }) => getCartItems(warehouse, signal),
    // Products are added from other screens (and other tabs): the cart is read afresh whenever it is opened.
    staleTime: 0,
    meta: { errorMessage: 'An error occured loading your cart.' },
  })

export const useCartItems = (warehouse: string) => useQuery(cartItemsQuery(warehouse))
