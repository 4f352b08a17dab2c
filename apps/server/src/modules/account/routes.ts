import { DeliverySite } from '@portal/contract/reference'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../lib/context'
import * as account from './service'

const tags = ['account']

export const accountRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get('/delivery-sites', { schema: { tags, response: { 200: z.array(DeliverySite) } } }, async (req) =>
    account.deliverySites(deps, req.requireSession()),
  )
}
