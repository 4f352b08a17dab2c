import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BulkAddBody, BulkAddResult } from '@portal/contract/quick-order'
import { api } from '../../../lib/api'
import { cartKeys } from '../../cart'

export const addAllToCart = (body: BulkAddBody) => api.post<BulkAddResult>('cart/bulk', body)

/** "Add all to cart": the list's lines in one bulk add; what was not added comes back line by line. */
export const useAddAllToCart = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addAllToCart,
    onSuccess: (result) => queryClient.setQueryData(cartKeys.summary(), result.summary),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  })
}
