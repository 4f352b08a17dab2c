import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CartSummary, UpdateCartBody } from '@portal/contract/cart'
import { api } from '../../../lib/api'
import { sendOrQueue } from '../../offline'
import { cartKeys } from './query-keys'

/** Sets a line's quantity; 0 removes the line. */
export const updateCartLine = (body: UpdateCartBody) => api.put<CartSummary>('cart', body)

/**
 * The summary and the lines are refetched whether or not the change went through (the line may be gone).
 * The refetch is not awaited: the caller's own callbacks run first, before a removed line's row unmounts.
 * Without a connection the change waits on the device and is sent when it is back (features/offline).
 */
export const useUpdateCartLine = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ label, ...body }: UpdateCartBody & { label?: string }) => sendOrQueue({ kind: 'quantity', body }, label ?? `Cart line ${body.item}`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: cartKeys.all })
    },
  })
}
