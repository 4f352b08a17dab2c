/**
 * The ERP interchange (docs/erp-interchange.md) withdraws what a full file no longer lists instead of deleting it:
 * categories, brands, customer accounts and users get an `active` flag like products have. A withdrawn
 * category or brand leaves the lists; a withdrawn account's or user's sign-ins and sessions stop working.
 */
export const up = /* sql */ `
ALTER TABLE categories ADD COLUMN active boolean NOT NULL DEFAULT true;
ALTER TABLE brands ADD COLUMN active boolean NOT NULL DEFAULT true;
ALTER TABLE customer_accounts ADD COLUMN active boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN active boolean NOT NULL DEFAULT true;
CREATE TRIGGER accounts_active_changed AFTER UPDATE OF active ON customer_accounts FOR EACH STATEMENT EXECUTE FUNCTION portal_sessions_all_changed();
`
