// The cart's public surface: what other features may use (eslint.config.js keeps them to this file).
export { cartKeys } from './api/query-keys'
export { useAddToCart } from './api/add-to-cart'
export { useCartItems } from './api/get-cart-items'
export { useAccountCredit } from './api/get-credit'
export { CreditPanel, creditStanding } from './components/credit-panel'
