import { ErrorBody } from '@portal/contract/common'
import { CreateStockAlertBody, StockAlert, StockAlertParams } from '@portal/contract/stock-alerts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../lib/context'
import * as alerts from './service'

const tags = ['stock-alerts']
const errors = { 400: ErrorBody, 404: ErrorBody }

/** Back-in-stock requests: each user's own (decision 0087). */
export const stockAlertsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get(
    '/stock-alerts',
    { schema: { tags, summary: "The user's back-in-stock requests, waiting ones first", response: { 200: z.array(StockAlert) } } },
    async (req) => alerts.list(deps, req.requireSession()),
  )
  app.post(
    '/stock-alerts',
    {
      schema: {
        tags,
        summary: "Notify me once when the product is in stock at the branch; asking again sets the waiting request's quantity",
        body: CreateStockAlertBody,
        response: { 200: StockAlert, 201: StockAlert, ...errors },
      },
    },
    async (req, reply) => {
      const { created, alert } = await alerts.create(deps, req.requireSession(), req.body)
      return reply.status(created ? 201 : 200).send(alert)
    },
  )
  app.delete(
    '/stock-alerts/:id',
    {
      schema: {
        tags,
        summary: 'Cancels a waiting request; one already closed stays as it is',
        params: StockAlertParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await alerts.cancel(deps, req.requireSession(), req.params.id)
      return reply.status(204).send(null)
    },
  )
}
