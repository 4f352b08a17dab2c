/**
 * Branches say whether they trade (take orders and show in the branch selector) in a column the data
 * sets, instead of a pattern on their names; card payments hold the stock they pay for; a cart has at
 * most one live pending payment, and a payment that can no longer become an order is recorded for refund.
 */
export const up = /* sql */ `
-- Whether customers order from the branch. The consignment and Farmers Mailbox locations of the demo data do not.
ALTER TABLE branches ADD COLUMN trading boolean NOT NULL DEFAULT true;
UPDATE branches SET trading = false WHERE name ILIKE '%Consignment%' OR name ILIKE '%Farmers Mailbox%';

-- A pending payment replaced by a newer one for the same cart can never become an order.
ALTER TABLE pending_orders DROP CONSTRAINT pending_orders_status_check;
ALTER TABLE pending_orders ADD CONSTRAINT pending_orders_status_check CHECK (status IN ('pending', 'completed', 'failed', 'superseded'));
CREATE INDEX pending_orders_user_live ON pending_orders (user_id) WHERE status IN ('pending', 'failed');

-- Units a cash-sale account's pending card payment holds at its branch until it is paid, cancelled or expires.
CREATE TABLE stock_holds (
  pending_order_id  uuid NOT NULL REFERENCES pending_orders(id) ON DELETE CASCADE,
  user_id           integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  location_id       text NOT NULL REFERENCES branches(location_id),
  product_id        integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  qty               integer NOT NULL CHECK (qty > 0),
  expires_at        timestamptz NOT NULL,
  PRIMARY KEY (pending_order_id, product_id)
);
CREATE INDEX stock_holds_product ON stock_holds (location_id, product_id);

-- Approved card payments that did not become an order (sold out after the hold expired, paid twice, replaced): to refund.
CREATE TABLE card_refunds (
  id                serial PRIMARY KEY,
  pending_order_id  uuid NOT NULL REFERENCES pending_orders(id) ON DELETE CASCADE,
  transaction_id    text NOT NULL DEFAULT '',
  amount_cents      bigint NOT NULL,
  reason            text NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (pending_order_id, transaction_id)
);
`
