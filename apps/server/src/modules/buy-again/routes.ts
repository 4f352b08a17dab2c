import { ErrorBody } from '@portal/contract/common'
import { BuyAgainItem, BuyAgainQuery } from '@portal/contract/lists'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../lib/context'
import * as buyAgain from './service'

export const buyAgainRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get('/buy-again', { schema: { tags: ['orders'], querystring: BuyAgainQuery, response: { 200: z.array(BuyAgainItem), 400: ErrorBody } } }, async (req) =>
    buyAgain.buyAgain(deps, req.requireSession(), req.query),
  )
}
