import {
  ApproveBody,
  DeclineBody,
  InformationRequestBody,
  StaffApplication,
  StaffApplicationFileParams,
  StaffApplicationParams,
  StaffApplicationsPage,
  StaffApplicationsQuery,
} from '@portal/contract/applications'
import { ErrorBody } from '@portal/contract/common'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../lib/context'
import { unauthorized } from '../../lib/errors'
import * as applications from './applications'
import type { Actor } from './audit'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody }
/**
 * Administrators and Customer service (decision 0103). A Sales representative's scope is the accounts assigned to
 * them; an application has no account yet, so they do not see applications (403, as Marketing).
 */
const APPLICATIONS = { roles: ['Administrator', 'Customer service'] } as const

function actorOf(req: FastifyRequest): Actor {
  if (!req.backOffice) throw unauthorized()
  return { session: req.backOffice, address: req.ip }
}

/** /api/staff/applications: trade account applications, their thread and the staff's decision. */
export const applicationsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get(
    '/applications',
    { config: APPLICATIONS, schema: { querystring: StaffApplicationsQuery, response: { 200: StaffApplicationsPage, ...errors } } },
    async (req) => applications.listApplications(deps, actorOf(req), req.query),
  )
  app.get(
    '/applications/:id',
    { config: APPLICATIONS, schema: { params: StaffApplicationParams, response: { 200: StaffApplication, ...errors } } },
    async (req) => applications.applicationPage(deps, actorOf(req), req.params.id),
  )
  app.get(
    '/applications/:id/files/:fileId',
    { config: APPLICATIONS, schema: { params: StaffApplicationFileParams, response: { 200: z.any().describe('application/pdf'), ...errors } } },
    async (req, reply) => {
      const file = await applications.applicationFile(deps, actorOf(req), req.params.id, req.params.fileId)
      const name = file.name.replace(/[^\w .-]/g, '_')
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${name}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.content)
    },
  )
  app.post(
    '/applications/:id/request-information',
    { config: APPLICATIONS, schema: { params: StaffApplicationParams, body: InformationRequestBody, response: { 200: StaffApplication, ...errors } } },
    async (req) => applications.requestInformation(deps, actorOf(req), req.params.id, req.body.question),
  )
  app.post(
    '/applications/:id/approve',
    { config: APPLICATIONS, schema: { params: StaffApplicationParams, body: ApproveBody, response: { 200: StaffApplication, ...errors } } },
    async (req) => applications.decideApplication(deps, actorOf(req), req.params.id, { approved: true, note: req.body.note }),
  )
  app.post(
    '/applications/:id/decline',
    { config: APPLICATIONS, schema: { params: StaffApplicationParams, body: DeclineBody, response: { 200: StaffApplication, ...errors } } },
    async (req) => applications.decideApplication(deps, actorOf(req), req.params.id, { approved: false, reason: req.body.reason }),
  )
}
