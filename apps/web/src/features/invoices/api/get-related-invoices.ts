import { queryOptions, useQuery } from '@tanstack/react-query'
import type { InvoiceListRow } from '@portal/contract/invoices'
import { api } from '../../../lib/api'
import { invoiceKeys } from './query-keys'

/** An order's invoices: the order number passed as the invoice search, over the whole history. */
export const getRelatedInvoices = async (salesOrder: string, signal?: AbortSignal) => {
  const rows = await api.get<InvoiceListRow[]>('invoices', { search: salesOrder, size: 100 }, signal)
  return rows.filter((r) => r.SalesOrder.toUpperCase() === salesOrder.toUpperCase())
}

export const relatedInvoicesQuery = (salesOrder: string) =>
  queryOptions({
    queryKey: invoiceKeys.related(salesOrder),
    queryFn: ({ signal }) => getRelatedInvoices(salesOrder, signal),
    meta: { errorMessage: 'An error occured loading the related invoices' },
  })

export const useRelatedInvoices = (salesOrder: string) => useQuery(relatedInvoicesQuery(salesOrder))
