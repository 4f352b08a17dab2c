import { sql } from 'kysely'
import { firstRunOf } from '../modules/standing-orders/schedule'
import type { Db } from './bulk'

/** The demo's standing order: trade's "Fortnightly calf rearing" list, every two weeks at Wagga Wagga. */
export const DEMO_STANDING_ORDER = { list: 'Fortnightly calf rearing', everyWeeks: 2, firstRunInDays: 2, prefix: 'KFG-STANDING-' }

/** Its delivery form: Kelly's store, on the branch truck, the e-mail trade's. */
const DELIVERY = {
  DeliveryName: "Kelly's Farm & Garden Supplies",
  Address1: '42 Fitzmaurice Street',
  Address2: '',
  City: 'Wagga Wagga',
  State: 'NSW',
  PostalCode: '2650',
  Contact: 'Sam Kelly',
  Email: '',
  Phone: '02 6921 0000',
  Fax: '',
  CarrierName: 'Branch truck',
  CarrierInstructions: 'Leave at the loading dock',
  OrderDesc: 'Calf rearing restock',
  DeliveryType: 1,
}

/**
 * A standing order in the demo (decision 0093): trade's saved list "Fortnightly calf rearing" (three products Wagga
 * Wagga has plenty of, the first by code in their price band, so the same on every start) ordered every two weeks at
 * Wagga Wagga, its first run two days after the demo's today: its reminder is due, so the first scheduler tick of a
 * fresh demo puts it in the outbox, and "Standing orders" in the account menu has one to show, skip or pause.
 */
export async function writeDemoStandingOrders(db: Db, today: string): Promise<void> {
  const trade = await db.selectFrom('users').select(['id', 'account_id', 'email']).where('username', '=', 'trade').executeTakeFirst()
  if (!trade) return
  const { rows: products } = await sql<{ id: number }>`
    SELECT p.id FROM products p JOIN stock s ON s.product_id = p.id AND s.location_id = 'WAG'
    WHERE p.active AND s.qty_available >= 40 AND p.unit_price_cents BETWEEN 2000 AND 15000
    ORDER BY p.product_code LIMIT 3`.execute(db)
  if (products.length === 0) return
  const list = await db
    .insertInto('order_lists')
    .values({ account_id: trade.account_id, created_by: trade.id, name: DEMO_STANDING_ORDER.list })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('order_list_lines')
    .values(products.map((p, i) => ({ list_id: list.id, product_id: p.id, quantity: [6, 4, 10][i]! })))
    .execute()
  const [y, m, d] = today.split('-').map(Number) as [number, number, number]
  const firstRun = new Date(Date.UTC(y, m - 1, d + DEMO_STANDING_ORDER.firstRunInDays)).toISOString().slice(0, 10)
  await db
    .insertInto('standing_orders')
    .values({
      account_id: trade.account_id,
      user_id: trade.id,
      list_id: list.id,
      location_id: 'WAG',
      every_weeks: DEMO_STANDING_ORDER.everyWeeks,
      first_run_on: firstRun,
      next_run_on: firstRunOf({ kind: 'weeks', everyWeeks: DEMO_STANDING_ORDER.everyWeeks }, firstRun),
      po_prefix: DEMO_STANDING_ORDER.prefix,
      delivery: JSON.stringify({ ...DELIVERY, Email: trade.email }),
    })
    .execute()
}
