import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { DeleteUserBody } from '@portal/contract/users'
import type { Message } from '@portal/contract/common'
import { api } from '../../../lib/api'
import { userKeys } from './query-keys'

export const deleteUser = (body: DeleteUserBody) => api.delete<Message>('users', body)

export function useDeleteUser() {
  const client = useQueryClient()
  return useMutation({ mutationFn: deleteUser, onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }) })
}
