/**
 * Checkout and card payments: order numbers for orders placed in the portal, what a pending order
 * needs to become an order exactly once, and the Mastercard Gateway sandbox's sessions.
 */
export const up = /* sql */ `
-- Orders placed in the portal are numbered SO + (9000000 + n): above every number the history uses.
CREATE SEQUENCE sales_order_numbers START WITH 1;

-- What was in the cart when the customer agreed to pay: the order is made from this, at these prices.
ALTER TABLE pending_orders ADD COLUMN lines jsonb NOT NULL DEFAULT '[]';
-- SecurePay's EPS_TIMESTAMP, exactly as signed.
ALTER TABLE pending_orders ADD COLUMN provider_timestamp text;
ALTER TABLE pending_orders ADD COLUMN transaction_id text;
ALTER TABLE pending_orders ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX pending_orders_idempotency ON pending_orders (account_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX pending_orders_session ON pending_orders (provider_session) WHERE provider_session IS NOT NULL;

-- The local stand-in for the Mastercard Gateway (never used in production mode): its checkout sessions.
CREATE TABLE payment_sandbox_sessions (
  id                 text PRIMARY KEY,
  merchant_id        text NOT NULL,
  order_id           text NOT NULL,
  amount             text NOT NULL,
  currency           text NOT NULL,
  description        text NOT NULL DEFAULT '',
  return_url         text NOT NULL,
  cancel_url         text,
  success_indicator  text NOT NULL,
  result             text,
  gateway_code       text,
  order_status       text,
  card_summary       text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  paid_at            timestamptz
);
CREATE INDEX payment_sandbox_sessions_order ON payment_sandbox_sessions (merchant_id, order_id, created_at DESC);
`
