import { SetLimitsBody } from '@portal/contract/approvals'
import { ErrorBody, Message } from '@portal/contract/common'
import { SetInvoicePaymentsBody } from '@portal/contract/invoice-payments'
import { StaffChange } from '@portal/contract/back-office-accounts'
import { CreateUserBody, DeleteUserBody, SubUser, UpdateUserBody, UsersQuery } from '@portal/contract/users'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../lib/context'
import * as users from './service'
import { lastStaffChanges } from './staff-changes'

const tags = ['users']
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody }
/** Staff ordering for a customer change no users (decision 0101). */
const SETTINGS = { notWhileActing: 'settings' } as const

export const usersRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get('/users', { schema: { tags, querystring: UsersQuery, response: { 200: z.array(SubUser), ...errors } } }, async (req) =>
    users.list(deps, req.requireSession(), req.query.page),
  )
  app.post('/users', { config: SETTINGS, schema: { tags, body: CreateUserBody, response: { 201: SubUser, ...errors } } }, async (req, reply) =>
    reply.status(201).send(await users.create(deps, req.requireSession(), req.body)),
  )
  app.put('/users', { config: SETTINGS, schema: { tags, body: UpdateUserBody, response: { 200: SubUser, ...errors } } }, async (req) =>
    users.update(deps, req.requireSession(), req.body),
  )
  app.put(
    '/users/limits',
    {
      config: SETTINGS,
      schema: {
        tags,
        summary: "Sets a User's spending limits (ex GST, per order and per calendar month) and approver",
        description:
          'Administrators only. An order on account over a limit waits for approval (GET /api/approvals). Null clears a limit; a null approver means any Administrator of the account. Not for Administrators, nor on a cash-sale account (422).',
        body: SetLimitsBody,
        response: { 200: SubUser, ...errors },
      },
    },
    async (req) => users.setLimits(deps, req.requireSession(), req.body),
  )
  app.put(
    '/users/invoice-payments',
    {
      config: SETTINGS,
      schema: {
        tags,
        summary: "Allows a User to pay the account's invoices by card, or no longer",
        description: 'Administrators only; an Administrator always may pay invoices (422 for one).',
        body: SetInvoicePaymentsBody,
        response: { 200: SubUser, ...errors },
      },
    },
    async (req) => users.setInvoicePayments(deps, req.requireSession(), req.body),
  )
  app.get(
    '/users/staff-changes',
    {
      schema: {
        tags,
        summary: "The distributor's staff's last change to each user of the account, and when",
        description: 'Administrators only. Users the staff never changed are left out.',
        response: { 200: z.array(StaffChange), ...errors },
      },
    },
    async (req) => lastStaffChanges(deps, req.requireSession()),
  )
  app.delete('/users', { config: SETTINGS, schema: { tags, body: DeleteUserBody, response: { 200: Message, ...errors } } }, async (req) =>
    users.remove(deps, req.requireSession(), req.body.username),
  )
}
