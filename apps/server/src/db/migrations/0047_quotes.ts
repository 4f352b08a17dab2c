/**
 * Quotes that become orders (decision 0102).
 *
 * - quotes: a customer's request for prices on their cart's lines, then the distributor's answer. Its state:
 *   requested (in the back office's Quotes inbox), open (sent to the customer, until its expiry date), accepted,
 *   declined. An open quote past its expiry date is expired (a computed state: the date decides, no job runs).
 *   assigned_to is the account's sales representative when it was asked for; null: customer service.
 * - quote_lines: its lines, with the account's price when asked for and the distributor's quoted price.
 * - quote_messages: the thread between the customer and the distributor.
 * - cart_lines.quote_line_id: a cart line put in by accepting a quote, charged the quoted price for the quoted
 *   quantity (ordering/cart.ts lineParts) while its quote is accepted, unordered and unexpired.
 * - orders.quote_id: the quote an order was placed from. One order a quote: the unique index, and the quote's
 *   order_id set under the quote's lock in the order's transaction (ordering/placement.ts).
 * - pending_orders.quote_id: a card payment of a cart holding a quote's lines; its order is the quote's.
 * The references go on from the quote requests recorded before (Q and six digits).
 */
export const up = /* sql */ `
CREATE TABLE quotes (
  id              serial PRIMARY KEY,
  account_id      integer NOT NULL REFERENCES customer_accounts(id) ON DELETE CASCADE,
  user_id         integer REFERENCES users(id) ON DELETE SET NULL,
  location_id     text NOT NULL REFERENCES branches(location_id),
  status          text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'open', 'accepted', 'declined')),
  assigned_to     integer REFERENCES back_office_users(id) ON DELETE SET NULL,
  note            text NOT NULL DEFAULT '' CHECK (length(note) <= 2000),
  expires_on      date,
  decline_reason  text CHECK (length(decline_reason) <= 1000),
  sent_at         timestamptz,
  accepted_at     timestamptz,
  accepted_by     integer REFERENCES users(id) ON DELETE SET NULL,
  declined_at     timestamptz,
  order_id        integer UNIQUE REFERENCES orders(id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT quotes_sent_have_an_expiry CHECK (status = 'requested' OR status = 'declined' OR expires_on IS NOT NULL),
  CONSTRAINT quotes_ordered_when_accepted CHECK (order_id IS NULL OR status = 'accepted')
);
SELECT setval('quotes_id_seq', (SELECT coalesce(max(id), 0) + 1 FROM quote_requests), false);
CREATE INDEX quotes_by_account ON quotes (account_id, id DESC);
CREATE INDEX quotes_by_status ON quotes (status, id DESC);

CREATE TABLE quote_lines (
  id                   serial PRIMARY KEY,
  quote_id             integer NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  line_no              integer NOT NULL,
  product_id           integer NOT NULL REFERENCES products(id),
  quantity             integer NOT NULL CHECK (quantity > 0 AND quantity <= 99999),
  account_price_cents  integer NOT NULL CHECK (account_price_cents >= 0),
  quoted_price_cents   integer CHECK (quoted_price_cents >= 0),
  UNIQUE (quote_id, line_no),
  UNIQUE (quote_id, product_id)
);

CREATE TABLE quote_messages (
  id          serial PRIMARY KEY,
  quote_id    integer NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  from_staff  boolean NOT NULL,
  author      text NOT NULL,
  body        text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quote_messages_by_quote ON quote_messages (quote_id, id);

ALTER TABLE cart_lines ADD COLUMN quote_line_id integer REFERENCES quote_lines(id) ON DELETE SET NULL;
ALTER TABLE orders ADD COLUMN quote_id integer REFERENCES quotes(id) ON DELETE SET NULL;
CREATE UNIQUE INDEX orders_one_per_quote ON orders (quote_id) WHERE quote_id IS NOT NULL;
ALTER TABLE pending_orders ADD COLUMN quote_id integer REFERENCES quotes(id) ON DELETE SET NULL;
`
