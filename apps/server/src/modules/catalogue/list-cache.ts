import type { Product, ProductDetail } from '@portal/contract/catalogue'
import type { ProductSort } from '@portal/contract/constants'
import type { FastifyReply } from 'fastify'
import type { AccountPrices, Caches, SharedPage } from '../../lib/caches'
import type { Deps, Session } from '../../lib/context'
import { branchOf } from '../branches/service'
import * as repo from './repo'
import * as catalogue from './service'
import { pricedRow, stockedRows, toProduct, toProductDetail } from './service'

/**
 * Builds a page's rows with what `reads` asks for: an account's prices, or (null) list prices only, for every
 * account; and the branch's stock or not (the stock book's is then shown).
 */
export type PageBuilder = (reads: repo.Reads) => Promise<repo.ListedRow[]>

/** A page kept for every account and branch reads neither an account's prices nor any stock (decision 0097). */
const SHARED: repo.Reads = { accountId: null, stocked: false }

const NO_PRICES: AccountPrices = { discountBp: 0, contract: new Map() }

/** The account's discount and contract prices, from memory when this instance read them lately. */
async function pricesOf(db: Deps['db'], caches: Caches, accountId: number): Promise<AccountPrices> {
  const key = String(accountId)
  const cached = caches.prices.get(key)
  if (cached) return cached
  const stamp = caches.prices.stamp()
  const prices = (await repo.accountPrices(db, accountId)) ?? NO_PRICES
  caches.prices.set(key, prices, stamp)
  return prices
}

/** The caches and the stock book when pages may be served from memory: caches live and the stock book ready. */
function sharedPages(deps: Deps) {
  const { caches, stock } = deps.inMemory
  return caches && stock ? { caches, book: stock } : undefined
}

type Shared = NonNullable<ReturnType<typeof sharedPages>>

/**
 * The rows kept under `key` for every account (read with `build` and kept when missing) and the account's prices,
 * read together.
 */
async function keptRows(deps: Deps, caches: Shared['caches'], key: string, build: PageBuilder, accountId: number) {
  const found = caches.pages.get(key) as SharedPage<repo.ListedRow> | undefined
  if (found) return { found, prices: await pricesOf(deps.db, caches, accountId) }
  const stamp = caches.pages.stamp()
  const [rows, prices] = await Promise.all([build(SHARED), pricesOf(deps.db, caches, accountId)])
  return { found: caches.keepPage(key, rows, stamp), prices }
}

/**
 * A page of products priced for the session's account, stocked at the branch asked for (else the account's
 * own: branchOf) (decisions 0032, 0097). The
 * page itself (which products, in which order, with their list prices) is the same for every account at
 * every branch, resellers apart, and is kept in memory until the catalogue changes; the account's prices
 * (its own cached prices) and the branch's stock (the stock book's) are applied as it is served. Without
 * live caches or a ready stock book the page and the account's prices are one query, and the stock is the
 * stock book's when it is ready, else that query's too (catalogue.stockedRows, decision 0097). `page` names
 * the page: the list, its page and size, or the ids the search index ranked.
 */
export async function productPage(
  deps: Deps,
  session: Session,
  asked: string | undefined,
  page: Array<string | number | undefined>,
  build: PageBuilder,
  usual = false,
): Promise<Product[]> {
  const shared = sharedPages(deps)
  const warehouse = branchOf(session, asked)
  const uncached = async () =>
    (await stockedRows(deps, warehouse, (stocked) => build({ accountId: session.accountId, stocked }))).map((r) =>
      toProduct(pricedRow(r, r.discount_bp ?? 0, r.contract_cents), session, usual ? r.unit_price_cents : undefined),
    )
  // An unknown branch is the uncached path's 400.
  if (!shared || !shared.book.hasBranch(warehouse)) return uncached()
  const { caches, book } = shared
  const { found, prices } = await keptRows(deps, caches, JSON.stringify([session.isElders, ...page]), build, session.accountId)
  if (!(await book.current(found.ids))) return uncached()
  return found.rows.map((r) =>
    toProduct(pricedRow(r, prices.discountBp, prices.contract.get(r.id), book.qty(warehouse, r.id)), session, usual ? r.unit_price_cents : undefined),
  )
}

/**
 * Sends a page of products (productPage), written by the route's compiled writer of its 200 answer. `usual`:
 * each product with its list price as its usual price when the account pays less (specials, decision 0073).
 */
export async function sendProductList(
  deps: Deps,
  reply: FastifyReply,
  session: Session,
  asked: string | undefined,
  page: Array<string | number | undefined>,
  build: PageBuilder,
  usual = false,
): Promise<FastifyReply> {
  const products = await productPage(deps, session, asked, page, build, usual)
  return reply.type('application/json; charset=utf-8').send(reply.serializeInput(products as unknown as Record<string, unknown>, '200'))
}

/** A product page as every account sees it at every branch: the product and its documents (stock apart). */
interface SharedDetail {
  readonly ids: readonly number[]
  readonly rows: readonly repo.ListedRow[]
  readonly attachments: readonly repo.Attachment[]
}

/**
 * GET /product/{id} (decisions 0032, 0097): the product and its documents are kept like a list page
 * (forgotten when the catalogue changes), priced for the account and stocked from the stock book (this
 * branch and every other trading one) as served; whether a reseller already asked for its code is read each
 * time. Without live caches or a ready stock book: catalogue.product, one statement (stocked from the book
 * when it can be, decision 0097).
 */
export async function productDetail(deps: Deps, session: Session, id: number, req: { warehouse?: string | undefined }): Promise<ProductDetail> {
  const shared = sharedPages(deps)
  const warehouse = branchOf(session, req.warehouse)
  if (!shared || !shared.book.hasBranch(warehouse)) return catalogue.product(deps, session, id, req)
  const { caches, book } = shared
  const { db } = deps
  const key = JSON.stringify([session.isElders, 'product', id])
  let found = caches.products.get(key) as SharedDetail | undefined
  let prices: AccountPrices
  let requested: boolean
  if (found) {
    ;[prices, requested] = await Promise.all([
      pricesOf(db, caches, session.accountId),
      session.isElders ? repo.codeSetupRequested(db, session.userId, id, warehouse) : false,
    ])
  } else {
    const stamp = caches.products.stamp()
    const [row, read] = await Promise.all([
      repo.productDetail(db, { session, warehouse, ...SHARED }, id, session.isElders ? session.userId : null),
      pricesOf(db, caches, session.accountId),
    ])
    // No such product for this user: the uncached path gives the right answer.
    if (!row) return catalogue.product(deps, session, id, req)
    const { others: _others, attachments, requested: asked, ...listed } = row
    found = { ids: [id], rows: [listed], attachments }
    caches.products.set(key, found, stamp)
    prices = read
    requested = asked
  }
  if (!(await book.current(found.ids))) return catalogue.product(deps, session, id, req)
  const row = found.rows[0]!
  const product = toProduct(pricedRow(row, prices.discountBp, prices.contract.get(row.id), book.qty(warehouse, row.id)), session)
  return toProductDetail(product, book.othersOf(warehouse, row.id), found.attachments, requested)
}

/** More products than any category, brand or specials list holds: a whole list is read as one page of this size. */
export const WHOLE_LIST = 50_000

/** How a category, brand or specials list is shown: its order and whether only what is in stock at the branch. */
export interface ListView {
  sort: ProductSort
  inStock: boolean
}

/** Relevance without a filter: the list's own pages (productPage), read and kept page by page. */
export const isDefaultView = ({ sort, inStock }: ListView) => sort === 'relevance' && !inStock

const byDescription = new Intl.Collator('en', { sensitivity: 'base' })

/** A product of a whole list priced for the account and stocked at the branch, with its list price. */
type ListedProduct = repo.ProductRow & { list_cents: number }

const listedProduct = (listed: repo.ListedRow, priced: repo.ProductRow): ListedProduct => Object.assign(priced, { list_cents: listed.unit_price_cents })

/** Orders priced rows as `sort` asks; Array.prototype.sort is stable, so equals keep the list's own order. */
function sortRows(rows: ListedProduct[], sort: ProductSort): ListedProduct[] {
  switch (sort) {
    case 'relevance':
      return rows
    case 'description':
      return rows.sort((a, b) => byDescription.compare(a.description, b.description))
    case 'price-asc':
      return rows.sort((a, b) => a.unit_cents - b.unit_cents)
    case 'price-desc':
      return rows.sort((a, b) => b.unit_cents - a.unit_cents)
    case 'in-stock':
      return rows.sort((a, b) => Number(b.available > 0) - Number(a.available > 0))
  }
}

/**
 * A whole list (every product of a category, brand or specials, in the list's own order), priced for the
 * session's account and stocked at the branch, filtered to what is in stock when asked. The list as every
 * account sees it is kept like a page (productPage: list prices, no stock) under the list's name and
 * WHOLE_LIST; the account's prices and the stock book's stock are applied as it is served. Without live caches
 * or a ready stock book it is one statement, priced and stocked (stockedRows). `build` reads the whole list.
 */
async function wholeList(
  deps: Deps,
  session: Session,
  asked: string | undefined,
  list: Array<string | number>,
  build: PageBuilder,
  inStock: boolean,
): Promise<ListedProduct[]> {
  const shared = sharedPages(deps)
  const warehouse = branchOf(session, asked)
  const uncached = async () =>
    (await stockedRows(deps, warehouse, (stocked) => build({ accountId: session.accountId, stocked }))).map((r) =>
      listedProduct(r, pricedRow(r, r.discount_bp ?? 0, r.contract_cents)),
    )
  let rows: ListedProduct[] | undefined
  if (shared && shared.book.hasBranch(warehouse)) {
    const { caches, book } = shared
    const key = JSON.stringify([session.isElders, ...list, 'whole', WHOLE_LIST])
    const { found, prices } = await keptRows(deps, caches, key, build, session.accountId)
    if (await book.current(found.ids)) {
      rows = found.rows.map((r) => listedProduct(r, pricedRow(r, prices.discountBp, prices.contract.get(r.id), book.qty(warehouse, r.id))))
    }
  }
  rows ??= await uncached()
  return inStock ? rows.filter((r) => r.available > 0) : rows
}

/**
 * A page of a category, brand or specials list in the order `view` asks, with only what is in stock at the
 * branch when asked: cut from the whole list (wholeList), sorted as served. The default view never comes
 * here (isDefaultView): its pages are productPage's.
 */
export async function sendSortedList(
  deps: Deps,
  reply: FastifyReply,
  session: Session,
  req: ListView & { warehouse?: string | undefined; page: number; size: number },
  list: Array<string | number>,
  build: PageBuilder,
  usual = false,
): Promise<FastifyReply> {
  const rows = sortRows(await wholeList(deps, session, req.warehouse, list, build, req.inStock), req.sort)
  const start = (req.page - 1) * req.size
  const products = rows.slice(start, start + req.size).map((r) => toProduct(r, session, usual ? r.list_cents : undefined))
  return reply.type('application/json; charset=utf-8').send(reply.serializeInput(products as unknown as Record<string, unknown>, '200'))
}

/** How many products a whole list holds for this user (wholeList), with `inStock` only those in stock at the branch. */
export async function listCount(
  deps: Deps,
  session: Session,
  req: { warehouse?: string | undefined; inStock: boolean },
  list: Array<string | number>,
  build: PageBuilder,
): Promise<{ count: number }> {
  return { count: (await wholeList(deps, session, req.warehouse, list, build, req.inStock)).length }
}
