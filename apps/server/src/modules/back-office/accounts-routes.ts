import {
  AccountCodeParams,
  ActingStart,
  AccountSearchQuery,
  AccountSearchResult,
  InvoiceParams,
  OrderParams,
  PORTAL_USER_ACTIONS,
  PortalUser,
  PortalUserParams,
  SendBody,
  StaffAccount,
  StaffMessage,
  StatementSendBody,
} from '@portal/contract/back-office-accounts'
import { ErrorBody } from '@portal/contract/common'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../lib/context'
import { unauthorized } from '../../lib/errors'
import * as accounts from './accounts'
import { startActing } from './acting'
import type { Actor } from './audit'
import type { BackOfficeSession } from './session'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, 429: ErrorBody }
/** Who helps customers: Customer service every account, a Sales representative their own; Marketing none. */
const ACCOUNTS = { roles: ['Administrator', 'Customer service', 'Sales representative'] } as const

function actorOf(req: FastifyRequest): Actor & { session: BackOfficeSession } {
  if (!req.backOffice) throw unauthorized()
  return { session: req.backOffice, address: req.ip }
}

/** /api/staff/accounts (decision 0092): an account out of a Sales representative's scope answers 404, as no account. */
export const accountsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get('/accounts', { config: ACCOUNTS, schema: { querystring: AccountSearchQuery, response: { 200: AccountSearchResult, ...errors } } }, async (req) =>
    accounts.search(deps, actorOf(req), req.query.q),
  )
  app.get('/accounts/:code', { config: ACCOUNTS, schema: { params: AccountCodeParams, response: { 200: StaffAccount, ...errors } } }, async (req) =>
    accounts.accountPage(deps, actorOf(req), req.params.code),
  )
  for (const action of PORTAL_USER_ACTIONS) {
    app.post(
      `/accounts/:code/users/:userId/${action}`,
      { config: ACCOUNTS, schema: { params: PortalUserParams, response: { 200: PortalUser, ...errors } } },
      async (req) => accounts.actOnUser(deps, actorOf(req), req.params.code, req.params.userId, action),
    )
  }
  // Order for this account (decision 0101): a customer session of one of its enabled users, for this browser.
  app.post(
    '/accounts/:code/users/:userId/act',
    { config: ACCOUNTS, schema: { params: PortalUserParams, response: { 200: ActingStart, ...errors } } },
    async (req) => startActing(deps, actorOf(req), req.params.code, req.params.userId),
  )
  app.post(
    '/accounts/:code/orders/:orderId/confirmation',
    { config: ACCOUNTS, schema: { params: OrderParams, body: SendBody, response: { 200: StaffMessage, ...errors } } },
    async (req) => accounts.resendConfirmation(deps, actorOf(req), req.params.code, req.params.orderId, req.body.to),
  )
  app.post(
    '/accounts/:code/invoices/:invoiceId/send',
    { config: ACCOUNTS, schema: { params: InvoiceParams, body: SendBody, response: { 200: StaffMessage, ...errors } } },
    async (req) => accounts.sendInvoice(deps, actorOf(req), req.params.code, req.params.invoiceId, req.body.to),
  )
  app.post(
    '/accounts/:code/statements',
    { config: ACCOUNTS, schema: { params: AccountCodeParams, body: StatementSendBody, response: { 200: StaffMessage, ...errors } } },
    async (req) => accounts.sendStatement(deps, actorOf(req), req.params.code, req.body),
  )
}
