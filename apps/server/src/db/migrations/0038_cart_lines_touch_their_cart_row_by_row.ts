/**
 * The cart's row still stands for its lines (migration 0023, docs/decisions/0066-ordering.md): every change of
 * `cart_lines` updates the row of its cart in the same transaction unless that transaction has written it already.
 *
 * An insert or update of lines now does so row by row. A cart change is one line upserted (INSERT ... ON CONFLICT DO
 * UPDATE), which fired both statement triggers of migration 0023, each with its transition table: a row trigger
 * fires once, with a plan it keeps. A delete stays a statement trigger: emptying a cart after an order deletes all
 * its lines at once.
 *
 * Function bodies stay on one line: migrations are split at semicolons that end a line.
 */
export const up = /* sql */ `
DROP TRIGGER cart_lines_inserted ON cart_lines;
DROP TRIGGER cart_lines_updated ON cart_lines;
CREATE FUNCTION portal_cart_line_written() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE carts SET updated_at = now() WHERE carts.id = NEW.cart_id AND carts.xmin <> pg_current_xact_id()::xid; RETURN NULL; END $$;
CREATE TRIGGER cart_line_written AFTER INSERT OR UPDATE ON cart_lines FOR EACH ROW EXECUTE FUNCTION portal_cart_line_written();
`
