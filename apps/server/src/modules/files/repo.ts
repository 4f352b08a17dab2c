import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { Session } from '../../lib/context'
import { productVisibleTo, viewerWith } from '../../lib/visibility'

type Db = Kysely<DB>

/** A product's document, when the product is active and this user may see it. */
export function attachmentFile(db: Db, session: Pick<Session, 'isElders'>, productId: number, attachmentId: number) {
  return db
    .selectFrom('product_attachments')
    .innerJoin('products', 'products.id', 'product_attachments.product_id')
    .select(['product_attachments.file_name', 'product_attachments.content_type', 'product_attachments.data'])
    .where('product_attachments.id', '=', attachmentId)
    .where('product_attachments.product_id', '=', productId)
    .where('products.active', '=', true)
    .where(productVisibleTo(session))
    .executeTakeFirst()
}

/**
 * The product's picture id (null when it has none) and whether every account may see the product (a
 * reseller's rule is the narrowest there is): undefined when there is no such active product.
 */
export async function productPicture(db: Db, productId: number): Promise<{ imageId: number | null; everyone: boolean } | undefined> {
  const row = await db
    .selectFrom('products')
    .select(['image_id', productVisibleTo(viewerWith('elders')).as('everyone')])
    .where('id', '=', productId)
    .where('active', '=', true)
    .executeTakeFirst()
  return row ? { imageId: row.image_id, everyone: row.everyone } : undefined
}

export function imageData(db: Db, imageId: number) {
  return db.selectFrom('product_images').select(['data', 'content_type']).where('id', '=', imageId).executeTakeFirst()
}
