import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { cartKeys } from './query-keys'

export const emptyCart = () => api.delete<void>('cart')

/** Empties the cart on the server; the summary and the cart's lines are refetched. */
export const useEmptyCart = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: emptyCart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  })
}
