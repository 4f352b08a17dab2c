import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SetInvoicePaymentsBody } from '@portal/contract/invoice-payments'
import type { SubUser } from '@portal/contract/users'
import { api } from '../../../lib/api'
import { userKeys } from './query-keys'

export const setInvoicePayments = (body: SetInvoicePaymentsBody) => api.put<SubUser>('users/invoice-payments', body)

/** Whether a User may pay the account's invoices by card (an Administrator always may). */
export function useSetInvoicePayments() {
  const client = useQueryClient()
  return useMutation({ mutationFn: setInvoicePayments, onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }) })
}
