/** Card payments' cached reads; other features use these through the payments' index.ts. */
export const paymentKeys = {
  all: ['payments'] as const,
  pending: (id: string) => [...paymentKeys.all, 'pending', id] as const,
  clientIp: (url: string | null) => ['client-ip', url] as const,
  openInvoices: () => [...paymentKeys.all, 'open-invoices'] as const,
  invoicePayment: (id: string) => [...paymentKeys.all, 'invoice-payment', id] as const,
}
