import {
  AssignmentBody,
  AssignmentParams,
  AuditPage,
  AuditQuery,
  BackOfficeMe,
  BackOfficeUser,
  BackOfficeUserDetail,
  Enrolment,
  EnrolmentBody,
  InviteBody,
  RecoveryCodes,
  RolesBody,
  SecondFactorBody,
  UserIdParams,
} from '@portal/contract/back-office'
import { ErrorBody } from '@portal/contract/common'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../lib/context'
import { unauthorized } from '../../lib/errors'
import { accountsRoutes } from './accounts-routes'
import { applicationsRoutes } from './applications-routes'
import { contentRoutes } from './content-routes'
import { auditCsv, listAudit, type Actor } from './audit'
import { ordersRoutes } from './orders-routes'
import { quotesRoutes } from './quotes-routes'
import { confirmEnrolment, enrolment, verifySecondFactor } from './second-factor'
import * as session from './session'
import * as users from './users'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody }
const ADMIN = { roles: ['Administrator'] } as const
/** Routes a session may reach before its second factor: who am I, sign out, enrol, give the code. */
const BEFORE_SECOND_FACTOR = { beforeSecondFactor: true } as const

export function backOfficeSessionOf(req: FastifyRequest): session.BackOfficeSession {
  if (!req.backOffice) throw unauthorized()
  return req.backOffice
}

const actorOf = (req: FastifyRequest): Actor => ({ session: backOfficeSessionOf(req), address: req.ip })

export const backOfficeRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  // The session and its second factor.
  app.get('/me', { config: BEFORE_SECOND_FACTOR, schema: { response: { 200: BackOfficeMe, ...errors } } }, async (req) => session.me(backOfficeSessionOf(req)))
  app.post('/sign-out', { config: BEFORE_SECOND_FACTOR, schema: { response: { 204: z.null(), ...errors } } }, async (req, reply) => {
    await session.revokeSession(deps, backOfficeSessionOf(req).sessionId)
    return reply.status(204).send(null)
  })
  app.get('/enrolment', { config: BEFORE_SECOND_FACTOR, schema: { response: { 200: Enrolment, ...errors } } }, async (req) =>
    enrolment(deps, backOfficeSessionOf(req)),
  )
  app.post('/enrolment', { config: BEFORE_SECOND_FACTOR, schema: { body: EnrolmentBody, response: { 200: RecoveryCodes, ...errors } } }, async (req) =>
    confirmEnrolment(deps, backOfficeSessionOf(req), req.body.code, req.ip),
  )
  app.post('/second-factor', { config: BEFORE_SECOND_FACTOR, schema: { body: SecondFactorBody, response: { 200: BackOfficeMe, ...errors } } }, async (req) => {
    const current = backOfficeSessionOf(req)
    await verifySecondFactor(deps, current, req.body.code, req.ip)
    return session.me({ ...current, secondFactor: 'done' })
  })

  // Back office users: Administrators only.
  app.get('/users', { config: ADMIN, schema: { response: { 200: z.array(BackOfficeUser), ...errors } } }, async () => users.listUsers(deps.db))
  app.post('/users', { config: ADMIN, schema: { body: InviteBody, response: { 201: BackOfficeUser, ...errors } } }, async (req, reply) =>
    reply.status(201).send(await users.invite(deps, actorOf(req), req.body)),
  )
  app.get('/users/:id', { config: ADMIN, schema: { params: UserIdParams, response: { 200: BackOfficeUserDetail, ...errors } } }, async (req) =>
    users.userDetail(deps.db, req.params.id),
  )
  app.put('/users/:id/roles', { config: ADMIN, schema: { params: UserIdParams, body: RolesBody, response: { 200: BackOfficeUser, ...errors } } }, async (req) =>
    users.changeRoles(deps, actorOf(req), req.params.id, req.body.roles),
  )
  app.post('/users/:id/disable', { config: ADMIN, schema: { params: UserIdParams, response: { 200: BackOfficeUser, ...errors } } }, async (req) =>
    users.setActive(deps, actorOf(req), req.params.id, false),
  )
  app.post('/users/:id/enable', { config: ADMIN, schema: { params: UserIdParams, response: { 200: BackOfficeUser, ...errors } } }, async (req) =>
    users.setActive(deps, actorOf(req), req.params.id, true),
  )
  app.post('/users/:id/second-factor/reset', { config: ADMIN, schema: { params: UserIdParams, response: { 200: BackOfficeUser, ...errors } } }, async (req) =>
    users.resetSecondFactor(deps, actorOf(req), req.params.id),
  )
  app.post('/users/:id/invitation', { config: ADMIN, schema: { params: UserIdParams, response: { 200: BackOfficeUser, ...errors } } }, async (req) =>
    users.resendInvitation(deps, actorOf(req), req.params.id),
  )
  app.post(
    '/users/:id/assignments',
    { config: ADMIN, schema: { params: UserIdParams, body: AssignmentBody, response: { 200: BackOfficeUserDetail, ...errors } } },
    async (req) => users.assign(deps, actorOf(req), req.params.id, req.body.accountCode),
  )
  app.delete(
    '/users/:id/assignments/:accountId',
    { config: ADMIN, schema: { params: AssignmentParams, response: { 200: BackOfficeUserDetail, ...errors } } },
    async (req) => users.unassign(deps, actorOf(req), req.params.id, req.params.accountId),
  )

  // Customer accounts: Customer service, Sales representatives (their own), Administrators.
  await app.register(accountsRoutes, deps)
  // Every order of the accounts a user may see: the same roles and scope.
  await app.register(ordersRoutes, deps)
  // Trade account applications: Customer service and Administrators.
  await app.register(applicationsRoutes, deps)
  // The Quotes inbox (decision 0102): the same roles and scope.
  await app.register(quotesRoutes, deps)
  // News posts, banners and promotions: Marketing and Administrators.
  await app.register(contentRoutes, deps)

  // The audit: Administrators only.
  app.get('/audit', { config: ADMIN, schema: { querystring: AuditQuery, response: { 200: AuditPage, ...errors } } }, async (req) =>
    listAudit(deps.db, req.query),
  )
  app.get('/audit/csv', { config: ADMIN, schema: { querystring: AuditQuery, response: { 200: z.string(), ...errors } } }, async (req, reply) => {
    const csv = await auditCsv(deps.db, req.query)
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="back-office-audit-${new Date().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv)
  })
}
