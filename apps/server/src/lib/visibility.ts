import { sql, type RawBuilder } from 'kysely'
import type { Session } from './context'

/** Which visibility rule applies: a statement built once (db/statement.ts) is one statement for each. */
export type Visibility = 'elders' | 'trade'

export const visibilityOf = (viewer: Pick<Session, 'isElders'>): Visibility => (viewer.isElders ? 'elders' : 'trade')

/** A viewer with the visibility rule `visibility`, for productVisibleTo inside a statement built once. */
export const viewerWith = (visibility: Visibility): Pick<Session, 'isElders'> => ({ isElders: visibility === 'elders' })

/**
 * Whether `products` (in scope) may be shown to this user. Resellers (isElders) never see a product
 * whose brand, category or parent category is hidden for them, whatever the request says.
 */
export function productVisibleTo(session: Pick<Session, 'isElders'> | null): RawBuilder<boolean> {
  if (!session?.isElders) return sql<boolean>`true`
  return sql<boolean>`(
    NOT EXISTS (SELECT 1 FROM brands hb WHERE hb.brand_code = products.brand_code AND hb.hidden_for_elders)
    AND NOT EXISTS (
      SELECT 1 FROM categories hc LEFT JOIN categories hp ON hp.id = hc.parent_id
      WHERE hc.id = products.category_id AND (hc.hidden_for_elders OR coalesce(hp.hidden_for_elders, false))
    )
  )`
}
