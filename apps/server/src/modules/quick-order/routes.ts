import { ProductDetail } from '@portal/contract/catalogue'
import { IdempotencyHeaders } from '@portal/contract/checkout'
import { ErrorBody } from '@portal/contract/common'
import { BulkAddBody, BulkAddResult, ProductByCodeQuery } from '@portal/contract/quick-order'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../lib/context'
import * as quickOrder from './service'

export const quickOrderRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.post(
    '/cart/bulk',
    {
      schema: {
        tags: ['cart'],
        description:
          'Adds many lines at once: each goes in at the quantity asked (added to the cart’s line) or comes back in notAdded with its reason. An `Idempotency-Key` header makes a repeat with the same key answer the first report without changing the cart again.',
        headers: IdempotencyHeaders,
        body: BulkAddBody,
        response: { 200: BulkAddResult, 400: ErrorBody, 403: ErrorBody, 409: ErrorBody },
      },
    },
    async (req) => quickOrder.bulkAdd(deps, req.requireSession(), req.body, req.headers['idempotency-key']),
  )
  app.get(
    '/products/by-code',
    { schema: { tags: ['catalogue'], querystring: ProductByCodeQuery, response: { 200: ProductDetail, 400: ErrorBody, 404: ErrorBody } } },
    async (req) => quickOrder.productByCode(deps, req.requireSession(), req.query),
  )
}
