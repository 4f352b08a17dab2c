import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SubUser, UpdateUserBody } from '@portal/contract/users'
import { api } from '../../../lib/api'
import { userKeys } from './query-keys'

export const updateUser = (body: UpdateUserBody) => api.put<SubUser>('users', body)

export function useUpdateUser() {
  const client = useQueryClient()
  return useMutation({ mutationFn: updateUser, onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }) })
}
