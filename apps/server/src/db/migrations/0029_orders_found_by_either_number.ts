/**
 * An order the ERP has acknowledged carries the ERP's number (sales_order) and keeps the one it was placed under
 * (portal_order_id), which the customer's confirmation e-mail gives. Order history's search looks in both, so the
 * trigram index is rebuilt on the expression of modules/orders/repo.ts `orderSearchText`, the portal's number included.
 */
export const up = /* sql */ `
DROP INDEX IF EXISTS orders_search_trgm;
CREATE INDEX orders_search_trgm ON orders USING gin (lower(sales_order || ' ' || coalesce(portal_order_id, '') || ' ' || customer_purchase_order || ' ' || description) gin_trgm_ops);
`
