import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AddToCartBody, CartSummary } from '@portal/contract/cart'
import { api } from '../../../lib/api'
import { isQueued, sendOrQueue } from '../../offline'
import { cartKeys } from './query-keys'

/** The product's description names the change while it waits to be sent (offline). */
export type AddToCartRequest = AddToCartBody & { label?: string }

export const addToCart = (body: AddToCartBody) => api.post<CartSummary>('cart', body)

/**
 * Adds to the cart of the branch shown; the header's summary (and the cart's lines) are refetched.
 * Without a connection the add waits on the device and is sent when it is back (features/offline).
 */
export const useAddToCart = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ label, ...body }: AddToCartRequest) => sendOrQueue({ kind: 'add', body }, label ?? `Product ${body.productID}`),
    onSuccess: (summary) => {
      if (!isQueued(summary)) queryClient.setQueryData(cartKeys.summary(), summary)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  })
}
