import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { shapedStatement } from '../../db/statement'
import type { Session } from '../../lib/context'
import { productVisibleTo, viewerWith, visibilityOf, type Visibility } from '../../lib/visibility'

type Db = Kysely<DB>

/** A code as typed and in capitals: product codes are stored in capitals, people type them any way. */
const spellings = (codes: string[]) => [...new Set(codes.flatMap((c) => [c, c.toUpperCase()]))]

/** A product whose code or barcode is one of `asked`: one array, one statement text whatever the number of codes (decision 0042). */
const codeOrBarcodeIn = (asked: string[]) => sql<boolean>`(product_code = ANY(${asked}::text[]) OR barcode = ANY(${asked}::text[]))`

/**
 * Every product whose code or barcode is one of these that this user may see, withdrawn ones included:
 * the cart decides whether they may be bought, and the caller says why not. A product hidden from the
 * user is not among them, so its code is as unknown as a made-up one. Both lookups use their indexes.
 */
export function productsByCodes(db: Db, viewer: Pick<Session, 'isElders'>, codes: string[]) {
  return byCodes(visibilityOf(viewer), db, spellings(codes))
}

const byCodes = shapedStatement(
  (visibility: Visibility) => (db: Db, asked: string[]) =>
    db
      .selectFrom('products')
      .select(['id', 'product_code', 'description', 'barcode', 'active'])
      .where(codeOrBarcodeIn(asked))
      .where(productVisibleTo(viewerWith(visibility)))
      .orderBy('id'),
)

/** The active product this user may see whose code, or else barcode, is `code`. */
export async function visibleProductByCode(db: Db, viewer: Pick<Session, 'isElders'>, code: string): Promise<number | undefined> {
  const asked = spellings([code])
  const row = await db
    .selectFrom('products')
    .select(['id', 'product_code'])
    .where('active', '=', true)
    .where(productVisibleTo(viewer))
    .where(codeOrBarcodeIn(asked))
    .orderBy('id')
    .execute()
  return (row.find((r) => asked.includes(r.product_code)) ?? row[0])?.id
}
