/**
 * A product's offer changing names the product (decision 0097): an UPDATE of `products` that changes only what a
 * page shows of a product, not which pages hold it or in what order (its prices, pack sizes, weight, image,
 * full descriptions, information text: any column but those below), notifies `portal_products` with the ids of
 * the products it changed,
 * comma-separated, at most 500 a notification, read from the statement's transition tables. The list cache then
 * forgets only the pages holding those products, and the search index, which holds none of those columns, is
 * not built again. An UPDATE that changes what lists and search go by (the code, description, brand,
 * category, barcode, special flag, popularity or active flag) notifies `portal_catalogue` 'products' as before,
 * and so does one changing the offers of more than 5,000 products (a full price file: everything is read
 * again). An UPDATE that changes nothing notifies nothing. Inserts, deletes and truncation keep migration
 * 0004's statement trigger.
 *
 * Function bodies stay on one line: migrations are split at semicolons that end a line.
 */
export const up = /* sql */ `
CREATE FUNCTION portal_products_updated() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE listed boolean; offered integer[]; BEGIN SELECT coalesce(bool_or((o.product_code, o.description, o.brand_code, o.category_id, o.barcode, o.is_special, o.popularity, o.active) IS DISTINCT FROM (n.product_code, n.description, n.brand_code, n.category_id, n.barcode, n.is_special, n.popularity, n.active)), false), coalesce(array_agg(n.id ORDER BY n.id) FILTER (WHERE o IS DISTINCT FROM n), '{}') INTO listed, offered FROM previous_rows o JOIN changed_rows n ON n.id = o.id; IF listed OR cardinality(offered) > 5000 THEN PERFORM pg_notify('portal_catalogue', 'products'); ELSIF cardinality(offered) > 0 THEN PERFORM pg_notify('portal_products', string_agg(id::text, ',')) FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1) / 500 AS chunk FROM unnest(offered) AS u(id)) x GROUP BY chunk; END IF; RETURN NULL; END $$;
DROP TRIGGER products_changed ON products;
CREATE TRIGGER products_changed AFTER INSERT OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION portal_catalogue_changed();
CREATE TRIGGER products_updated AFTER UPDATE ON products REFERENCING OLD TABLE AS previous_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_products_updated();
`
