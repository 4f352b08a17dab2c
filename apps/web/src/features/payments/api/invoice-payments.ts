import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CompletePaymentBody, PaymentSession } from '@portal/contract/payments'
import type { CreateInvoicePaymentBody, CreateInvoicePaymentResponse, InvoicePayment, OpenInvoices } from '@portal/contract/invoice-payments'
import { api } from '../../../lib/api'
import { accountKeys } from '../../account'
import { paymentKeys } from './query-keys'

/** Card payments of invoices (decision 0090): the open invoices, a payment of some of them, its receipt. */
export const getOpenInvoices = (signal?: AbortSignal) => api.get<OpenInvoices>('invoice-payments/open', undefined, signal)

/** Always asked afresh: a payment by another user, or the ERP, changes what is open. */
export const openInvoicesQuery = () =>
  queryOptions({ queryKey: paymentKeys.openInvoices(), queryFn: ({ signal }) => getOpenInvoices(signal), staleTime: 0, retry: false })

export const useOpenInvoices = () => useQuery(openInvoicesQuery())

export const getInvoicePayment = (id: string, signal?: AbortSignal) => api.get<InvoicePayment>(`invoice-payments/${encodeURIComponent(id)}`, undefined, signal)

export const invoicePaymentQuery = (id: string) =>
  queryOptions({ queryKey: paymentKeys.invoicePayment(id), queryFn: ({ signal }) => getInvoicePayment(id, signal), retry: false })

export const useInvoicePayment = (id: string | null) => useQuery({ ...invoicePaymentQuery(id ?? ''), enabled: id !== null })

export const createInvoicePayment = ({ body, idempotencyKey }: { body: CreateInvoicePaymentBody; idempotencyKey: string }) =>
  api.post<CreateInvoicePaymentResponse>('invoice-payments', body, { headers: { 'Idempotency-Key': idempotencyKey } })

export const useCreateInvoicePayment = () => useMutation({ mutationFn: createInvoicePayment })

export const createInvoicePaymentSession = (paymentId: string) => api.post<PaymentSession>('invoice-payments/session', { paymentId })

/** Mastercard Gateway: the server believes the result, applies the payment and answers it, completed. */
export const completeInvoicePayment = (body: CompletePaymentBody) => api.post<InvoicePayment>('invoice-payments/complete', body)

/** A payment changes what is open and the balance's payments not yet processed. */
export function useForgetPaidInvoices() {
  const client = useQueryClient()
  return () => {
    void client.invalidateQueries({ queryKey: paymentKeys.openInvoices() })
    void client.invalidateQueries({ queryKey: accountKeys.balance() })
  }
}
