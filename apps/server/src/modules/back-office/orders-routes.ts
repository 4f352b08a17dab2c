import { StaffOrder, StaffOrderParams, StaffOrdersPage, StaffOrdersQuery } from '@portal/contract/back-office-orders'
import { ErrorBody } from '@portal/contract/common'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../lib/context'
import { unauthorized } from '../../lib/errors'
import type { Actor } from './audit'
import * as orders from './orders'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody }
/** The roles Accounts takes (decision 0092), and the same scope: a Sales representative sees their accounts' orders. */
const ORDERS = { roles: ['Administrator', 'Customer service', 'Sales representative'] } as const

function actorOf(req: FastifyRequest): Actor {
  if (!req.backOffice) throw unauthorized()
  return { session: req.backOffice, address: req.ip }
}

/** /api/staff/orders (decision 0094): an order of an account out of a Sales representative's scope answers 404. */
export const ordersRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get('/orders', { config: ORDERS, schema: { querystring: StaffOrdersQuery, response: { 200: StaffOrdersPage, ...errors } } }, async (req) =>
    orders.listOrders(deps, actorOf(req), req.query),
  )
  app.get('/orders/:id', { config: ORDERS, schema: { params: StaffOrderParams, response: { 200: StaffOrder, ...errors } } }, async (req) =>
    orders.orderPage(deps, actorOf(req), req.params.id),
  )
}
