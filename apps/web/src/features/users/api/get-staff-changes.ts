import { useQuery } from '@tanstack/react-query'
import type { StaffChange } from '@portal/contract/back-office-accounts'
import { api } from '../../../lib/api'
import { userKeys } from './query-keys'

/** Per user, the distributor's staff's last change (decision 0092); a screen shows nothing more when it fails. */
export const useStaffChanges = (enabled: boolean) =>
  useQuery({ queryKey: [...userKeys.all, 'staff-changes'], queryFn: () => api.get<StaffChange[]>('users/staff-changes'), enabled, retry: false })
