/**
 * The order a card payment makes carries the payment's key, `card <pending order id>` (modules/payments `orderKeyOf`):
 * its result posted again finds the order by that key, as a repeated checkout finds its order (ordering's placeOrder,
 * docs/decisions/0066-ordering.md). Orders paid before take their payment's key here.
 */
export const up = /* sql */ `
UPDATE orders o
   SET idempotency_key = 'card ' || p.id::text
  FROM pending_orders p
 WHERE p.order_id = o.id
   AND o.idempotency_key IS NULL;
`
