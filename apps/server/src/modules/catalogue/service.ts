import type { CodeSetupBody, Product, ProductDetail, ProductOffer } from '@portal/contract/catalogue'
import type { Brand, Category } from '@portal/contract/reference'
import type { Deps, Session } from '../../lib/context'
import { badRequest, forbidden, notFound } from '../../lib/errors'
import { dollars } from '../../lib/money'
import { packPriceCents, unitPriceCents } from '../../lib/pricing'
import { branchOf, findBranch } from '../branches/service'
import { enqueueMail } from '../mail/outbox'
import * as repo from './repo'
import type { StockBook } from './stock-book'

/** The columns of a product's offer, for a module whose own statement lists products (buy-again). */
export { offerColumns, type ListScope, type Reads } from './repo'
/** A code or barcode as search compares it: case, spaces, dashes and underscores left out (quick order matches codes so too). */
export { normalizeCode } from './search-text'

/** Parent categories by their order field, each with its children; resellers never see the hidden ones. */
export async function categories({ db }: Deps, session: Session | null): Promise<Category[]> {
  const rows = await repo.listCategories(db, { forElders: session?.isElders ?? false })
  const parents = rows.filter((r) => r.parent_id === null)
  return parents.map((p) => ({
    id: p.id,
    name: p.name,
    title: p.title,
    acf: {
      order: p.display_order,
      icon_name: p.icon_name,
      child_categories: rows.filter((c) => c.parent_id === p.id).map((c) => ({ category: c.name, title: c.title })),
    },
  }))
}

export async function brands({ db }: Deps, session: Session | null): Promise<Brand[]> {
  const rows = await repo.listBrands(db, { forElders: session?.isElders ?? false })
  return rows.map((r) => ({ BrandCode: r.brand_code, Description: r.description }))
}

const unknownBranch = () => badRequest('unknown_warehouse', 'There is no such branch.', 'query.warehouse')

/**
 * 400 for a branch that does not exist. A page at an unknown branch comes back empty, so callers ask only
 * when a page did: the branch costs no statement on a page that has rows.
 */
export async function ensureBranch(db: Deps['db'], warehouse: string): Promise<void> {
  if (!(await findBranch(db, warehouse))) throw unknownBranch()
}

/**
 * A list is one query. An empty answer may mean that what it lists (a category, a brand) or the
 * branch does not exist, which is a 404 or a 400 rather than an empty list: only then are they
 * looked up. `subject` says whether the listed thing exists for this user.
 */
async function checked<T>({ db }: Deps, warehouse: string, rows: T[], subject?: { exists: () => Promise<boolean>; what: string }): Promise<T[]> {
  if (rows.length > 0) return rows
  if (subject && !(await subject.exists())) throw notFound(subject.what)
  await ensureBranch(db, warehouse)
  return rows
}

/** The recommended retail price, when the ERP gave one: an empty RetailPrice is kept as 0 and means none. */
const retailPrice = (cents: number): { RetailPrice?: number } => (cents > 0 ? { RetailPrice: dollars(cents) } : {})

/**
 * A product as the wire has it. Resellers see a single price: no carton, pallet, retail or usual price.
 * `usualCents`, given by the specials list, is the product's list price: sent as its UsualPrice when the
 * account pays less (decision 0073).
 */
export function toProduct(row: repo.ProductRow, session: Pick<Session, 'isElders'>, usualCents?: number): Product {
  const onePrice = session.isElders
  if (usualCents !== undefined && !onePrice && usualCents > row.unit_cents) {
    return {
      ...toProduct(row, session),
      SinglePricing: { Price: dollars(row.unit_cents), ...retailPrice(row.rrp_cents), UsualPrice: dollars(usualCents) },
    }
  }
  return {
    ProductID: row.id,
    ProductCode: row.product_code,
    Description: row.description,
    FullDescription1: row.full_description1,
    FullDescription2: row.full_description2,
    FullDescription3: row.full_description3,
    brandcode: row.brand_code,
    Category: row.category,
    CategoryTitle: row.category_title,
    SinglePricing: onePrice ? { Price: dollars(row.unit_cents) } : { Price: dollars(row.unit_cents), ...retailPrice(row.rrp_cents) },
    ...(!onePrice && row.carton_cents !== null ? { CartonPricing: { Price: dollars(row.carton_cents) } } : {}),
    CartonQty: row.carton_qty,
    ...(!onePrice && row.pallet_cents !== null ? { PalletPricing: { Price: dollars(row.pallet_cents) } } : {}),
    PalletQty: row.pallet_qty,
    Availability: { Available: row.available },
    UserDefinedField4: row.info_text,
    Barcode: row.barcode,
    Weight: Number(row.weight_kg),
  }
}

/**
 * A product's offer (decision 0100): what it costs the account and its stock, written as toProduct writes them
 * and priced as pricedRow prices them (lib/pricing.ts), from a row of offerColumns.
 */
export function toOffer(row: repo.OfferRow, session: Pick<Session, 'isElders'>): ProductOffer {
  const unit = unitPriceCents(row.unit_price_cents, row.discount_bp ?? 0, row.contract_cents)
  const carton = packPriceCents(row.carton_price_cents, row.discount_bp ?? 0, unit)
  const pallet = packPriceCents(row.pallet_price_cents, row.discount_bp ?? 0, unit)
  const onePrice = session.isElders
  return {
    SinglePricing: onePrice ? { Price: dollars(unit) } : { Price: dollars(unit), ...retailPrice(row.rrp_cents) },
    ...(!onePrice && carton !== null ? { CartonPricing: { Price: dollars(carton) } } : {}),
    CartonQty: row.carton_qty,
    ...(!onePrice && pallet !== null ? { PalletPricing: { Price: dollars(pallet) } } : {}),
    PalletQty: row.pallet_qty,
    Availability: { Available: row.available },
  }
}

export interface ListRequest {
  warehouse?: string | undefined
  page: number
  size: number
}

const paging = ({ page, size }: ListRequest): repo.Paging => ({ limit: size, offset: (page - 1) * size })

async function listed(deps: Deps, warehouse: string, rows: Promise<repo.ListedRow[]>, subject?: Parameters<typeof checked>[3]): Promise<repo.ListedRow[]> {
  return checked(deps, warehouse, await rows, subject)
}

/**
 * A listed row priced for an account (decision 0032): its contract price, else the list price less its
 * discount; carton and pallet prices discounted and never above the unit price. The same rule as
 * lib/pricing.ts's SQL, which prices carts, orders and the product page. `available` is the stock shown:
 * the row's, or the stock book's for a page kept for every branch (decision 0097).
 */
export function pricedRow(row: repo.ListedRow, discountBp: number, contractCents: number | null | undefined, available = row.available): repo.ProductRow {
  const unit = unitPriceCents(row.unit_price_cents, discountBp, contractCents)
  return {
    id: row.id,
    product_code: row.product_code,
    description: row.description,
    full_description1: row.full_description1,
    full_description2: row.full_description2,
    full_description3: row.full_description3,
    brand_code: row.brand_code,
    category: row.category,
    category_title: row.category_title,
    unit_cents: unit,
    carton_cents: packPriceCents(row.carton_price_cents, discountBp, unit),
    carton_qty: row.carton_qty,
    pallet_cents: packPriceCents(row.pallet_price_cents, discountBp, unit),
    pallet_qty: row.pallet_qty,
    rrp_cents: row.rrp_cents,
    weight_kg: row.weight_kg,
    barcode: row.barcode,
    info_text: row.info_text,
    available,
  }
}

const categorySubject = ({ db }: Deps, session: Session, name: string) => ({
  what: 'category',
  exists: async () => (await repo.findCategory(db, name, { forElders: session.isElders })) !== undefined,
})

/**
 * The stock book when it can stock a page at this branch (decision 0097): ready (loaded, no whole reload owed,
 * its change feed live) and knowing the branch. Otherwise undefined, and the page's statement reads the stock.
 */
export function bookAt({ inMemory }: Pick<Deps, 'inMemory'>, warehouse: string): StockBook | undefined {
  const { stock } = inMemory
  return stock?.hasBranch(warehouse) ? stock : undefined
}

/**
 * A page read with the caches off, priced for the account by its one statement (decision 0098) and stocked
 * at the branch from the stock book (decision 0097): the statement then reads no stock. `read(stocked)` runs
 * the statement, reading the stock or not. Without a book to take it from, or should the book stop being
 * current for these products while the statement ran (a whole reload began), the stock is the statement's:
 * read again with it in the second case, which is rare. `current` waits for the products' owed re-reads, so
 * the stock shown is never behind what this process has been told (decision 0097). The rows are this
 * request's own: their `available` is set in place, and whatever else `alsoFrom` takes from the book.
 */
export async function stockedRows<Row extends { id: number; available: number }>(
  deps: Pick<Deps, 'inMemory'>,
  warehouse: string,
  read: (stocked: boolean) => Promise<Row[]>,
  alsoFrom?: (book: StockBook, row: Row) => void,
): Promise<Row[]> {
  const book = bookAt(deps, warehouse)
  if (!book) return read(true)
  const rows = await read(false)
  if (rows.length === 0) return rows
  if (!(await book.current(rows.map((r) => r.id)))) return read(true)
  for (const row of rows) {
    row.available = book.qty(warehouse, row.id)
    alsoFrom?.(book, row)
  }
  return rows
}

/**
 * A category's products (its children's included), by description. The list functions below give the
 * page's rows with list prices and what `reads` asks for: the account's prices (none for a page cached for
 * every account: list-cache.ts), and the branch's stock (else 0: the stock book's is shown).
 */
export async function categoryProducts(deps: Deps, session: Session, name: string, req: ListRequest, reads: repo.Reads): Promise<repo.ListedRow[]> {
  const warehouse = branchOf(session, req.warehouse)
  const rows = repo.categoryProducts(deps.db, { session, warehouse, ...reads }, name, paging(req))
  return listed(deps, warehouse, rows, categorySubject(deps, session, name))
}

/** Related products: the category's (found first, as the planner walks its ids' indexes best when it knows them). */
export async function randomCategoryProducts(deps: Deps, session: Session, name: string, req: { warehouse?: string | undefined; size: number }) {
  const category = await repo.findCategory(deps.db, name, { forElders: session.isElders })
  if (!category) throw notFound('category')
  const warehouse = branchOf(session, req.warehouse)
  return (await checked(deps, warehouse, await repo.randomCategoryProducts(deps.db, { session, warehouse }, category.ids, req.size))).map((r) =>
    toProduct(r, session),
  )
}

export async function brandProducts(deps: Deps, session: Session, code: string, req: ListRequest, reads: repo.Reads): Promise<repo.ListedRow[]> {
  const warehouse = branchOf(session, req.warehouse)
  const rows = repo.brandProducts(deps.db, { session, warehouse, ...reads }, code, paging(req))
  return listed(deps, warehouse, rows, {
    what: 'brand',
    exists: async () => (await repo.findBrand(deps.db, code, { forElders: session.isElders })) !== undefined,
  })
}

export async function specials(deps: Deps, session: Session, req: ListRequest, reads: repo.Reads): Promise<repo.ListedRow[]> {
  const warehouse = branchOf(session, req.warehouse)
  return listed(deps, warehouse, repo.specialProducts(deps.db, { session, warehouse, ...reads }, paging(req)))
}

export async function popular(
  deps: Deps,
  session: Session,
  req: { warehouse?: string | undefined; size: number },
  reads: repo.Reads,
): Promise<repo.ListedRow[]> {
  const warehouse = branchOf(session, req.warehouse)
  return listed(deps, warehouse, repo.popularProducts(deps.db, { session, warehouse, ...reads }, req.size))
}

const MAX_SEARCH_WORDS = 8

/** The words of a query, lower case; punctuation inside a word (codes like IVO-OD-5L) stays. */
export function searchTerms(text: string): repo.SearchTerms {
  const raw = text.trim()
  const phrase = raw.toLowerCase().replace(/\s+/g, ' ')
  const words = [...new Set(phrase.split(' ').filter(Boolean))].slice(0, MAX_SEARCH_WORDS)
  return { raw, phrase, words }
}

/**
 * Words as typed first: when some product holds every word, those are the results. Only when none
 * does, the typo-forgiving match runs; it costs more per row, so common words never pay for it.
 */
export async function search(deps: Deps, session: Session, text: string, req: ListRequest, reads: repo.Reads): Promise<repo.ListedRow[]> {
  const warehouse = branchOf(session, req.warehouse)
  const terms = searchTerms(text)
  const forgiving = !(await repo.anyProductHoldsEveryWord(deps.db, session, terms))
  return listed(deps, warehouse, repo.searchProducts(deps.db, { session, warehouse, ...reads }, { ...terms, forgiving }, paging(req)))
}

/** Products by id in the order given (a page the search index ranked), still checked for visibility; 400 for an unknown branch. */
export async function listedInOrder({ db }: Deps, session: Session, warehouse: string, ids: number[], reads: repo.Reads): Promise<repo.ListedRow[]> {
  const rows = ids.length > 0 ? await repo.productsInOrder(db, { session, warehouse, ...reads }, ids) : []
  if (rows.length === 0) await ensureBranch(db, warehouse)
  return rows
}

/**
 * The product page: the product at the branch priced for the account, its stock elsewhere, its documents, and
 * whether a reseller already asked for its code; one statement (decision 0098). The stock here and at the
 * other trading branches is the stock book's when it can give it (stockedRows, decision 0097), else the
 * statement's.
 */
export async function product(deps: Deps, session: Session, id: number, req: { warehouse?: string | undefined }): Promise<ProductDetail> {
  const warehouse = branchOf(session, req.warehouse)
  const userId = session.isElders ? session.userId : null
  const [row] = await stockedRows(
    deps,
    warehouse,
    async (stocked) => {
      const found = await repo.productDetail(deps.db, { session, warehouse, accountId: session.accountId, stocked }, id, userId)
      return found ? [found] : []
    },
    // Read without the stock, the statement gives no other branches: the book's, in the selector's order.
    (book, found) => {
      found.others = book.othersOf(warehouse, found.id)
    },
  )
  if (!row) {
    await checked(deps, warehouse, [])
    throw notFound('product')
  }
  return toProductDetail(toProduct(pricedRow(row, row.discount_bp ?? 0, row.contract_cents), session), row.others, row.attachments, row.requested)
}

/** The product page's answer: the priced product, its stock at the other branches, its documents. */
export function toProductDetail(
  product: Product,
  others: readonly repo.OtherBranchStock[],
  attachments: readonly repo.Attachment[],
  requested: boolean,
): ProductDetail {
  return {
    ...product,
    QtyAvailableOther: others.reduce((sum, b) => sum + Math.max(0, b.qty), 0),
    AvailabilityOther: others.map((b) => ({ LocationID: b.location_id, DESCRIPTION: b.name, QtyAvail: b.qty })),
    Attachments: attachments.map((a) => ({ AttachmentID: a.id, FileName: a.file_name, Description: a.description })),
    CodeSetupRequested: requested,
  }
}

/**
 * The offers of the products among `ids` still sold to this user (active, not hidden from resellers), priced
 * for the account and stocked at the branch: a saved list shows them beside its lines (decision 0100).
 */
export async function productsSold(deps: Deps, session: Session, ids: number[], req: { warehouse?: string | undefined }): Promise<Map<number, ProductOffer>> {
  const warehouse = branchOf(session, req.warehouse)
  const read = (stocked: boolean) => repo.productsInOrder(deps.db, { session, warehouse, accountId: session.accountId, stocked }, ids)
  // The stock is the stock book's when it can give it (stockedRows, decision 0097).
  const rows = ids.length > 0 ? await stockedRows(deps, warehouse, read) : []
  // An unknown branch gives no rows; so does a page of products no longer sold: only then is the branch asked for.
  if (rows.length === 0) await ensureBranch(deps.db, warehouse)
  return new Map(rows.map((r) => [r.id, toOffer(r, session)]))
}

/** Every product of a branch's price list (modules/files), priced for this user and stocked at the branch. */
export function priceListProducts(db: Deps['db'], session: Session, branch: string) {
  return repo.priceListProducts(db, { session, warehouse: branch })
}

/**
 * A reseller asks the distributor to set a product up under its own code: recorded once per user,
 * product and branch, and e-mailed to the distributor. Asking again changes nothing and succeeds.
 */
export async function requestCodeSetup({ db, config }: Deps, session: Session, body: CodeSetupBody): Promise<{ message: string }> {
  if (!session.isElders) throw forbidden('Code setup requests are for reseller accounts.')
  const warehouse = body.warehouse.toUpperCase()
  return db.transaction().execute(async (trx) => {
    const row = await repo.productById(trx, { session, warehouse }, body.id)
    if (!row) {
      if (!(await findBranch(trx, warehouse))) throw badRequest('unknown_warehouse', 'There is no such branch.', 'body.warehouse')
      throw notFound('product')
    }
    const id = await repo.insertCodeSetupRequest(trx, { accountId: session.accountId, userId: session.userId, productId: row.id, warehouse })
    if (id !== undefined) {
      const branch = await findBranch(trx, warehouse)
      await enqueueMail(trx, {
        to: config.distributor.email,
        subject: `Code setup request ${id}: ${row.product_code} for ${session.accountName}`,
        text: [
          `${session.name} (${session.username}, ${session.email}) of ${session.accountName} (account ${session.accountCode}) asks for this product to be set up under their code:`,
          '',
          `Product: ${row.product_code} ${row.description}`,
          `Brand: ${row.brand_code}`,
          `Category: ${row.category_title}`,
          `Branch: ${warehouse}${branch ? ` ${branch.name}` : ''}`,
          '',
          `Request number: ${id}`,
        ].join('\n'),
      })
    }
    return { message: 'Code successfully requested.' }
  })
}
