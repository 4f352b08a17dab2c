import { sql } from 'kysely'
import type { Db } from './bulk'

/**
 * A few back-in-stock requests waiting in the demo: trade's and staff's at Wagga Wagga, cash's at Melbourne, each for
 * a product that branch has none of (the first such products by code, so the same on every start), made some days
 * ago, one with a quantity. "Stock alerts" in the account menu then has something to show and cancel, and a stock
 * delta for one of these products sends its e-mail to the outbox.
 */
export async function writeDemoStockAlerts(db: Db): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    WITH wanted (username, branch, nth, quantity, days_ago) AS (
      VALUES ('trade', 'WAG', 1, NULL::int, 3), ('trade', 'WAG', 2, 20, 12), ('trade', 'WAG', 3, NULL::int, 40),
             ('staff', 'WAG', 4, 6, 5), ('cash', 'MEL', 1, NULL::int, 8)
    ), empty AS (
      SELECT b.location_id, p.id, row_number() OVER (PARTITION BY b.location_id ORDER BY p.product_code) AS nth
      FROM branches b CROSS JOIN products p
      LEFT JOIN stock s ON s.location_id = b.location_id AND s.product_id = p.id
      WHERE b.location_id IN ('WAG', 'MEL') AND p.active AND coalesce(s.qty_available, 0) <= 0
        AND NOT EXISTS (SELECT 1 FROM brands hb WHERE hb.brand_code = p.brand_code AND hb.hidden_for_elders)
    )
    INSERT INTO stock_alerts (user_id, product_id, location_id, quantity, created_at)
    SELECT u.id, e.id, w.branch, w.quantity, now() - make_interval(days => w.days_ago)
    FROM wanted w JOIN users u ON u.username = w.username JOIN empty e ON e.location_id = w.branch AND e.nth = w.nth
    RETURNING id`.execute(db)
  return rows.length
}
