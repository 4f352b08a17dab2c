import type { Product, Suggestions, SuggestQuery } from '@portal/contract/catalogue'
import { SUGGESTION_GROUPS, SUGGESTION_PRODUCTS } from '@portal/contract/catalogue'
import type { Deps, Session } from '../../lib/context'
import { badRequest } from '../../lib/errors'
import { branchOf, findBranch } from '../branches/service'
import * as repo from './repo'
import * as catalogue from './service'

export interface Found {
  /** The query as corrected, when the best results needed typos corrected; else null. */
  correction: string | null
  /** The page, priced and stocked for this account and branch (read only when not cached). */
  products: () => Promise<Product[]>
}

/**
 * POST /search: the page of products the search index ranks (decision 0029), priced and stocked by
 * the database. Without a change feed the index could not be kept right, so the database searches.
 */
export async function searchProducts(deps: Deps, session: Session, text: string, req: catalogue.ListRequest): Promise<Found> {
  if (!deps.search) return { correction: null, products: () => catalogue.search(deps, session, text, req) }
  const warehouse = branchOf(session, req.warehouse)
  const { index, stock } = await deps.search.current()
  const found = index.search(text, { elders: session.isElders, branch: warehouse, offset: (req.page - 1) * req.size, limit: req.size }, stock)
  return { correction: found.correction, products: () => pricedInOrder(deps, session, warehouse, found.ids) }
}

/** GET /search/suggest: up to 8 products and 3 categories or brands for what has been typed so far. */
export async function suggest(deps: Deps, session: Session, query: SuggestQuery): Promise<Suggestions> {
  const warehouse = branchOf(session, query.warehouse)
  if (!deps.search) {
    const products = await catalogue.search(deps, session, query.text, { warehouse, page: 1, size: SUGGESTION_PRODUCTS })
    return { products, groups: [], correction: null }
  }
  const { index, stock } = await deps.search.current()
  const found = index.search(query.text, { elders: session.isElders, branch: warehouse, offset: 0, limit: SUGGESTION_PRODUCTS }, stock)
  const products = await pricedInOrder(deps, session, warehouse, found.ids)
  return { products, groups: index.groupsFor(query.text, session.isElders, SUGGESTION_GROUPS), correction: found.correction }
}

async function pricedInOrder({ db }: Deps, session: Session, warehouse: string, ids: number[]): Promise<Product[]> {
  const rows = ids.length > 0 ? await repo.productsInOrder(db, { session, warehouse }, ids) : []
  if (rows.length === 0 && !(await findBranch(db, warehouse))) throw badRequest('unknown_warehouse', 'There is no such branch.', 'query.warehouse')
  return rows.map((row) => catalogue.toProduct(row, session))
}
