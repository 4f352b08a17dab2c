import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CartSummary } from '@portal/contract/cart'
import { api } from '../../../lib/api'

export type AddToCartInput = { productID: number; qty: number; warehouse: string }

export const addToCart = (input: AddToCartInput) => api.post<CartSummary>('cart', input)

/** Adds to the cart of the branch shown; the header's summary (and the cart's lines) are refetched. */
export const useAddToCart = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addToCart,
    onSuccess: (summary) => queryClient.setQueryData(['cart', 'summary'], summary),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['cart'] }),
  })
}
