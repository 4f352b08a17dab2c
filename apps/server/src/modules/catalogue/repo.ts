import { sql, type Expression, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { shapedStatement } from '../../db/statement'
import type { Session } from '../../lib/context'
import { accountPackPriceCents, accountUnitPriceCents } from '../../lib/pricing'
import { heldByAnyone } from '../../lib/stock'
import { productVisibleTo, visibilityOf, type Visibility } from '../../lib/visibility'

type Db = Kysely<DB>

export function listCategories(db: Db, { forElders }: { forElders: boolean }) {
  let q = db.selectFrom('categories').select(['id', 'name', 'title', 'parent_id', 'display_order', 'icon_name']).where('active', '=', true)
  if (forElders) q = q.where('hidden_for_elders', '=', false)
  return q.orderBy('display_order').orderBy('title').execute()
}

export function listBrands(db: Db, { forElders }: { forElders: boolean }) {
  let q = db.selectFrom('brands').select(['brand_code', 'description']).where('active', '=', true)
  if (forElders) q = q.where('hidden_for_elders', '=', false)
  return q.orderBy('description').execute()
}

/** A category by its name, with its own and its children's ids; for resellers nothing under a hidden parent exists. */
export function findCategory(db: Db, name: string, { forElders }: { forElders: boolean }) {
  let q = db
    .selectFrom('categories as c')
    .leftJoin('categories as p', 'p.id', 'c.parent_id')
    .select(['c.id', 'c.title', sql<number[]>`ARRAY(SELECT k.id FROM categories k WHERE k.id = c.id OR k.parent_id = c.id ORDER BY k.id)`.as('ids')])
    .where('c.name', '=', name)
    .where('c.active', '=', true)
  if (forElders) q = q.where('c.hidden_for_elders', '=', false).where((eb) => eb.or([eb('p.id', 'is', null), eb('p.hidden_for_elders', '=', false)]))
  return q.executeTakeFirst()
}

export function findBrand(db: Db, code: string, { forElders }: { forElders: boolean }) {
  let q = db.selectFrom('brands').select(['brand_code', 'description']).where('brand_code', '=', code).where('active', '=', true)
  if (forElders) q = q.where('hidden_for_elders', '=', false)
  return q.executeTakeFirst()
}

/** Who is looking, and at which branch: decides prices, stock and what may be seen. */
export interface ProductScope {
  session: Pick<Session, 'accountId' | 'isElders'>
  warehouse: string
}

export interface Paging {
  limit: number
  offset: number
}

/** Active products this user may see: where every list starts. */
function visibleProducts(db: Db, session: Pick<Session, 'isElders'>) {
  // `active` as written, not a parameter: a prepared statement's generic plan can then use the partial
  // indexes (WHERE active) and skip planning on every request (decision 0098).
  return db
    .selectFrom('products')
    .where(sql<boolean>`products.active`)
    .where(productVisibleTo(session))
}

/** What a product card and page show besides prices and stock: the same for a priced page and a shared one. */
const PAGE_COLUMNS = [
  'products.id',
  'products.product_code',
  'products.description',
  'products.full_description1',
  'products.full_description2',
  'products.full_description3',
  'products.brand_code',
  'categories.name as category',
  'categories.title as category_title',
  'products.carton_qty',
  'products.pallet_qty',
  'products.rrp_cents',
  'products.weight_kg',
  'products.barcode',
  'products.info_text',
] as const

/** The product's stock at the branch (0 without a row) less what live card payments hold of it, looked up per row. */
const stockAt = (warehouse: string) =>
  sql<number>`coalesce((SELECT stock.qty_available - ${heldByAnyone()} FROM stock WHERE stock.location_id = ${warehouse} AND stock.product_id = products.id), 0)`.as(
    'available',
  )

/**
 * The products of a page, in the page's order, each with the account's prices and the stock at
 * the branch. `ids` picks the page (from visibleProducts) on the products table alone, with its
 * indexes, so that only the rows shown are priced and stocked. An unknown branch gives no rows at
 * all, so callers can tell it from an empty list. Stock and the contract price are looked up per
 * row rather than joined: the planner then has three tables to order instead of six, which halves
 * the planning time that dominates a query this cheap.
 */
function pricedPage(db: Db, { session, warehouse }: ProductScope, ids: Expression<unknown>) {
  const page = sql<{ id: number; rank: number }>`(SELECT * FROM unnest(ARRAY(${ids})) WITH ORDINALITY AS u(id, rank))`.as('page')
  return db
    .selectFrom(page)
    .innerJoin('products', 'products.id', 'page.id')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .innerJoin('customer_accounts', (j) => j.on('customer_accounts.id', '=', session.accountId))
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('contract_prices')
          .select('contract_prices.price_cents')
          .where('contract_prices.account_id', '=', session.accountId)
          .whereRef('contract_prices.product_id', '=', 'products.id')
          .as('contract_prices'),
      (j) => j.onTrue(),
    )
    .where(sql<boolean>`EXISTS (SELECT 1 FROM branches WHERE branches.location_id = ${warehouse})`)
    .select([
      ...PAGE_COLUMNS,
      accountUnitPriceCents().as('unit_cents'),
      accountPackPriceCents('carton_price_cents').as('carton_cents'),
      accountPackPriceCents('pallet_price_cents').as('pallet_cents'),
      stockAt(warehouse),
    ])
    .orderBy('page.rank')
}

export type ProductRow = Awaited<ReturnType<ReturnType<typeof pricedPage>['executeTakeFirstOrThrow']>>

/**
 * What a list statement reads besides the products and their list prices: what an account pays (`accountId`;
 * null for a page kept for every account, decision 0097), and whether the stock at the branch (`stocked`). A
 * page served with the caches off reads the account's prices in the same statement (decision 0098), and its
 * stock too only when the stock book cannot give it (decision 0097).
 */
export interface Reads {
  accountId: number | null
  stocked: boolean
}

/**
 * The products of a list page, in the page's order, with list prices (decision 0032), and what `reads` asks
 * for: what the account pays (`contract_cents`, `discount_bp`), the branch's stock. An unknown branch gives
 * no rows, whatever is read.
 */
function listedPageQuery(db: Db, { warehouse }: Pick<ProductScope, 'warehouse'>, ids: Expression<unknown>, reads: Reads) {
  const page = sql<{ id: number; rank: number }>`(SELECT * FROM unnest(ARRAY(${ids})) WITH ORDINALITY AS u(id, rank))`.as('page')
  return db
    .selectFrom(page)
    .innerJoin('products', 'products.id', 'page.id')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .where(sql<boolean>`EXISTS (SELECT 1 FROM branches WHERE branches.location_id = ${warehouse})`)
    .select(listedColumns(warehouse, reads))
    .orderBy('page.rank')
}

/**
 * What listedPage gives of each product (`products` and `categories` in scope): the card's columns, list
 * prices, with an account what it pays, and when `stocked` the stock at `warehouse`. Without an account (a
 * page kept for every account and branch, decision 0097) what it pays is null; without `stocked` the stock is
 * 0 and the stock book's is shown (decision 0097).
 */
const listedColumns = (warehouse: string, reads: Reads) => [...PAGE_COLUMNS, ...pricingColumns(warehouse, reads)] as const

/**
 * What a product costs and its stock, as listedColumns reads them, with the product's code and description
 * but none of the card's other texts: for a module that shows only that (buy-again, decision 0100).
 */
export const offerColumns = (warehouse: string, reads: Reads) =>
  [
    'products.id',
    'products.product_code',
    'products.description',
    'products.carton_qty',
    'products.pallet_qty',
    'products.rrp_cents',
    ...pricingColumns(warehouse, reads),
  ] as const

/** listedColumns' list prices, stock and what the account pays. */
const pricingColumns = (warehouse: string, { accountId, stocked }: Reads) =>
  [
    'products.unit_price_cents',
    'products.carton_price_cents',
    'products.pallet_price_cents',
    stocked ? stockAt(warehouse) : sql<number>`0`.as('available'),
    // Without an account the two are constants, not lookups of a NULL parameter: PostgreSQL then plans the
    // shared page's statement once (a generic plan) instead of planning it afresh on every execution, which it
    // does while a custom plan can fold `= NULL` away and so looks cheaper (decision 0098).
    (accountId === null
      ? sql<number | null>`NULL::int`
      : sql<number | null>`(SELECT cp.price_cents FROM contract_prices cp WHERE cp.account_id = ${accountId}::int AND cp.product_id = products.id)`
    ).as('contract_cents'),
    (accountId === null
      ? sql<number | null>`NULL::int`
      : sql<number | null>`(SELECT a.price_discount_bp FROM customer_accounts a WHERE a.id = ${accountId}::int)`
    ).as('discount_bp'),
  ] as const

function listedPage(db: Db, scope: Pick<ProductScope, 'warehouse'>, ids: Expression<unknown>, reads: Reads) {
  return listedPageQuery(db, scope, ids, reads).execute()
}

export type ListedRow = Awaited<ReturnType<typeof listedPage>>[number]

/** A row of offerColumns: a listed row less the card's other texts. */
export type OfferRow = Pick<
  ListedRow,
  | 'id'
  | 'product_code'
  | 'description'
  | 'carton_qty'
  | 'pallet_qty'
  | 'rrp_cents'
  | 'unit_price_cents'
  | 'carton_price_cents'
  | 'pallet_price_cents'
  | 'available'
  | 'contract_cents'
  | 'discount_bp'
>

/** What an account pays: its discount and its contract prices (a few dozen at most); undefined for no such account. */
export async function accountPrices(db: Db, accountId: number) {
  const row = await db
    .selectFrom('customer_accounts')
    .select([
      'customer_accounts.price_discount_bp',
      sql<number[]>`ARRAY(SELECT cp.product_id FROM contract_prices cp WHERE cp.account_id = customer_accounts.id ORDER BY cp.product_id)`.as('ids'),
      sql<number[]>`ARRAY(SELECT cp.price_cents FROM contract_prices cp WHERE cp.account_id = customer_accounts.id ORDER BY cp.product_id)`.as('cents'),
    ])
    .where('customer_accounts.id', '=', accountId)
    .executeTakeFirst()
  return row && { discountBp: row.price_discount_bp, contract: new Map(row.ids.map((id, i) => [id, Number(row.cents[i])])) }
}

/** Who is looking at a list page (resellers see fewer products), at which branch, and what its statement reads. */
export interface ListScope extends Reads {
  session: Pick<Session, 'isElders'>
  warehouse: string
}

/**
 * What a list statement's SQL depends on (db/statement.ts builds each once): whether resellers' visibility rule
 * applies, whether the account's prices are read (`priced`) or the page is for every account (`shared`), and
 * whether the branch's stock is read (`stocked`) or taken from the stock book (`unstocked`). Each list
 * statement is one statement per shape, run with the request's values; three shapes of the four are used
 * (a shared page is never stocked).
 */
type ListShape = `${Visibility}:${'shared' | 'priced'}:${'stocked' | 'unstocked'}`

const shapeOf = (scope: ListScope): ListShape =>
  `${visibilityOf(scope.session)}:${scope.accountId === null ? 'shared' : 'priced'}:${scope.stocked ? 'stocked' : 'unstocked'}`
const viewerOf = (shape: ListShape) => ({ isElders: shape.startsWith('elders') })
/** What a statement of this shape reads: the account given (none for a shared page), and the stock or not. */
const readsOf = (shape: ListShape, accountId: number): Reads => ({
  accountId: shape.includes(':priced:') ? accountId : null,
  stocked: shape.endsWith(':stocked'),
})

/** The ids of a category, found by its name, and of its children. */
const categoryTree = (name: string) =>
  sql`SELECT k.id FROM categories k
    WHERE k.id = (SELECT c.id FROM categories c WHERE c.name = ${name} AND c.active) OR k.parent_id = (SELECT c.id FROM categories c WHERE c.name = ${name} AND c.active)`

/**
 * A category's products and those of its children, by description, found by the category's name.
 * Each category walks its own (category_id, description) index for at most the rows up to this
 * page, and the walks are merged: a page costs the same in a category of 40 products as in one of
 * 40,000. No rows when there is no such category, it is withdrawn, or the user may not see it.
 */
const categoryPage = shapedStatement(
  (shape: ListShape) => (db: Db, warehouse: string, accountId: number, name: string, limit: number, offset: number, reach: number) => {
    const walk = visibleProducts(db, viewerOf(shape))
      .select(['products.id', 'products.description'])
      .where(sql<boolean>`products.category_id = tree.id`)
      .orderBy('products.description')
      .orderBy('products.id')
      .limit(reach)
    const ids = sql`SELECT listed.id FROM (${categoryTree(name)}) AS tree CROSS JOIN LATERAL (${walk}) AS listed
    ORDER BY listed.description, listed.id LIMIT ${limit} OFFSET ${offset}`
    return listedPageQuery(db, { warehouse }, ids, readsOf(shape, accountId))
  },
)

export function categoryProducts(db: Db, scope: ListScope, name: string, { limit, offset }: Paging) {
  return categoryPage(shapeOf(scope), db, scope.warehouse, scope.accountId ?? 0, name, limit, offset, limit + offset)
}

/** A random handful from categories (a category and its children): the product page's related products. */
export function randomCategoryProducts(db: Db, scope: ProductScope, categoryIds: number[], limit: number) {
  const ids = visibleProducts(db, scope.session)
    .select('products.id')
    .where('products.category_id', 'in', categoryIds)
    .orderBy(sql`random()`)
    .limit(limit)
  return pricedPage(db, scope, ids).execute()
}

const brandPage = shapedStatement((shape: ListShape) => (db: Db, warehouse: string, accountId: number, brandCode: string, limit: number, offset: number) => {
  const ids = visibleProducts(db, viewerOf(shape))
    .select('products.id')
    .where('products.brand_code', '=', brandCode)
    .orderBy('products.description')
    .orderBy('products.id')
    .limit(limit)
    .offset(offset)
  return listedPageQuery(db, { warehouse }, ids, readsOf(shape, accountId))
})

export function brandProducts(db: Db, scope: ListScope, brandCode: string, { limit, offset }: Paging) {
  return brandPage(shapeOf(scope), db, scope.warehouse, scope.accountId ?? 0, brandCode, limit, offset)
}

const specialsPage = shapedStatement((shape: ListShape) => (db: Db, warehouse: string, accountId: number, limit: number, offset: number) => {
  const ids = visibleProducts(db, viewerOf(shape))
    .select('products.id')
    .where('products.is_special', '=', true)
    .orderBy('products.description')
    .orderBy('products.id')
    .limit(limit)
    .offset(offset)
  return listedPageQuery(db, { warehouse }, ids, readsOf(shape, accountId))
})

export function specialProducts(db: Db, scope: ListScope, { limit, offset }: Paging) {
  return specialsPage(shapeOf(scope), db, scope.warehouse, scope.accountId ?? 0, limit, offset)
}

const popularPage = shapedStatement((shape: ListShape) => (db: Db, warehouse: string, accountId: number, limit: number) => {
  const ids = visibleProducts(db, viewerOf(shape)).select('products.id').orderBy('products.popularity', 'desc').orderBy('products.id').limit(limit)
  return listedPageQuery(db, { warehouse }, ids, readsOf(shape, accountId))
})

export function popularProducts(db: Db, scope: ListScope, limit: number) {
  return popularPage(shapeOf(scope), db, scope.warehouse, scope.accountId ?? 0, limit)
}

export interface SearchTerms {
  /** The whole query, lower case, spaces collapsed. */
  phrase: string
  /** Its words, lower case. */
  words: string[]
  /** The query as typed, trimmed: barcodes are compared as they are stored. */
  raw: string
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, '\\$&')
const contains = (text: string) => `%${likeEscape(text)}%`
const holds = (word: string) => sql<boolean>`products.search_text LIKE ${contains(word)}`
const barcodeIs = (raw: string) => sql<boolean>`products.barcode IN (${sql.join([...new Set([raw, raw.toUpperCase()])])})`

/** Whether some product this user may see holds every word as it was typed (in its code, description, brand or barcode). */
export async function anyProductHoldsEveryWord(db: Db, session: Pick<Session, 'isElders'>, { words }: SearchTerms): Promise<boolean> {
  const row = await visibleProducts(db, session)
    .select('products.id')
    .where(sql<boolean>`${sql.join(words.map(holds), sql` AND `)}`)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Search over code, description, brand and barcode: the generated search_text column, trigram
 * indexed. Exact mode: every word is a substring, ranked by an exact code or barcode, then a code
 * prefix, then the whole phrase in the description. Forgiving mode (for when nothing matches
 * exactly): every word is a substring or, from three letters, a whole word within the strict
 * word-similarity threshold of 0.5 ("ivomek" for Ivomec, "drentch" for drench), ranked by how
 * similar. An exact barcode always matches; popularity breaks ties.
 */
export function searchProducts(db: Db, scope: ListScope, terms: SearchTerms & { forgiving: boolean }, { limit, offset }: Paging) {
  const { phrase, words, raw, forgiving } = terms
  const matches = forgiving ? words.map((w) => (w.length >= 3 ? sql`(${holds(w)} OR ${w} <<% products.search_text)` : holds(w))) : words.map(holds)
  const rank = forgiving
    ? sql<number>`(${sql.join(
        words.map((w) => sql`strict_word_similarity(${w}, products.search_text)`),
        sql` + `,
      )})`
    : sql<number>`(CASE
        WHEN lower(products.product_code) = ${phrase} OR ${barcodeIs(raw)} THEN 8
        WHEN products.search_text LIKE ${`${likeEscape(phrase)}%`} THEN 4
        ELSE 0 END)
      + (CASE WHEN lower(products.description) LIKE ${contains(phrase)} THEN 2 ELSE 0 END)`
  const ids = visibleProducts(db, scope.session)
    .select('products.id')
    .where(sql<boolean>`((${sql.join(matches, sql` AND `)}) OR ${barcodeIs(raw)})`)
    .orderBy(rank, 'desc')
    .orderBy('products.popularity', 'desc')
    .orderBy('products.description')
    .orderBy('products.id')
    .limit(limit)
    .offset(offset)
  return listedPage(db, scope, ids, scope)
}

const inOrderPage = shapedStatement((shape: ListShape) => (db: Db, warehouse: string, accountId: number, ids: number[]) => {
  // One array parameter, whatever the number of ids: one prepared statement for every page (decision 0098).
  const order = sql`${ids}::int[]`
  const page = visibleProducts(db, viewerOf(shape))
    .select('products.id')
    .where(sql<boolean>`products.id = ANY(${order})`)
    .orderBy(sql`array_position(${order}, products.id)`)
  return listedPageQuery(db, { warehouse }, page, readsOf(shape, accountId))
})

/** Products by id, in the order given (a page the search index ranked), each still checked for visibility. */
export function productsInOrder(db: Db, scope: ListScope, ids: number[]) {
  return inOrderPage(shapeOf(scope), db, scope.warehouse, scope.accountId ?? 0, ids)
}

export function productById(db: Db, scope: ProductScope, id: number) {
  return pricedPage(db, scope, visibleProducts(db, scope.session).select('products.id').where('products.id', '=', id)).executeTakeFirst()
}

/** A product's stock at another branch, as the product page lists it. */
export interface OtherBranchStock {
  location_id: string
  name: string
  qty: number
}

/** A product's document, as the product page lists it. */
export interface Attachment {
  id: number
  file_name: string
  description: string
}

/** The product page's statement, by list shape and whether a reseller's code-setup request is looked for. */
const detailPage = shapedStatement((shape: `${ListShape}:${'asks' | 'none'}`) => (db: Db, warehouse: string, accountId: number, id: number, userId: number) => {
  const list = shape.slice(0, shape.lastIndexOf(':')) as ListShape
  const reads = readsOf(list, accountId)
  return listedPageQuery(db, { warehouse }, visibleProducts(db, viewerOf(list)).select('products.id').where('products.id', '=', id), reads).select([
    // Unstocked (a page kept for every branch, or one the stock book stocks), the other branches' stock is the book's too.
    (reads.stocked
      ? sql<OtherBranchStock[]>`coalesce((
        SELECT json_agg(json_build_object('location_id', b.location_id, 'name', b.name, 'qty', coalesce(s.qty_available - ${heldByAnyone('s')}, 0)) ORDER BY b.sort_order, b.name)
        FROM branches b LEFT JOIN stock s ON s.location_id = b.location_id AND s.product_id = products.id
        WHERE b.location_id <> ${warehouse} AND b.trading), '[]'::json)`
      : sql<OtherBranchStock[]>`'[]'::json`
    ).as('others'),
    sql<Attachment[]>`coalesce((
        SELECT json_agg(json_build_object('id', pa.id, 'file_name', pa.file_name, 'description', pa.description) ORDER BY pa.id)
        FROM product_attachments pa WHERE pa.product_id = products.id), '[]'::json)`.as('attachments'),
    (shape.endsWith('none')
      ? sql<boolean>`false`
      : sql<boolean>`EXISTS (SELECT 1 FROM code_setup_requests r
        WHERE r.user_id = ${userId}::int AND r.product_id = products.id AND r.location_id = ${warehouse})`
    ).as('requested'),
  ])
})

/**
 * The product page in one statement (decision 0098): the product as listedPage gives it (with what `scope`
 * reads: the account's prices, the stock at the branch), when stocked its stock at every other trading branch
 * (else none: the stock book's are shown), its documents, and whether `userId` already asked for its code at
 * the branch (null: not asked). No row for a product this user may not see, or an unknown branch.
 */
export async function productDetail(db: Db, scope: ListScope, id: number, userId: number | null) {
  const rows = await detailPage(`${shapeOf(scope)}:${userId === null ? 'none' : 'asks'}`, db, scope.warehouse, scope.accountId ?? 0, id, userId ?? 0)
  return rows[0]
}

export async function codeSetupRequested(db: Db, userId: number, productId: number, warehouse: string): Promise<boolean> {
  const row = await db
    .selectFrom('code_setup_requests')
    .select('id')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('location_id', '=', warehouse)
    .executeTakeFirst()
  return row !== undefined
}

/** Records a code-setup request; undefined when this user already asked for this product at this branch. */
export async function insertCodeSetupRequest(
  db: Db,
  request: { accountId: number; userId: number; productId: number; warehouse: string },
): Promise<number | undefined> {
  const row = await db
    .insertInto('code_setup_requests')
    .values({ account_id: request.accountId, user_id: request.userId, product_id: request.productId, location_id: request.warehouse })
    .onConflict((oc) => oc.columns(['user_id', 'product_id', 'location_id']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return row?.id
}

/** Every product of the price list, by category and description, with the brand's name. */
export function priceListProducts(db: Db, scope: ProductScope) {
  const ids = visibleProducts(db, scope.session)
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .select('products.id')
    .orderBy('categories.title')
    .orderBy('products.description')
    .orderBy('products.id')
  return pricedPage(db, scope, ids).innerJoin('brands', 'brands.brand_code', 'products.brand_code').select('brands.description as brand_name').execute()
}
