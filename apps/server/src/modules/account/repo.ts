import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

export function listDeliverySites(db: Kysely<DB>, accountId: number) {
  return db.selectFrom('delivery_sites').selectAll().where('account_id', '=', accountId).orderBy('name').execute()
}
