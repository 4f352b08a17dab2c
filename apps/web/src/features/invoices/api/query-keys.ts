import type { InvoiceFilters } from './get-invoices'

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (filters: InvoiceFilters) => [...invoiceKeys.all, 'list', filters] as const,
  detail: (id: string) => [...invoiceKeys.all, 'detail', id] as const,
  related: (salesOrder: string) => [...invoiceKeys.all, 'related', salesOrder] as const,
}
