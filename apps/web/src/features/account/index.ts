// The account's public surface: what other features may use (eslint.config.js keeps them to this file).
export { accountKeys } from './api/query-keys'
export { deliverySitesQuery } from './api/get-delivery-sites'
export { ReceiptButton } from './components/receipt-button'
