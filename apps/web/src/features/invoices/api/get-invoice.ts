import { queryOptions, useQuery } from '@tanstack/react-query'
import type { InvoiceDetail } from '@portal/contract/invoices'
import { api } from '../../../lib/api'
import { invoiceKeys } from './query-keys'

export const getInvoice = (id: string, signal?: AbortSignal) => api.get<InvoiceDetail>(`invoices/${encodeURIComponent(id)}`, undefined, signal)

export const invoiceQuery = (id: string) =>
  queryOptions({
    queryKey: invoiceKeys.detail(id),
    queryFn: ({ signal }) => getInvoice(id, signal),
    meta: { errorMessage: 'An error occured loading this invoice' },
  })

export const useInvoice = (id: string) => useQuery(invoiceQuery(id))
