import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { shapedStatement } from '../../db/statement'
import type { Session } from '../../lib/context'
import { productVisibleTo, viewerWith, visibilityOf, type Visibility } from '../../lib/visibility'

type Db = Kysely<DB>

/** A code as typed and in capitals: product codes are stored in capitals, people type them any way. */
const spellings = (codes: string[]) => [...new Set(codes.flatMap((c) => [c, c.toUpperCase()]))]

/** A product whose code or barcode is one of `asked`: one array, one statement text whatever the number of codes (decision 0098). */
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

/**
 * A code or barcode compacted as search compares it (catalogue's normalizeCode, decision 0068): lower case,
 * spaces, dashes and underscores left out, so that "PHIRJ40MM" and "phi rj 40mm" both name PHI-RJ-40MM.
 */
const compact = (column: 'product_code' | 'barcode') => sql<string>`lower(regexp_replace(coalesce(${sql.ref(column)}, ''), '[[:space:]_-]+', '', 'g'))`
const compactIn = (asked: string[]) => sql<boolean>`(${compact('product_code')} = ANY(${asked}::text[]) OR ${compact('barcode')} = ANY(${asked}::text[]))`

/**
 * Every product this user may see whose code or barcode, compacted, is one of these (already compacted), withdrawn
 * ones included, as `productsByCodes`: a hidden product is unknown here too, and never makes a visible one ambiguous.
 * Asked only for the codes that no code or barcode matched as written; migration 0026's indexes hold the compact
 * form of both columns, so this is two index scans.
 */
export function productsByCompactCodes(db: Db, viewer: Pick<Session, 'isElders'>, compacts: string[]) {
  return byCompactCodes(visibilityOf(viewer), db, compacts)
}

const byCompactCodes = shapedStatement(
  (visibility: Visibility) => (db: Db, asked: string[]) =>
    db
      .selectFrom('products')
      .select(['id', 'product_code', 'description', 'barcode', 'active'])
      .where(compactIn(asked))
      .where(productVisibleTo(viewerWith(visibility)))
      .orderBy('id'),
)

/**
 * The active product this user may see whose code, or else barcode, is `code`; failing that, the one whose code
 * or barcode compacted is `compacted` (`code` compacted), when only one product's is.
 */
export async function visibleProductByCode(db: Db, viewer: Pick<Session, 'isElders'>, code: string, compacted: string): Promise<number | undefined> {
  const asked = spellings([code])
  const visible = db.selectFrom('products').select(['id', 'product_code']).where('active', '=', true).where(productVisibleTo(viewer)).orderBy('id')
  const row = await visible.where(codeOrBarcodeIn(asked)).execute()
  const found = (row.find((r) => asked.includes(r.product_code)) ?? row[0])?.id
  if (found !== undefined) return found
  if (compacted === '') return undefined
  const alike = await visible
    .where(compactIn([compacted]))
    .limit(2)
    .execute()
  return alike.length === 1 ? alike[0]!.id : undefined
}
