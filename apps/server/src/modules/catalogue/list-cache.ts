import type { Product, ProductDetail } from '@portal/contract/catalogue'
import type { FastifyReply } from 'fastify'
import type { AccountPrices, SharedPage } from '../../lib/caches'
import type { Deps, Session } from '../../lib/context'
import { branchOf } from '../branches/service'
import * as repo from './repo'
import * as catalogue from './service'
import { pricedRow, toProduct, toProductDetail } from './service'

/** Builds a page's rows: with `accountId`'s prices, or (null) with list prices only, for every account. */
export type PageBuilder = (accountId: number | null) => Promise<repo.ListedRow[]>

const NO_PRICES: AccountPrices = { discountBp: 0, contract: new Map() }

/** The account's discount and contract prices, from memory when this instance read them lately. */
async function pricesOf({ db, caches }: Deps & { caches: NonNullable<Deps['caches']> }, accountId: number): Promise<AccountPrices> {
  const key = String(accountId)
  const cached = caches.prices.get(key)
  if (cached) return cached
  const stamp = caches.prices.stamp()
  const prices = (await repo.accountPrices(db, accountId)) ?? NO_PRICES
  caches.prices.set(key, prices, stamp)
  return prices
}

/**
 * A page of products priced for the session's account (decision 0032). The page itself (which products,
 * their list prices and the branch's stock) is the same for every account at the branch, resellers apart,
 * and is kept in memory until a change to one of its products' stock (or to the catalogue) is told by the
 * database; the account's prices are applied as it is served, from its own cached prices. Without live
 * caches the page and the account's prices are one query. `page` names the page: the list, its branch,
 * page and size, or the ids the search index ranked.
 */
export async function productPage(deps: Deps, session: Session, page: Array<string | number | undefined>, build: PageBuilder): Promise<Product[]> {
  const caches = deps.caches?.live ? deps.caches : undefined
  if (!caches) return (await build(session.accountId)).map((r) => toProduct(pricedRow(r, r.discount_bp ?? 0, r.contract_cents), session))
  const key = JSON.stringify([session.isElders, ...page])
  let shared = caches.pages.get(key) as SharedPage<repo.ListedRow> | undefined
  let prices: AccountPrices
  if (shared) {
    prices = await pricesOf({ ...deps, caches }, session.accountId)
  } else {
    const stamp = caches.pages.stamp()
    const [rows, found] = await Promise.all([build(null), pricesOf({ ...deps, caches }, session.accountId)])
    shared = { ids: rows.map((r) => r.id), rows }
    caches.pages.set(key, shared, stamp)
    prices = found
  }
  return shared.rows.map((r) => toProduct(pricedRow(r, prices.discountBp, prices.contract.get(r.id)), session))
}

/** Sends a page of products (productPage), written by the route's compiled writer of its 200 answer. */
export async function sendProductList(
  deps: Deps,
  reply: FastifyReply,
  session: Session,
  page: Array<string | number | undefined>,
  build: PageBuilder,
): Promise<FastifyReply> {
  const products = await productPage(deps, session, page, build)
  return reply.type('application/json; charset=utf-8').send(reply.serializeInput(products as unknown as Record<string, unknown>, '200'))
}

/** A product page as every account at a branch sees it: the product, its stock elsewhere, its documents. */
interface SharedDetail {
  readonly ids: readonly number[]
  readonly rows: readonly repo.ListedRow[]
  readonly others: readonly repo.OtherBranchStock[]
  readonly attachments: readonly repo.Attachment[]
}

/**
 * GET /product/{id} (decision 0032): the product and its stock at every branch are kept like a list page
 * (forgotten when its stock or the catalogue changes) and priced for the account as served; whether a
 * reseller already asked for its code is read each time. Without live caches: catalogue.product, one statement.
 */
export async function productDetail(deps: Deps, session: Session, id: number, req: { warehouse?: string | undefined }): Promise<ProductDetail> {
  const caches = deps.caches?.live ? deps.caches : undefined
  if (!caches) return catalogue.product(deps, session, id, req)
  const { db } = deps
  const warehouse = branchOf(session, req.warehouse)
  const key = JSON.stringify([session.isElders, 'product', id, warehouse])
  let shared = caches.products.get(key) as SharedDetail | undefined
  let prices: AccountPrices
  let requested: boolean
  if (shared) {
    ;[prices, requested] = await Promise.all([
      pricesOf({ ...deps, caches }, session.accountId),
      session.isElders ? repo.codeSetupRequested(db, session.userId, id, warehouse) : false,
    ])
  } else {
    const stamp = caches.products.stamp()
    const [row, found] = await Promise.all([
      repo.productDetail(db, { session, warehouse, accountId: null }, id, session.isElders ? session.userId : null),
      pricesOf({ ...deps, caches }, session.accountId),
    ])
    // No such product for this user, or no such branch: the uncached path gives the right answer.
    if (!row) return catalogue.product(deps, session, id, req)
    const { others, attachments, requested: asked, ...listed } = row
    shared = { ids: [id], rows: [listed], others, attachments }
    caches.products.set(key, shared, stamp)
    prices = found
    requested = asked
  }
  const row = shared.rows[0]!
  return toProductDetail(toProduct(pricedRow(row, prices.discountBp, prices.contract.get(row.id)), session), shared.others, shared.attachments, requested)
}
