/**
 * The cart's row stands for its lines (docs/decisions/0066-ordering.md). Every INSERT, UPDATE and DELETE of
 * `cart_lines` also updates the row of each cart whose lines it changed, in the same transaction, unless that
 * transaction has already written the row. Two things follow from the database itself, whatever the code that
 * changes the lines:
 * - a change of the lines needs the cart row's lock before it can commit, so whoever holds that lock (an order
 *   being placed, a quote request) sees the lines stay as they are until it ends;
 * - the row's version (`xmin`) moves with every committed change of the lines, so a statement that read the
 *   lines and the version together and finds the same version under the lock read lines that are still current.
 *
 * Live card-payment holds are taken off the stock that pages show everyone (the stock book): a change of
 * `stock_holds` names its products on `portal_stock`, as a change of `stock` does (migration 0012).
 *
 * Idempotency keys of orders and pending card payments belong to the user who sent them, not to the whole
 * account: another user's key is a new request.
 *
 * Function bodies stay on one line: migrations are split at semicolons that end a line.
 */
export const up = /* sql */ `
CREATE FUNCTION portal_cart_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'DELETE' THEN UPDATE carts SET updated_at = now() WHERE carts.id IN (SELECT DISTINCT cart_id FROM previous_lines) AND carts.xmin <> pg_current_xact_id()::xid; ELSE UPDATE carts SET updated_at = now() WHERE carts.id IN (SELECT DISTINCT cart_id FROM changed_lines) AND carts.xmin <> pg_current_xact_id()::xid; END IF; RETURN NULL; END $$;
CREATE TRIGGER cart_lines_inserted AFTER INSERT ON cart_lines REFERENCING NEW TABLE AS changed_lines FOR EACH STATEMENT EXECUTE FUNCTION portal_cart_lines_changed();
CREATE TRIGGER cart_lines_updated AFTER UPDATE ON cart_lines REFERENCING NEW TABLE AS changed_lines FOR EACH STATEMENT EXECUTE FUNCTION portal_cart_lines_changed();
CREATE TRIGGER cart_lines_deleted AFTER DELETE ON cart_lines REFERENCING OLD TABLE AS previous_lines FOR EACH STATEMENT EXECUTE FUNCTION portal_cart_lines_changed();
CREATE FUNCTION portal_stock_holds_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM portal_stock_notify(ARRAY(SELECT DISTINCT product_id FROM changed_holds)); RETURN NULL; END $$;
CREATE TRIGGER stock_holds_inserted AFTER INSERT ON stock_holds REFERENCING NEW TABLE AS changed_holds FOR EACH STATEMENT EXECUTE FUNCTION portal_stock_holds_changed();
CREATE TRIGGER stock_holds_deleted AFTER DELETE ON stock_holds REFERENCING OLD TABLE AS changed_holds FOR EACH STATEMENT EXECUTE FUNCTION portal_stock_holds_changed();
CREATE TRIGGER stock_holds_updated AFTER UPDATE ON stock_holds REFERENCING NEW TABLE AS changed_holds FOR EACH STATEMENT EXECUTE FUNCTION portal_stock_holds_changed();
ALTER TABLE orders DROP CONSTRAINT orders_account_id_idempotency_key_key;
CREATE UNIQUE INDEX orders_user_idempotency ON orders (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
DROP INDEX pending_orders_idempotency;
CREATE UNIQUE INDEX pending_orders_idempotency ON pending_orders (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
`
