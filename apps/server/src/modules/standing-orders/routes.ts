import { ErrorBody } from '@portal/contract/common'
import {
  CreateStandingOrderBody,
  SkipRunBody,
  StandingOrder,
  StandingOrderDetail,
  StandingOrderIdParams,
  UpdateStandingOrderBody,
} from '@portal/contract/standing-orders'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../lib/context'
import * as standingOrders from './service'

const tags = ['standing orders']
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }
const params = StandingOrderIdParams

/** Saved lists ordered on a schedule (docs/decisions/0093-standing-orders.md): their owner's, and the account's Administrators'. */
export const standingOrdersRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get(
    '/standing-orders',
    { schema: { tags, summary: "The user's standing orders; an Administrator's: the account's", response: { 200: z.array(StandingOrder), 403: ErrorBody } } },
    async (req) => standingOrders.list(deps, req.requireSession()),
  )
  app.post(
    '/standing-orders',
    {
      schema: {
        tags,
        summary: 'Makes a saved list a standing order of this user',
        body: CreateStandingOrderBody,
        response: { 201: StandingOrderDetail, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await standingOrders.create(deps, req.requireSession(), req.body)),
  )
  app.get(
    '/standing-orders/:id',
    {
      schema: {
        tags,
        summary: 'One standing order: its lines at today’s prices and stock, and its last runs',
        params,
        response: { 200: StandingOrderDetail, ...errors },
      },
    },
    async (req) => standingOrders.detail(deps, req.requireSession(), req.params.id),
  )
  app.put(
    '/standing-orders/:id',
    {
      schema: {
        tags,
        summary: 'Changes its branch, schedule, first run, prefix or delivery',
        params,
        body: UpdateStandingOrderBody,
        response: { 200: StandingOrderDetail, ...errors },
      },
    },
    async (req) => standingOrders.update(deps, req.requireSession(), req.params.id, req.body),
  )
  app.delete('/standing-orders/:id', { schema: { tags, params, response: { 204: z.null(), ...errors } } }, async (req, reply) => {
    await standingOrders.remove(deps, req.requireSession(), req.params.id)
    return reply.status(204).send(null)
  })
  app.post(
    '/standing-orders/:id/skip',
    {
      schema: { tags, summary: 'Skips the next run, which must be the day sent', params, body: SkipRunBody, response: { 200: StandingOrderDetail, ...errors } },
    },
    async (req) => standingOrders.skip(deps, req.requireSession(), req.params.id, req.body.runOn),
  )
  app.post(
    '/standing-orders/:id/pause',
    { schema: { tags, summary: 'Pauses it: no run until it is resumed', params, response: { 200: StandingOrderDetail, ...errors } } },
    async (req) => standingOrders.pause(deps, req.requireSession(), req.params.id),
  )
  app.post(
    '/standing-orders/:id/resume',
    { schema: { tags, summary: 'Resumes it from its next run after today', params, response: { 200: StandingOrderDetail, ...errors } } },
    async (req) => standingOrders.resume(deps, req.requireSession(), req.params.id),
  )
}
