// The orders' public surface: what other features may use (eslint.config.js keeps them to this file).
export { orderKeys } from './api/query-keys'
