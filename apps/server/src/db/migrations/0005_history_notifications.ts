/**
 * Change notifications for the history caches (lib/caches.ts): `portal_history` carries the id of
 * each account whose orders, order lines or invoices changed, once per statement and account (the
 * triggers read the statement's transition tables, so a bulk load of a million lines notifies once
 * per account, not per row); '*' when a table is truncated.
 *
 * Function bodies stay on one line: migrations are split at semicolons that end a line.
 */
export const up = /* sql */ `
CREATE FUNCTION portal_history_accounts_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('portal_history', a::text) FROM (SELECT DISTINCT account_id AS a FROM changed_rows) x; RETURN NULL; END $$;
CREATE FUNCTION portal_history_accounts_moved() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('portal_history', a::text) FROM (SELECT account_id AS a FROM changed_rows UNION SELECT account_id FROM previous_rows) x; RETURN NULL; END $$;
CREATE FUNCTION portal_history_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('portal_history', a::text) FROM (SELECT DISTINCT o.account_id AS a FROM changed_rows c JOIN orders o ON o.id = c.order_id) x; RETURN NULL; END $$;
CREATE FUNCTION portal_history_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('portal_history', '*'); RETURN NULL; END $$;

CREATE TRIGGER orders_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_history_accounts_changed();
CREATE TRIGGER orders_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS previous_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_history_accounts_moved();
CREATE TRIGGER orders_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_history_accounts_changed();
CREATE TRIGGER orders_truncated AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION portal_history_all_changed();

CREATE TRIGGER invoices_inserted AFTER INSERT ON invoices REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_history_accounts_changed();
CREATE TRIGGER invoices_updated AFTER UPDATE ON invoices REFERENCING OLD TABLE AS previous_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_history_accounts_moved();
CREATE TRIGGER invoices_deleted AFTER DELETE ON invoices REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_history_accounts_changed();
CREATE TRIGGER invoices_truncated AFTER TRUNCATE ON invoices FOR EACH STATEMENT EXECUTE FUNCTION portal_history_all_changed();

CREATE TRIGGER order_lines_inserted AFTER INSERT ON order_lines REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_history_lines_changed();
CREATE TRIGGER order_lines_updated AFTER UPDATE ON order_lines REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_history_lines_changed();
CREATE TRIGGER order_lines_deleted AFTER DELETE ON order_lines REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_history_lines_changed();
CREATE TRIGGER order_lines_truncated AFTER TRUNCATE ON order_lines FOR EACH STATEMENT EXECUTE FUNCTION portal_history_all_changed();
`
