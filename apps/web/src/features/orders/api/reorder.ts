import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ReorderResult } from '@portal/contract/orders'
import { api } from '../../../lib/api'
import { cartKeys } from '../../cart'

export const reorder = ({ id, warehouse }: { id: string; warehouse: string }) =>
  api.post<ReorderResult>(`orders/${encodeURIComponent(id)}/reorder`, { warehouse })

/** Puts the order's lines into the current branch's cart; the cart summary and lines are refetched. */
export const useReorder = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: reorder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  })
}
