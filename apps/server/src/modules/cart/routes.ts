import { CartSummary } from '@portal/contract/cart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../lib/context'
import * as cart from './service'

const tags = ['cart']

export const cartRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get('/cart', { schema: { tags, response: { 200: CartSummary } } }, async (req) => cart.summary(deps, req.requireSession()))
}
