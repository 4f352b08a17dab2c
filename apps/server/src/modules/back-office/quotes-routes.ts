import { ErrorBody } from '@portal/contract/common'
import { QuoteMessageBody, QuoteParams, SendQuoteBody, StaffQuote, StaffQuoteList, StaffQuotesQuery } from '@portal/contract/quotes'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../lib/context'
import { unauthorized } from '../../lib/errors'
import * as quotes from '../quotes/service'
import { scopeOf } from './accounts'
import { recordAudit, type Actor } from './audit'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody }
/** The roles Accounts takes, and the same scope (decision 0092): a Sales representative sees their accounts' quotes. */
const QUOTES = { roles: ['Administrator', 'Customer service', 'Sales representative'] } as const

function actorOf(req: FastifyRequest): Actor & { session: { name: string } } {
  if (!req.backOffice) throw unauthorized()
  return { session: req.backOffice, address: req.ip }
}

/** /api/staff/quotes (decision 0102): the Quotes inbox. A quote of an account out of scope answers 404. */
export const quotesRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get('/quotes', { config: QUOTES, schema: { querystring: StaffQuotesQuery, response: { 200: StaffQuoteList, ...errors } } }, async (req) =>
    quotes.staffList(deps, scopeOf(actorOf(req).session), req.query.state),
  )
  app.get('/quotes/:id', { config: QUOTES, schema: { params: QuoteParams, response: { 200: StaffQuote, ...errors } } }, async (req) => {
    const actor = actorOf(req)
    const { accountId, ...quote } = await quotes.staffQuote(deps, scopeOf(actor.session), req.params.id)
    await recordAudit(deps.db, actor, { action: 'quote viewed', account: { id: accountId, code: quote.account.code }, subject: quote.reference })
    return quote
  })
  app.post(
    '/quotes/:id/send',
    { config: QUOTES, schema: { params: QuoteParams, body: SendQuoteBody, response: { 200: StaffQuote, ...errors } } },
    async (req) => {
      const actor = actorOf(req)
      const scope = scopeOf(actor.session)
      const sent = await quotes.sendQuote(deps, scope, req.params.id, req.body, actor.session)
      const { accountId, ...quote } = await quotes.staffQuote(deps, scope, req.params.id)
      await recordAudit(deps.db, actor, {
        action: 'quote sent',
        account: { id: accountId, code: quote.account.code },
        subject: quote.reference,
        detail: { lines: sent.lines, expiresOn: req.body.expiresOn },
      })
      return quote
    },
  )
  app.post(
    '/quotes/:id/messages',
    { config: QUOTES, schema: { params: QuoteParams, body: QuoteMessageBody, response: { 200: StaffQuote, ...errors } } },
    async (req) => {
      const actor = actorOf(req)
      const scope = scopeOf(actor.session)
      await quotes.staffMessage(deps, scope, req.params.id, req.body.body, actor.session)
      const { accountId, ...quote } = await quotes.staffQuote(deps, scope, req.params.id)
      await recordAudit(deps.db, actor, { action: 'quote message', account: { id: accountId, code: quote.account.code }, subject: quote.reference })
      return quote
    },
  )
}
