/**
 * Back-in-stock requests (decision 0087): a user asks to be told once when a product's stock at a branch reaches
 * the quantity asked (one unit when none). A request is open until it is closed as `notified` (the e-mail went
 * to the outbox in the same transaction), `cancelled` by its user, or `lapsed` (90 days without stock).
 *
 * One open request per user, product and branch: the partial unique index, whatever the caller does. The
 * drain (modules/stock-alerts) walks the open requests of the products whose stock changed, by the second
 * partial index; closed requests stay for the user's list and take no room in either.
 */
export const up = /* sql */ `
CREATE TABLE stock_alerts (
  id           serial PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  product_id   integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  location_id  text NOT NULL REFERENCES branches(location_id),
  quantity     integer CHECK (quantity BETWEEN 1 AND 99999),
  created_at   timestamptz NOT NULL DEFAULT now(),
  closed_at    timestamptz,
  closed_as    text CHECK (closed_as IN ('notified', 'cancelled', 'lapsed')),
  CHECK ((closed_at IS NULL) = (closed_as IS NULL))
);
CREATE UNIQUE INDEX stock_alerts_one_open ON stock_alerts (user_id, product_id, location_id) WHERE closed_at IS NULL;
CREATE INDEX stock_alerts_waiting ON stock_alerts (product_id, location_id) WHERE closed_at IS NULL;
CREATE INDEX stock_alerts_of_user ON stock_alerts (user_id, id);
`
