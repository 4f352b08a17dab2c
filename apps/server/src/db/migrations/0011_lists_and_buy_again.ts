/**
 * Saved order lists (an account's named lists of products with default quantities, decision 0030) and
 * the purchase summaries buy-again reads. `purchase_months`: per account, product and calendar month, the
 * orders that held the product, the quantity, and the last order's date and quantity, kept by statement
 * triggers that recount the (account, month) pairs a statement touched, so a checkout recounts one month
 * of one account and a bulk load recounts each pair once per statement. `purchase_totals`: per account and
 * product, the same over the account's last 12 months (`purchase_total_windows` says from which month),
 * ranked by an index; made on an account's first buy-again (or when its window moves to a new month), and
 * then kept by the same triggers.
 *
 * Function bodies stay on one line: migrations are split at semicolons that end a line.
 */
export const up = /* sql */ `
CREATE TABLE order_lists (
  id          serial PRIMARY KEY,
  account_id  integer NOT NULL REFERENCES customer_accounts(id) ON DELETE CASCADE,
  created_by  integer REFERENCES users(id) ON DELETE SET NULL,
  name        text NOT NULL CHECK (name <> ''),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_lists_account ON order_lists (account_id, lower(name), id);

CREATE TABLE order_list_lines (
  id          serial PRIMARY KEY,
  list_id     integer NOT NULL REFERENCES order_lists(id) ON DELETE CASCADE,
  product_id  integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  quantity    integer NOT NULL CHECK (quantity BETWEEN 1 AND 99999),
  UNIQUE (list_id, product_id)
);

CREATE TABLE purchase_months (
  account_id   integer NOT NULL,
  product_id   integer NOT NULL,
  month        date NOT NULL,
  order_count  integer NOT NULL,
  quantity     bigint NOT NULL,
  last_date    date NOT NULL,
  last_qty     integer NOT NULL,
  PRIMARY KEY (account_id, month, product_id)
);
CREATE INDEX purchase_months_account ON purchase_months (account_id, month) INCLUDE (product_id, order_count, quantity, last_date, last_qty);

CREATE TABLE purchase_total_windows (
  account_id    integer PRIMARY KEY,
  window_start  date NOT NULL
);
CREATE TABLE purchase_totals (
  account_id   integer NOT NULL,
  product_id   integer NOT NULL,
  order_count  integer NOT NULL,
  quantity     bigint NOT NULL,
  last_date    date NOT NULL,
  last_qty     integer NOT NULL,
  PRIMARY KEY (account_id, product_id)
);
CREATE INDEX purchase_totals_rank ON purchase_totals (account_id, order_count DESC, quantity DESC, product_id);

CREATE FUNCTION portal_purchase_totals_refresh(account integer, from_month date) RETURNS void LANGUAGE sql AS $$ DELETE FROM purchase_totals WHERE account_id = account; INSERT INTO purchase_totals (account_id, product_id, order_count, quantity, last_date, last_qty) SELECT account, product_id, sum(order_count), sum(quantity), max(last_date), (array_agg(last_qty ORDER BY last_date DESC))[1] FROM purchase_months WHERE account_id = account AND month >= from_month GROUP BY product_id ON CONFLICT (account_id, product_id) DO UPDATE SET order_count = excluded.order_count, quantity = excluded.quantity, last_date = excluded.last_date, last_qty = excluded.last_qty; INSERT INTO purchase_total_windows (account_id, window_start) VALUES (account, from_month) ON CONFLICT (account_id) DO UPDATE SET window_start = excluded.window_start $$;

CREATE FUNCTION portal_purchase_months_recount(accounts integer[], months date[]) RETURNS void LANGUAGE sql AS $$ DELETE FROM purchase_months p USING (SELECT DISTINCT * FROM unnest(accounts, months) AS k(account_id, month)) k WHERE p.account_id = k.account_id AND p.month = k.month; INSERT INTO purchase_months (account_id, product_id, month, order_count, quantity, last_date, last_qty) SELECT o.account_id, l.product_id, k.month, count(DISTINCT o.id), sum(l.qty_ordered), max(o.enter_date), (array_agg(l.qty_ordered ORDER BY o.enter_date DESC, o.id DESC, l.line_no DESC))[1] FROM (SELECT DISTINCT * FROM unnest(accounts, months) AS k(account_id, month)) k JOIN orders o ON o.account_id = k.account_id AND o.enter_date >= k.month AND o.enter_date < (k.month + interval '1 month')::date JOIN order_lines l ON l.order_id = o.id WHERE l.product_id IS NOT NULL GROUP BY o.account_id, l.product_id, k.month ON CONFLICT (account_id, month, product_id) DO UPDATE SET order_count = excluded.order_count, quantity = excluded.quantity, last_date = excluded.last_date, last_qty = excluded.last_qty; SELECT portal_purchase_totals_refresh(w.account_id, w.window_start) FROM purchase_total_windows w WHERE EXISTS (SELECT 1 FROM unnest(accounts, months) AS k(account_id, month) WHERE k.account_id = w.account_id AND k.month >= w.window_start) $$;
CREATE FUNCTION portal_purchase_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM portal_purchase_months_recount(array_agg(account_id), array_agg(month)) FROM (SELECT DISTINCT o.account_id, date_trunc('month', o.enter_date)::date AS month FROM changed_rows c JOIN orders o ON o.id = c.order_id) x; RETURN NULL; END $$;
CREATE FUNCTION portal_purchase_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM portal_purchase_months_recount(array_agg(v.account_id), array_agg(date_trunc('month', v.enter_date)::date)) FROM changed_rows n JOIN previous_rows p ON p.id = n.id CROSS JOIN LATERAL (VALUES (n.account_id, n.enter_date), (p.account_id, p.enter_date)) AS v(account_id, enter_date) WHERE n.account_id <> p.account_id OR n.enter_date <> p.enter_date; RETURN NULL; END $$;
CREATE FUNCTION portal_purchase_orders_deleted() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM portal_purchase_months_recount(array_agg(account_id), array_agg(month)) FROM (SELECT DISTINCT account_id, date_trunc('month', enter_date)::date AS month FROM previous_rows) x; RETURN NULL; END $$;
CREATE FUNCTION portal_purchase_months_emptied() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DELETE FROM purchase_months; DELETE FROM purchase_totals; DELETE FROM purchase_total_windows; RETURN NULL; END $$;

CREATE TRIGGER order_lines_purchases_inserted AFTER INSERT ON order_lines REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_purchase_lines_changed();
CREATE TRIGGER order_lines_purchases_updated AFTER UPDATE ON order_lines REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_purchase_lines_changed();
CREATE TRIGGER order_lines_purchases_deleted AFTER DELETE ON order_lines REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_purchase_lines_changed();
CREATE TRIGGER orders_purchases_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS previous_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_purchase_orders_changed();
CREATE TRIGGER orders_purchases_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS previous_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_purchase_orders_deleted();
CREATE TRIGGER order_lines_purchases_truncated AFTER TRUNCATE ON order_lines FOR EACH STATEMENT EXECUTE FUNCTION portal_purchase_months_emptied();

SELECT portal_purchase_months_recount(array_agg(account_id), array_agg(month)) FROM (SELECT DISTINCT account_id, date_trunc('month', enter_date)::date AS month FROM orders) x;
`
