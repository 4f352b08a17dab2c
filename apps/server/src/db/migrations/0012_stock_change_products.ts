/**
 * Stock changes name their products (decision 0032): `portal_stock` carries the ids of the products whose
 * stock a statement changed, comma-separated, at most 500 a notification (a payload must stay under 8,000
 * bytes), read from the statement's transition tables; '*' when more than 5,000 products changed at once
 * (a full stock file) or the table was truncated. The list cache then forgets only the pages holding those
 * products, and the search index reloads only their in-stock bytes. It replaces the statement-level
 * `portal_catalogue` 'stock' notification of migration 0004, which made every instance forget every page.
 * Product attachments now notify `portal_catalogue` like the other catalogue tables: the product page is
 * cached too.
 *
 * Function bodies stay on one line: migrations are split at semicolons that end a line.
 */
export const up = /* sql */ `
CREATE FUNCTION portal_stock_notify(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$ BEGIN IF cardinality(ids) > 5000 THEN PERFORM pg_notify('portal_stock', '*'); ELSE PERFORM pg_notify('portal_stock', string_agg(id::text, ',')) FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1) / 500 AS chunk FROM unnest(ids) AS u(id)) x GROUP BY chunk; END IF; END $$;
CREATE FUNCTION portal_stock_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM portal_stock_notify(ARRAY(SELECT DISTINCT product_id FROM changed_rows)); RETURN NULL; END $$;
CREATE FUNCTION portal_stock_rows_moved() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM portal_stock_notify(ARRAY(SELECT product_id FROM changed_rows UNION SELECT product_id FROM previous_rows)); RETURN NULL; END $$;
CREATE FUNCTION portal_stock_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('portal_stock', '*'); RETURN NULL; END $$;
DROP TRIGGER stock_changed ON stock;
CREATE TRIGGER stock_inserted AFTER INSERT ON stock REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_stock_rows_changed();
CREATE TRIGGER stock_updated AFTER UPDATE ON stock REFERENCING OLD TABLE AS previous_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_stock_rows_moved();
CREATE TRIGGER stock_deleted AFTER DELETE ON stock REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_stock_rows_changed();
CREATE TRIGGER stock_truncated AFTER TRUNCATE ON stock FOR EACH STATEMENT EXECUTE FUNCTION portal_stock_all_changed();
CREATE TRIGGER product_attachments_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_attachments FOR EACH STATEMENT EXECUTE FUNCTION portal_catalogue_changed();
`
