import { ErrorBody } from '@portal/contract/common'
import { AcceptedQuote, DeclineQuoteBody, Quote, QuoteList, QuoteMessageBody, QuoteParams } from '@portal/contract/quotes'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../lib/context'
import * as quotes from './service'

const tags = ['quotes']
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }

/** The customer's quotes (decision 0102): the account's, each user's; another account's quote answers 404. */
export const quotesRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get('/quotes', { schema: { tags, summary: 'The account’s quotes, newest first (at most 200)', response: { 200: QuoteList } } }, async (req) =>
    quotes.listQuotes(deps, req.requireSession()),
  )
  app.get(
    '/quotes/:id',
    { schema: { tags, summary: 'One quote: its lines, note and messages', params: QuoteParams, response: { 200: Quote, ...errors } } },
    async (req) => quotes.quotePage(deps, req.requireSession(), req.params.id),
  )
  app.post(
    '/quotes/:id/accept',
    {
      schema: {
        tags,
        summary: 'Accepts an open quote: its lines go into the cart at the quoted prices, at its branch',
        description: 'The user who asked for it, or an Administrator of the account. An expired quote, or one accepted already: 409.',
        params: QuoteParams,
        response: { 200: AcceptedQuote, ...errors },
      },
    },
    async (req) => quotes.accept(deps, req.requireSession(), req.params.id),
  )
  app.post(
    '/quotes/:id/decline',
    { schema: { tags, summary: 'Declines an open quote, with a reason', params: QuoteParams, body: DeclineQuoteBody, response: { 200: Quote, ...errors } } },
    async (req) => quotes.decline(deps, req.requireSession(), req.params.id, req.body.reason),
  )
  app.post(
    '/quotes/:id/messages',
    {
      schema: {
        tags,
        summary: 'Writes on the quote’s thread (asking for changes, say); e-mailed to the account’s sales representative, else customer service',
        params: QuoteParams,
        body: QuoteMessageBody,
        response: { 200: Quote, ...errors },
      },
    },
    async (req) => quotes.customerMessage(deps, req.requireSession(), req.params.id, req.body.body),
  )
}
