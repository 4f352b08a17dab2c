/**
 * A change to what lists and search go by names its products (decision 0080): an UPDATE of `products` that changes
 * the code, description, brand, category, barcode, special flag, popularity or active flag of at most 500 products
 * notifies `portal_catalogue` with `products:` and their ids, comma-separated, instead of the bare table name. The
 * search index then takes in only those products (search-engine.ts), where it was built again whole; the list
 * cache forgets its pages as before (any payload but a price table's). More than 500, or an offer change of more
 * than 5,000 products, still notifies `products`: everything is read again. Offer changes alone notify
 * `portal_products` as migration 0021 made them. Inserts, deletes and truncation keep migration 0004's statement
 * trigger (`products`).
 *
 * Function bodies stay on one line: migrations are split at semicolons that end a line.
 */
export const up = /* sql */ `
CREATE OR REPLACE FUNCTION portal_products_updated() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE listed integer[]; offered integer[]; BEGIN SELECT coalesce(array_agg(n.id ORDER BY n.id) FILTER (WHERE (o.product_code, o.description, o.brand_code, o.category_id, o.barcode, o.is_special, o.popularity, o.active) IS DISTINCT FROM (n.product_code, n.description, n.brand_code, n.category_id, n.barcode, n.is_special, n.popularity, n.active)), '{}'), coalesce(array_agg(n.id ORDER BY n.id) FILTER (WHERE o IS DISTINCT FROM n), '{}') INTO listed, offered FROM previous_rows o JOIN changed_rows n ON n.id = o.id; IF cardinality(listed) > 500 OR cardinality(offered) > 5000 THEN PERFORM pg_notify('portal_catalogue', 'products'); ELSIF cardinality(listed) > 0 THEN PERFORM pg_notify('portal_catalogue', 'products:' || array_to_string(listed, ',')); ELSIF cardinality(offered) > 0 THEN PERFORM pg_notify('portal_products', string_agg(id::text, ',')) FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1) / 500 AS chunk FROM unnest(offered) AS u(id)) x GROUP BY chunk; END IF; RETURN NULL; END $$;
`
