// Card payments' public surface: what other features may use (eslint.config.js keeps them to this file).
export { paymentKeys } from './api/query-keys'
export { pendingPaymentQuery } from './api/get-pending-payment'
export { useCreateInvoicePayment, useForgetPaidInvoices, useInvoicePayment, useOpenInvoices } from './api/invoice-payments'
export { InvoiceCardPayment } from './components/invoice-card-payment'
