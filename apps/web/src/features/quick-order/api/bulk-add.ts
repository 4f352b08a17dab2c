import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BulkAddBody, BulkAddResult } from '@portal/contract/quick-order'
import { api } from '../../../lib/api'

export const bulkAdd = (body: BulkAddBody) => api.post<BulkAddResult>('cart/bulk', body)

/** Adds the grid's lines in one call; the header's summary comes back with the answer, the cart is read afresh. */
export const useBulkAdd = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: bulkAdd,
    onSuccess: (result) => queryClient.setQueryData(['cart', 'summary'], result.summary),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['cart'] }),
  })
}
