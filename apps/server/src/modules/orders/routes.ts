import { ErrorBody } from '@portal/contract/common'
import {
  BackOrderItem,
  BackOrdersQuery,
  OrderDetail,
  OrderIdParams,
  OrderListRow,
  OrdersQuery,
  ReorderBody,
  ReorderQuery,
  ReorderResult,
} from '@portal/contract/orders'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../lib/context'
import { sendHistoryList } from '../../lib/json-cache'
import * as orders from './service'

const tags = ['orders']
const errors = { 400: ErrorBody, 404: ErrorBody }

export const ordersRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get(
    '/orders',
    {
      schema: {
        tags,
        summary: "The account's orders, newest first, 100 to a page",
        querystring: OrdersQuery,
        response: { 200: z.array(OrderListRow), ...errors },
      },
    },
    async (req, reply) => {
      const session = req.requireSession()
      return sendHistoryList(deps, reply, session, 'orders', req.query, () => orders.list(deps, session, req.query))
    },
  )

  app.get(
    '/orders/:id',
    { schema: { tags, summary: 'An order with its lines', params: OrderIdParams, response: { 200: OrderDetail, ...errors } } },
    async (req) => orders.detail(deps, req.requireSession(), req.params.id),
  )

  app.post(
    '/orders/:id/reorder',
    {
      schema: {
        tags,
        summary: "Adds the order's lines to the cart of the current branch",
        description:
          "The branch is `warehouse` from the body or the query (else the cart's branch, else the default branch). Products no longer sold or not offered to the user are left out; cash-sale accounts are capped at the branch's stock. Answers what was added and what was not.",
        params: OrderIdParams,
        querystring: ReorderQuery,
        body: ReorderBody,
        response: { 200: ReorderResult, ...errors, 403: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (req) => orders.reorder(deps, req.requireSession(), req.params.id, req.body?.warehouse ?? req.query.warehouse),
  )

  app.get(
    '/back-orders',
    {
      schema: {
        tags,
        summary: 'Order lines still on back order, newest order first, 100 to a page',
        querystring: BackOrdersQuery,
        response: { 200: z.array(BackOrderItem), ...errors },
      },
    },
    async (req, reply) => {
      const session = req.requireSession()
      return sendHistoryList(deps, reply, session, 'back-orders', req.query, () => orders.backOrders(deps, session, req.query))
    },
  )
}
