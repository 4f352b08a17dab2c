// The checkout's public surface: what other features may use (eslint.config.js keeps them to this file).
export { useCheckoutInfo } from './api/get-checkout-info'
export { DeliveryFormSchema, deliveryValuesOf, type DeliveryValues } from './checkout-values'
export { DeliverySiteFields, ShippingFields } from './components/delivery-fields'
