import {
  BrandParams,
  CategoryParams,
  CodeSetupBody,
  CodeSetupResponse,
  ListCount,
  ListCountQuery,
  PopularQuery,
  Product,
  ProductDetail,
  ProductIdParams,
  ProductQuery,
  RandomProductsQuery,
  SEARCH_CORRECTION_HEADER,
  SearchBody,
  SortedListQuery,
  SpecialsQuery,
  SuggestQuery,
  Suggestions,
  productListQuery,
} from '@portal/contract/catalogue'
import { LIST_PAGE_SIZE } from '@portal/contract/constants'
import { ErrorBody } from '@portal/contract/common'
import { Brand, Category, Warehouse } from '@portal/contract/reference'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../lib/context'
import * as branches from '../branches/service'
import { isDefaultView, listCount, productDetail, sendProductList, sendSortedList, WHOLE_LIST } from './list-cache'
import * as search from './search'
import * as catalogue from './service'

const tags = ['catalogue']
// Reference data needs no token; with one, a reseller's hidden categories and brands are left out.
const open = { public: true }
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody }
const products = { 200: z.array(Product), ...errors }
const count = { 200: ListCount, ...errors }
const ShortListQuery = productListQuery(LIST_PAGE_SIZE)

export const catalogueRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get('/warehouses', { config: open, schema: { tags, response: { 200: z.array(Warehouse) } } }, async () => branches.warehouses(deps))
  app.get('/categories', { config: open, schema: { tags, response: { 200: z.array(Category) } } }, async (req) => catalogue.categories(deps, req.session))
  app.get('/brands', { config: open, schema: { tags, response: { 200: z.array(Brand) } } }, async (req) => catalogue.brands(deps, req.session))

  app.get('/categories/:name/products', { schema: { tags, params: CategoryParams, querystring: SortedListQuery, response: products } }, async (req, reply) => {
    const session = req.requireSession()
    const { warehouse, page, size } = req.query
    if (!isDefaultView(req.query)) {
      return sendSortedList(deps, reply, session, req.query, ['category', req.params.name], (reads) =>
        catalogue.categoryProducts(deps, session, req.params.name, { warehouse, page: 1, size: WHOLE_LIST }, reads),
      )
    }
    return sendProductList(deps, reply, session, warehouse, ['category', req.params.name, page, size], (reads) =>
      catalogue.categoryProducts(deps, session, req.params.name, req.query, reads),
    )
  })
  app.get('/categories/:name/products/count', { schema: { tags, params: CategoryParams, querystring: ListCountQuery, response: count } }, async (req) => {
    const session = req.requireSession()
    const { warehouse } = req.query
    return listCount(deps, session, req.query, ['category', req.params.name], (reads) =>
      catalogue.categoryProducts(deps, session, req.params.name, { warehouse, page: 1, size: WHOLE_LIST }, reads),
    )
  })
  app.get(
    '/categories/:name/random-products',
    { schema: { tags, params: CategoryParams, querystring: RandomProductsQuery, response: products } },
    async (req) => catalogue.randomCategoryProducts(deps, req.requireSession(), req.params.name, req.query),
  )
  app.get('/brands/:code/products', { schema: { tags, params: BrandParams, querystring: SortedListQuery, response: products } }, async (req, reply) => {
    const session = req.requireSession()
    const { warehouse, page, size } = req.query
    if (!isDefaultView(req.query)) {
      return sendSortedList(deps, reply, session, req.query, ['brand', req.params.code], (reads) =>
        catalogue.brandProducts(deps, session, req.params.code, { warehouse, page: 1, size: WHOLE_LIST }, reads),
      )
    }
    return sendProductList(deps, reply, session, warehouse, ['brand', req.params.code, page, size], (reads) =>
      catalogue.brandProducts(deps, session, req.params.code, req.query, reads),
    )
  })
  app.get('/brands/:code/products/count', { schema: { tags, params: BrandParams, querystring: ListCountQuery, response: count } }, async (req) => {
    const session = req.requireSession()
    const { warehouse } = req.query
    return listCount(deps, session, req.query, ['brand', req.params.code], (reads) =>
      catalogue.brandProducts(deps, session, req.params.code, { warehouse, page: 1, size: WHOLE_LIST }, reads),
    )
  })
  // Specials carry each product's list price as its usual price where the account pays less (decision 0073).
  app.get('/specials', { schema: { tags, querystring: SpecialsQuery, response: products } }, async (req, reply) => {
    const session = req.requireSession()
    const { warehouse, page, size } = req.query
    if (!isDefaultView(req.query)) {
      return sendSortedList(
        deps,
        reply,
        session,
        req.query,
        ['specials'],
        (reads) => catalogue.specials(deps, session, { warehouse, page: 1, size: WHOLE_LIST }, reads),
        true,
      )
    }
    return sendProductList(deps, reply, session, warehouse, ['specials', page, size], (reads) => catalogue.specials(deps, session, req.query, reads), true)
  })
  app.get('/specials/count', { schema: { tags, querystring: ListCountQuery, response: count } }, async (req) => {
    const session = req.requireSession()
    const { warehouse } = req.query
    return listCount(deps, session, req.query, ['specials'], (reads) => catalogue.specials(deps, session, { warehouse, page: 1, size: WHOLE_LIST }, reads))
  })
  app.get('/popular', { schema: { tags, querystring: PopularQuery, response: products } }, async (req, reply) => {
    const session = req.requireSession()
    const { warehouse, size } = req.query
    return sendProductList(deps, reply, session, warehouse, ['popular', size], (reads) => catalogue.popular(deps, session, req.query, reads))
  })
  app.post('/search', { schema: { tags, querystring: ShortListQuery, body: SearchBody, response: products } }, async (req, reply) => {
    const session = req.requireSession()
    const found = await search.searchProducts(deps, session, req.body.search, req.query)
    if (found.correction !== null) reply.header(SEARCH_CORRECTION_HEADER, encodeURIComponent(found.correction))
    return sendProductList(deps, reply, session, found.warehouse, found.page, found.rows)
  })
  app.get('/search/suggest', { schema: { tags, querystring: SuggestQuery, response: { 200: Suggestions, ...errors } } }, async (req) =>
    search.suggest(deps, req.requireSession(), req.query),
  )
  app.get('/product/:id', { schema: { tags, params: ProductIdParams, querystring: ProductQuery, response: { 200: ProductDetail, ...errors } } }, async (req) =>
    productDetail(deps, req.requireSession(), req.params.id, req.query),
  )
  app.post('/products/code-setup', { schema: { tags, body: CodeSetupBody, response: { 200: CodeSetupResponse, ...errors, 403: ErrorBody } } }, async (req) =>
    catalogue.requestCodeSetup(deps, req.requireSession(), req.body),
  )
}
