import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB>

export function listBranches(db: Db) {
  return db.selectFrom('branches').select(['location_id', 'name']).orderBy('sort_order').orderBy('name').execute()
}

export function listCategories(db: Db, { forElders }: { forElders: boolean }) {
  let q = db.selectFrom('categories').select(['id', 'name', 'title', 'parent_id', 'display_order', 'icon_name'])
  if (forElders) q = q.where('hidden_for_elders', '=', false)
  return q.orderBy('display_order').orderBy('title').execute()
}

export function listBrands(db: Db, { forElders }: { forElders: boolean }) {
  let q = db.selectFrom('brands').select(['brand_code', 'description'])
  if (forElders) q = q.where('hidden_for_elders', '=', false)
  return q.orderBy('description').execute()
}
