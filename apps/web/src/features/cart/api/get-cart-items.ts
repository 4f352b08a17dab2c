import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CartLine } from '@portal/contract/cart'
import { api } from '../../../lib/api'
import { cartKeys } from './query-keys'

/** The cart's lines, priced and stocked at the cart's own branch (the server has no use for the branch shown). */
export const getCartItems = (signal?: AbortSignal) => api.get<CartLine[]>('cart/items', undefined, signal)

export const cartItemsQuery = () =>
  queryOptions({
    queryKey: cartKeys.items(),
    queryFn: ({ signal }) => getCartItems(signal),
    // Products are added from other screens (and other tabs): the cart is read afresh whenever it is opened.
    staleTime: 0,
    meta: { errorMessage: 'An error occured loading your cart.' },
  })

export const useCartItems = () => useQuery(cartItemsQuery())
