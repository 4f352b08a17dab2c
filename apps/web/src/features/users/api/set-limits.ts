import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SetLimitsBody } from '@portal/contract/approvals'
import type { SubUser } from '@portal/contract/users'
import { api } from '../../../lib/api'
import { userKeys } from './query-keys'

export const setLimits = (body: SetLimitsBody) => api.put<SubUser>('users/limits', body)

/** A User's limits per order and per month (ex GST) and approver; null clears one. */
export function useSetLimits() {
  const client = useQueryClient()
  return useMutation({ mutationFn: setLimits, onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }) })
}
