import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { Session } from '../../lib/context'
import { productVisibleTo } from '../../lib/visibility'

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

/** The product's picture id: undefined when there is no such product, null when it has no picture. */
export async function productImageId(db: Db, productId: number): Promise<number | null | undefined> {
  const row = await db.selectFrom('products').select('image_id').where('id', '=', productId).where('active', '=', true).executeTakeFirst()
  return row ? row.image_id : undefined
}

export function imageData(db: Db, imageId: number) {
  return db.selectFrom('product_images').select(['data', 'content_type']).where('id', '=', imageId).executeTakeFirst()
}
