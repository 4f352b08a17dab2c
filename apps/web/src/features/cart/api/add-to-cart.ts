import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AddToCartBody, CartSummary } from '@portal/contract/cart'
import { api } from '../../../lib/api'
import { cartKeys } from './query-keys'

export const addToCart = (body: AddToCartBody) => api.post<CartSummary>('cart', body)

/** Adds to the cart of the branch shown; the header's summary (and the cart's lines) are refetched. */
export const useAddToCart = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addToCart,
    onSuccess: (summary) => queryClient.setQueryData(cartKeys.summary(), summary),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  })
}
