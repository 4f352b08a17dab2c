import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateUserRequest, SubUser } from '@portal/contract/users'
import { api } from '../../../lib/api'
import { userKeys } from './query-keys'

export const createUser = (body: CreateUserRequest) => api.post<SubUser>('users', body)

export function useCreateUser() {
  const client = useQueryClient()
  return useMutation({ mutationFn: createUser, onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }) })
}
