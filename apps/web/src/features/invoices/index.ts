// The invoices' public surface: what other features may use (eslint.config.js keeps them to this file).
export { getInvoices } from './api/get-invoices'
export { getInvoice } from './api/get-invoice'
export { getRelatedInvoices } from './api/get-related-invoices'
