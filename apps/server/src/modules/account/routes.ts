import { AccountBalance, FinancialPeriod, StatementBody } from '@portal/contract/account'
import { ErrorBody, Message } from '@portal/contract/common'
import { DeliverySite } from '@portal/contract/reference'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../lib/context'
import * as account from './service'

const tags = ['account']

export const accountRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get('/delivery-sites', { schema: { tags, response: { 200: z.array(DeliverySite) } } }, async (req) => account.deliverySites(deps, req.requireSession()))

  app.get(
    '/account-balance',
    { schema: { tags, summary: "The account's balance, credit limit and trading terms", response: { 200: AccountBalance } } },
    async (req) => account.balance(deps, req.requireSession()),
  )

  app.get(
    '/financial-periods',
    { schema: { tags, summary: 'The financial periods a statement can be requested for, latest first', response: { 200: z.array(FinancialPeriod) } } },
    async (req) => {
      req.requireSession()
      return account.financialPeriods(deps)
    },
  )

  app.post(
    '/statements',
    {
      schema: {
        tags,
        summary: "E-mails the account's statement for a financial period as a PDF",
        body: StatementBody,
        response: { 200: Message, 400: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      },
    },
    async (req) => account.requestStatement(deps, req.requireSession(), req.body),
  )
}
