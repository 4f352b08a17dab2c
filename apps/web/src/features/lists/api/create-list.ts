import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateListBody, ListDetail } from '@portal/contract/lists'
import { api } from '../../../lib/api'
import { listKeys } from './query-keys'

export const createList = (body: CreateListBody) => api.post<ListDetail>('lists', body)

/** Makes a list, empty or with lines (from the cart, an order, the quick order grid or a product page). */
export const useCreateList = () => {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: createList, onSettled: () => queryClient.invalidateQueries({ queryKey: listKeys.all }) })
}
