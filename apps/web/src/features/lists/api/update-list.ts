import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ListDetail, UpdateListBody } from '@portal/contract/lists'
import { api } from '../../../lib/api'
import { listKeys } from './query-keys'

export const updateList = ({ id, ...body }: UpdateListBody & { id: number }) => api.put<ListDetail>(`lists/${id}`, body)

/** Renames a list or replaces its lines (quantities edited, lines removed). */
export const useUpdateList = () => {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: updateList, onSettled: () => queryClient.invalidateQueries({ queryKey: listKeys.all }) })
}
