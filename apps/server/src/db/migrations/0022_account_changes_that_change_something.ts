/**
 * An account's update tells the caches only what really changed (decision 0097). Migration 0004's
 * `accounts_prices_changed` and `accounts_session_fields_changed`, and migration 0009's `accounts_active_changed`,
 * fired on `UPDATE OF` their columns, that is whenever a statement set them, changed or not: an ERP accounts.csv
 * that changes an account's balance sets every column of that row, so every instance forgot every account's
 * prices and every session. One statement trigger now compares the old and new rows: `portal_catalogue`
 * 'customer_accounts' when a discount or the reseller flag changed; `portal_sessions` '*' when what a session
 * holds of its account changed (the code, name, sales category, reseller flag or default branch) or the account
 * was withdrawn or restored; nothing otherwise.
 *
 * Function bodies stay on one line: migrations are split at semicolons that end a line.
 */
export const up = /* sql */ `
CREATE FUNCTION portal_accounts_updated() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF EXISTS (SELECT 1 FROM previous_rows o JOIN changed_rows n ON n.id = o.id WHERE (o.price_discount_bp, o.is_elders) IS DISTINCT FROM (n.price_discount_bp, n.is_elders)) THEN PERFORM pg_notify('portal_catalogue', TG_TABLE_NAME); END IF; IF EXISTS (SELECT 1 FROM previous_rows o JOIN changed_rows n ON n.id = o.id WHERE (o.code, o.name, o.sales_category, o.is_elders, o.default_branch, o.active) IS DISTINCT FROM (n.code, n.name, n.sales_category, n.is_elders, n.default_branch, n.active)) THEN PERFORM pg_notify('portal_sessions', '*'); END IF; RETURN NULL; END $$;
DROP TRIGGER accounts_prices_changed ON customer_accounts;
DROP TRIGGER accounts_session_fields_changed ON customer_accounts;
DROP TRIGGER accounts_active_changed ON customer_accounts;
CREATE TRIGGER accounts_updated AFTER UPDATE ON customer_accounts REFERENCING OLD TABLE AS previous_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_accounts_updated();
`
