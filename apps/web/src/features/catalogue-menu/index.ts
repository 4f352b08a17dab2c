// The catalogue menu's public surface: what other features may use (eslint.config.js keeps them to this file).
export { useWarehouses } from './api/get-warehouses'
export { selectableWarehouses } from './warehouses'
