// The orders' public surface: what other features may use (eslint.config.js keeps them to this file).
export { orderKeys } from './api/query-keys'
export { getOrders } from './api/get-orders'
export { getOrder } from './api/get-order'
export { getBackOrders } from './api/get-back-orders'
export { justPlacedState, type OrdersLandingState } from './just-placed'
