import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ListDetail, ListLineInput } from '@portal/contract/lists'
import { api } from '../../../lib/api'
import { listKeys } from './query-keys'

export const addListLine = ({ id, ...line }: ListLineInput & { id: number }) => api.post<ListDetail>(`lists/${id}/lines`, line)

/** "Add to list": puts a product on a list, or adds to its quantity there. */
export const useAddListLine = () => {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: addListLine, onSettled: () => queryClient.invalidateQueries({ queryKey: listKeys.all }) })
}
