// Saved lists' public surface: what other features may use (eslint.config.js keeps them to this file).
export { useAddAllToCart } from './api/add-all-to-cart'
export { useList } from './api/get-list'
