import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BulkAddBody } from '@portal/contract/quick-order'
import { cartKeys } from '../../cart'
import { isQueued, sendOrQueue } from '../../offline'

/** What the change is called while it waits on the device and in its result: the list by name, and its line count. */
export const listLinesLabel = (name: string, n: number) => `Saved list “${name}” (${n} ${n === 1 ? 'line' : 'lines'})`

export type AddAllRequest = BulkAddBody & { listName: string }

/**
 * "Add all to cart": the list's lines in one bulk add; what was not added comes back line by line.
 * Offline, behind cart changes already waiting, or cut off by the network, the call waits on the device like a
 * quick order's and is sent with its Idempotency-Key later (docs/decisions/0031-offline-app.md): the answer is
 * then `{ queued: true }`.
 */
export const useAddAllToCart = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ listName, ...body }: AddAllRequest) => sendOrQueue({ kind: 'bulk', body }, listLinesLabel(listName, body.lines.length)),
    onSuccess: (result) => {
      if (!isQueued(result)) queryClient.setQueryData(cartKeys.summary(), result.summary)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  })
}
