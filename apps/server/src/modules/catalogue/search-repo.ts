import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { IndexedGroup, IndexedProduct, SynonymRow } from './search-index'

type Db = Kysely<DB>

/** What the search index is built from: every active product's visible text, and whether resellers may see it. */
export async function indexedProducts(db: Db, only?: readonly number[]): Promise<IndexedProduct[]> {
  let query = db
    .selectFrom('products as p')
    .innerJoin('brands as b', 'b.brand_code', 'p.brand_code')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .leftJoin('categories as parent', 'parent.id', 'c.parent_id')
    .select([
      'p.id',
      'p.product_code',
      'p.barcode',
      'p.description',
      'p.brand_code',
      'b.description as brand_name',
      'c.title as category_title',
      'parent.title as parent_title',
      sql<boolean>`(b.hidden_for_elders OR c.hidden_for_elders OR coalesce(parent.hidden_for_elders, false))`.as('hidden'),
      'p.popularity',
    ])
    .where('p.active', '=', true)
  // The products a change named (the search index takes in only those), as one array parameter.
  if (only) query = query.where('p.id', '=', sql<number>`ANY(${[...only]}::int4[])`)
  const rows = await query.execute()
  return rows.map((r) => ({
    id: r.id,
    code: r.product_code,
    barcode: r.barcode,
    description: r.description,
    brandCode: r.brand_code,
    brandName: r.brand_name,
    categoryTitle: r.category_title,
    parentTitle: r.parent_title,
    hiddenForElders: r.hidden,
    popularity: r.popularity,
  }))
}

/** Active categories (hidden when they or their parent are) and brands, for suggestions. */
export async function indexedGroups(db: Db): Promise<IndexedGroup[]> {
  const [categories, brands] = await Promise.all([
    db
      .selectFrom('categories as c')
      .leftJoin('categories as parent', 'parent.id', 'c.parent_id')
      .select(['c.name', 'c.title', sql<boolean>`(c.hidden_for_elders OR coalesce(parent.hidden_for_elders, false))`.as('hidden')])
      .where('c.active', '=', true)
      .execute(),
    db.selectFrom('brands').select(['brand_code', 'description', 'hidden_for_elders']).where('active', '=', true).execute(),
  ])
  return [
    ...categories.map((c) => ({ kind: 'category' as const, key: c.name, title: c.title, hiddenForElders: c.hidden })),
    ...brands.map((b) => ({ kind: 'brand' as const, key: b.brand_code, title: b.description, hiddenForElders: b.hidden_for_elders })),
  ]
}

export async function synonymRows(db: Db): Promise<SynonymRow[]> {
  return db.selectFrom('search_synonyms').select(['term', 'synonyms']).orderBy('term').execute()
}
