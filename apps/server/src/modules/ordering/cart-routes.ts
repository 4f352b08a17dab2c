import { AddToCartBody, CartItemsQuery, CartLine, CartSummary, PrintCartQuery, UpdateCartBody } from '@portal/contract/cart'
import { IdempotencyHeaders } from '@portal/contract/checkout'
import { ErrorBody, Message } from '@portal/contract/common'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../lib/context'
import * as cart from './cart'

const tags = ['cart']
const errors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody }

export const cartRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get('/cart', { schema: { tags, response: { 200: CartSummary } } }, async (req) => cart.summary(deps, req.requireSession()))
  // An Idempotency-Key makes a change sent again (the web app's offline queue retrying) apply once: the repeat answers the first's summary.
  const retrySafe = 'An `Idempotency-Key` header makes a repeat with the same key answer the first summary without changing the cart again.'
  app.post(
    '/cart',
    { schema: { tags, description: retrySafe, headers: IdempotencyHeaders, body: AddToCartBody, response: { 200: CartSummary, ...errors } } },
    async (req) => cart.add(deps, req.requireSession(), req.body, req.headers['idempotency-key']),
  )
  app.put(
    '/cart',
    { schema: { tags, description: retrySafe, headers: IdempotencyHeaders, body: UpdateCartBody, response: { 200: CartSummary, ...errors } } },
    async (req) => cart.update(deps, req.requireSession(), req.body, req.headers['idempotency-key']),
  )
  app.delete('/cart', { schema: { tags, response: { 200: CartSummary } } }, async (req) => cart.empty(deps, req.requireSession()))
  app.get('/cart/items', { schema: { tags, querystring: CartItemsQuery, response: { 200: z.array(CartLine), 400: ErrorBody } } }, async (req) =>
    cart.items(deps, req.requireSession()),
  )
  app.post('/cart/quote', { schema: { tags, response: { 200: Message, 422: ErrorBody } } }, async (req) => cart.requestQuote(deps, req.requireSession()))
  app.get(
    '/print-cart',
    {
      schema: {
        tags,
        description: 'The cart as a PDF (application/pdf), saved as cart.pdf.',
        querystring: PrintCartQuery,
      },
    },
    async (req, reply) => {
      const pdf = await cart.print(deps, req.requireSession())
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', 'attachment; filename="cart.pdf"')
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(pdf))
    },
  )
}
