import type { Suggestions, SuggestQuery } from '@portal/contract/catalogue'
import { SUGGESTION_GROUPS, SUGGESTION_PRODUCTS } from '@portal/contract/constants'
import type { Deps, Session } from '../../lib/context'
import { branchOf } from '../branches/service'
import { type PageBuilder, productPage } from './list-cache'
import * as catalogue from './service'

export interface Found {
  /** The query as corrected, when the best results needed typos corrected; else null. */
  correction: string | null
  /** The branch whose stock is shown. */
  warehouse: string
  /** What names the page in the list cache: the ids ranked, or the query itself. */
  page: Array<string | number | undefined>
  /** The page's rows, stocked at the branch (read only when not cached): list-cache.ts. */
  rows: PageBuilder
}

/**
 * POST /search: the page of products the search index ranks (decision 0029), priced and stocked by
 * the database. Without a change feed the index could not be kept right, so the database searches.
 */
export async function searchProducts(deps: Deps, session: Session, text: string, req: catalogue.ListRequest): Promise<Found> {
  const warehouse = branchOf(session, req.warehouse)
  const { search } = deps.inMemory
  if (!search) {
    return {
      correction: null,
      warehouse,
      page: ['search', text, req.page, req.size],
      rows: (reads) => catalogue.search(deps, session, text, req, reads),
    }
  }
  const { index, stock } = await search.current()
  const found = index.search(text, { elders: session.isElders, branch: warehouse, offset: (req.page - 1) * req.size, limit: req.size }, stock)
  return {
    correction: found.correction,
    warehouse,
    page: ['ids', ...found.ids],
    rows: (reads) => catalogue.listedInOrder(deps, session, warehouse, found.ids, reads),
  }
}

/** GET /search/suggest: up to 8 products and 3 categories or brands for what has been typed so far. */
export async function suggest(deps: Deps, session: Session, query: SuggestQuery): Promise<Suggestions> {
  const warehouse = branchOf(session, query.warehouse)
  const { search } = deps.inMemory
  if (!search) {
    const page = { warehouse, page: 1, size: SUGGESTION_PRODUCTS }
    const products = await productPage(deps, session, warehouse, ['suggest', query.text], (reads) => catalogue.search(deps, session, query.text, page, reads))
    return { products, groups: [], correction: null }
  }
  const { index, stock } = await search.current()
  const found = index.search(query.text, { elders: session.isElders, branch: warehouse, offset: 0, limit: SUGGESTION_PRODUCTS }, stock)
  const products = await productPage(deps, session, warehouse, ['ids', ...found.ids], (reads) =>
    catalogue.listedInOrder(deps, session, warehouse, found.ids, reads),
  )
  return { products, groups: index.groupsFor(query.text, session.isElders, SUGGESTION_GROUPS), correction: found.correction }
}
