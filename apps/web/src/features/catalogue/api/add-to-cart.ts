import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CartSummary } from '@portal/contract/cart'
import { api } from '../../../lib/api'
import { isQueued, sendOrQueue } from '../../offline/cart-changes'

export type AddToCartInput = { productID: number; qty: number; warehouse: string }
/** The product's description names the change while it waits to be sent (offline). */
export type AddToCartRequest = AddToCartInput & { label?: string }

export const addToCart = (input: AddToCartInput) => api.post<CartSummary>('cart', input)

/**
 * Adds to the cart of the branch shown; the header's summary (and the cart's lines) are refetched.
 * Without a connection the add waits on the device and is sent when it is back (features/offline).
 */
export const useAddToCart = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ label, ...input }: AddToCartRequest) => sendOrQueue({ kind: 'add', body: input }, label ?? `Product ${input.productID}`),
    onSuccess: (summary) => {
      if (!isQueued(summary)) queryClient.setQueryData(['cart', 'summary'], summary)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['cart'] }),
  })
}
