import { infiniteQueryOptions } from '@tanstack/react-query'
import { INVOICES_PAGE_SIZE, type InvoiceListRow } from '@portal/contract/invoices'
import { api } from '../../../lib/api'
import { invoiceKeys } from './query-keys'

export type InvoiceFilters = { startDate: string; endDate: string; search: string }

export const getInvoices = (filters: InvoiceFilters, page: number, signal?: AbortSignal) =>
  api.get<InvoiceListRow[]>('invoices', { page, search: filters.search, startDate: filters.startDate, endDate: filters.endDate }, signal)

/** Pages of 20; an empty page, or one shorter than 20, is the last. */
export const invoicesQuery = (filters: InvoiceFilters) =>
  infiniteQueryOptions({
    queryKey: invoiceKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getInvoices(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.length === 0 || last.length < INVOICES_PAGE_SIZE ? undefined : pages.length + 1),
  })
