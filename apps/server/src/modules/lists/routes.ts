import { ErrorBody } from '@portal/contract/common'
import { CreateListBody, ListDetail, ListIdParams, ListLineInput, ListLineParams, ListQuery, ListSummary, UpdateListBody } from '@portal/contract/lists'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../lib/context'
import * as lists from './service'

const tags = ['lists']
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }

/** Saved order lists: the account's, shared by its users; the creator and Administrators change them (decision 0030). */
export const listsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get('/lists', { schema: { tags, response: { 200: z.array(ListSummary) } } }, async (req) => lists.list(deps, req.requireSession()))
  app.post('/lists', { schema: { tags, body: CreateListBody, response: { 201: ListDetail, ...errors } } }, async (req, reply) =>
    reply.status(201).send(await lists.create(deps, req.requireSession(), req.body)),
  )
  app.get('/lists/:id', { schema: { tags, params: ListIdParams, querystring: ListQuery, response: { 200: ListDetail, ...errors } } }, async (req) =>
    lists.detail(deps, req.requireSession(), req.params.id, req.query),
  )
  app.put('/lists/:id', { schema: { tags, params: ListIdParams, body: UpdateListBody, response: { 200: ListDetail, ...errors } } }, async (req) =>
    lists.update(deps, req.requireSession(), req.params.id, req.body),
  )
  app.delete('/lists/:id', { schema: { tags, params: ListIdParams, response: { 204: z.null(), ...errors } } }, async (req, reply) => {
    await lists.remove(deps, req.requireSession(), req.params.id)
    return reply.status(204).send(null)
  })
  app.post('/lists/:id/lines', { schema: { tags, params: ListIdParams, body: ListLineInput, response: { 200: ListDetail, ...errors } } }, async (req) =>
    lists.addLine(deps, req.requireSession(), req.params.id, req.body),
  )
  app.delete('/lists/:id/lines/:productId', { schema: { tags, params: ListLineParams, response: { 200: ListDetail, ...errors } } }, async (req) =>
    lists.removeLine(deps, req.requireSession(), req.params.id, req.params.productId),
  )
}
