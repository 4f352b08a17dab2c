/**
 * Ordering (docs/decisions/0066-ordering.md): the cart, its rules and order placement, in one module. What other
 * modules use of it: the cart's service (`cart`: the checkout details kept with it, the lines a reorder or a bulk add
 * puts in, the cash-sale rule) and order placement (`placement`: the one way an order is made, by checkout on account
 * here and by a paid card payment in modules/payments).
 */
export * as cart from './cart'
export * as placement from './placement'
export * as approvals from './approvals'
export { isCashSale } from './rules'
export { cartRoutes } from './cart-routes'
export { checkoutRoutes } from './checkout-routes'
export { approvalsRoutes } from './approvals-routes'
