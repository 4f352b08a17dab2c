// Quotes' public surface: what other features may use (eslint.config.js keeps them to this file).
export { quoteKeys } from './api/quotes'
