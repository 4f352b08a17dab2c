import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BulkAddBody } from '@portal/contract/quick-order'
import { isQueued, sendOrQueue } from '../../offline'

const linesLabel = (n: number) => `Quick order of ${n} ${n === 1 ? 'line' : 'lines'}`

/**
 * Adds the grid's lines in one call; the header's summary comes back with the answer, the cart is read afresh.
 * Offline, behind cart changes already waiting, or cut off by the network, the call waits on the device and is
 * sent with its Idempotency-Key later (docs/decisions/0031-offline-app.md): the answer is then `{ queued: true }`.
 */
export const useBulkAdd = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BulkAddBody) => sendOrQueue({ kind: 'bulk', body }, linesLabel(body.lines.length)),
    onSuccess: (result) => {
      if (!isQueued(result)) queryClient.setQueryData(['cart', 'summary'], result.summary)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['cart'] }),
  })
}
