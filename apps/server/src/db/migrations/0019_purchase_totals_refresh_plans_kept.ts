/**
 * Summing a placed order's products' 12-month totals again (portal_purchase_totals_refresh_pairs of migration
 * 0015, called by every checkout's trigger of migration 0016) keeps its statements' plans: as a SQL function
 * called from PL/pgSQL it was planned afresh on every call: 1.3-1.6 ms a call, its two statements executing in
 * under 0.1 ms (auto_explain on bench_traffic, the twelfth order placed in one session). As PL/pgSQL its two
 * statements keep their plans for the connection, as the portal's own statements do (decision 0098): 0.55-0.64
 * ms a call. The statements are the same, word for word.
 *
 * Function bodies stay on one line: migrations are split at semicolons that end a line.
 */
export const up = /* sql */ `
CREATE OR REPLACE FUNCTION portal_purchase_totals_refresh_pairs(pair_accounts integer[], pair_products integer[], accounts integer[], months date[]) RETURNS void LANGUAGE plpgsql AS $$ BEGIN DELETE FROM purchase_totals t USING (SELECT DISTINCT x.account_id, x.product_id, w.window_start FROM unnest(pair_accounts, pair_products) AS x(account_id, product_id) JOIN purchase_total_windows w ON w.account_id = x.account_id WHERE EXISTS (SELECT 1 FROM unnest(accounts, months) AS k(account_id, month) WHERE k.account_id = w.account_id AND k.month >= w.window_start)) x WHERE t.account_id = x.account_id AND t.product_id = x.product_id; INSERT INTO purchase_totals (account_id, product_id, order_count, quantity, last_date, last_qty) SELECT m.account_id, m.product_id, sum(m.order_count), sum(m.quantity), max(m.last_date), (array_agg(m.last_qty ORDER BY m.last_date DESC))[1] FROM (SELECT DISTINCT x.account_id, x.product_id, w.window_start FROM unnest(pair_accounts, pair_products) AS x(account_id, product_id) JOIN purchase_total_windows w ON w.account_id = x.account_id WHERE EXISTS (SELECT 1 FROM unnest(accounts, months) AS k(account_id, month) WHERE k.account_id = w.account_id AND k.month >= w.window_start)) x JOIN purchase_months m ON m.account_id = x.account_id AND m.product_id = x.product_id AND m.month >= x.window_start GROUP BY m.account_id, m.product_id; END $$;
`
