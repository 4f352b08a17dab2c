/**
 * The ERP interchange (docs/erp-interchange.md). erp_runs records every import, stock delta and
 * export: who ran it, how, what it added, changed and withdrew, and its first problems.
 *
 * Orders placed in the portal carry the number they were placed under (portal_order_id, e.g. SO9000001)
 * until the ERP acknowledges them with its own sales order number, which then becomes the order's
 * sales_order (what the customer sees). An order is collected (erp_collected_at: leased to one collector)
 * before it is acknowledged, or written once to files by npm run erp:export (erp_exported_at: never offered
again; the ERP acknowledges it through orders.csv's PortalOrderId), decision 0037. Portal orders placed before this migration are portal orders
 * too and are delivered like the new ones.
 */
export const up = /* sql */ `
CREATE TABLE erp_runs (
  id           serial PRIMARY KEY,
  started_at   timestamptz NOT NULL DEFAULT now(),
  finished_at  timestamptz,
  who          text NOT NULL,
  kind         text NOT NULL CHECK (kind IN ('import', 'stock', 'export')),
  mode         text NOT NULL CHECK (mode IN ('delta', 'full', 'dry-run')),
  added        integer NOT NULL DEFAULT 0,
  changed      integer NOT NULL DEFAULT 0,
  withdrawn    integer NOT NULL DEFAULT 0,
  failed       integer NOT NULL DEFAULT 0,
  problems     jsonb NOT NULL DEFAULT '[]',
  status       text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'succeeded', 'failed'))
);
CREATE INDEX erp_runs_newest ON erp_runs (started_at DESC, id DESC);

ALTER TABLE orders ADD COLUMN portal_order_id text UNIQUE;
ALTER TABLE orders ADD COLUMN erp_collected_at timestamptz;
ALTER TABLE orders ADD COLUMN erp_exported_at timestamptz;
ALTER TABLE orders ADD COLUMN erp_acknowledged_at timestamptz;
UPDATE orders SET portal_order_id = sales_order WHERE sales_order ~ '^SO9[0-9]{6,}$';
CREATE INDEX orders_erp_unacknowledged ON orders (created_at, id) WHERE portal_order_id IS NOT NULL AND erp_acknowledged_at IS NULL;
`
