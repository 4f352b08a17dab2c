import { ErrorBody, Message } from '@portal/contract/common'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../lib/context'
import { clearPictureCookie } from '../../lib/picture-cookie'
import * as acting from './acting'

const tags = ['ordering for a customer']
const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody }

/**
 * The customer-side routes of a session of staff ordering for a customer (decision 0101): Stop, and the payment link
 * of a cash-sale account's cart. A customer's own session is refused (403). They audit themselves.
 */
export const actingRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.post(
    '/acting/stop',
    {
      config: { auditsItself: true },
      schema: {
        tags,
        summary: 'Ends the session of staff ordering for a customer (Stop)',
        description: "The customer's own sessions are not touched; the browser's picture cookie of the session is cleared. 403 for a customer's own session.",
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await acting.stopActing(deps, req.requireSession(), req.ip)
      clearPictureCookie(reply, deps.config)
      return reply.status(204).send(null)
    },
  )
  app.post(
    '/acting/payment-link',
    {
      config: { auditsItself: true },
      schema: {
        tags,
        summary: "E-mails a cash-sale account's user a link to pay for the cart by card in their own session",
        description:
          'Staff never take a card payment for a customer. 403 for a customer’s own session or an account that is not cash-sale; 422 for an empty cart.',
        response: { 200: Message, ...errors },
      },
    },
    async (req) => acting.sendPaymentLink(deps, req.requireSession(), req.ip),
  )
}
