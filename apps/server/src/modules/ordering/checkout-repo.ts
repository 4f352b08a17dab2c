import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

/** The user's last order's delivery: its site, address, contact, carrier and delivery type (newest first). */
export function lastOrderDelivery(db: Kysely<DB>, accountId: number, userId: number) {
  return db
    .selectFrom('orders')
    .select([
      'site_code',
      'delivery_name',
      'delivery_address1',
      'delivery_address2',
      'delivery_city',
      'delivery_state',
      'delivery_postal_code',
      'contact',
      'email',
      'phone',
      'fax',
      'carrier_name',
      'carrier_instructions',
      'delivery_type',
    ])
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .orderBy('enter_date', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** The account's delivery sites, the one the ERP lists first (its main site) first. */
export function deliverySites(db: Kysely<DB>, accountId: number) {
  return db.selectFrom('delivery_sites').selectAll().where('account_id', '=', accountId).orderBy('id').execute()
}

/** The account's default branch. */
export async function defaultBranch(db: Kysely<DB>, accountId: number): Promise<string | null> {
  const row = await db.selectFrom('customer_accounts').select('default_branch').where('id', '=', accountId).executeTakeFirst()
  return row?.default_branch ?? null
}
