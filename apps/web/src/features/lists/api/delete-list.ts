import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { listKeys } from './query-keys'

export const deleteList = (id: number) => api.delete<void>(`lists/${id}`)

export const useDeleteList = () => {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: deleteList, onSettled: () => queryClient.invalidateQueries({ queryKey: listKeys.all }) })
}
