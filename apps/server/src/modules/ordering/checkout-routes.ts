import { CartCredit, CheckoutInfo, CheckoutStart, IdempotencyHeaders, PlacedOrder, PlaceOrderBody, SavedCheckoutInfo } from '@portal/contract/checkout'
import { SentForApproval } from '@portal/contract/approvals'
import { ErrorBody } from '@portal/contract/common'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../lib/context'
import * as checkout from './checkout'

const tags = ['checkout']

export const checkoutRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.post(
    '/orders',
    {
      schema: {
        tags,
        summary: 'Places the cart as an order on account',
        description:
          'One transaction: the cart and the stock rows are locked, the cart is priced again for the account, the branch’s stock is allocated (the rest goes on back order) and the cart is emptied. ' +
          'Cash-sale accounts pay by card instead (POST /api/payments/create) and resellers cannot order online (403). ' +
          'Send a fresh `Idempotency-Key` per checkout attempt: a repeated submission answers the order the first one placed. ' +
          'The account’s credit rule (GET /api/cart/credit) is applied under the account’s lock: an account on hold is refused (409 account_on_hold); an order past the available credit is refused (409 credit_limit_exceeded) when the credit mode is block, and until `creditConfirmed` is true (409 credit_limit_confirm) when it is warn. ' +
          'An order over the buyer’s spending limit (per order or per calendar month, ex GST) is not placed: it is sent for approval and the answer is 202 with the approval (GET /api/approvals/{id}); the cart is emptied into it.',
        headers: IdempotencyHeaders,
        body: PlaceOrderBody,
        response: { 201: PlacedOrder, 202: SentForApproval, 400: ErrorBody, 403: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (req, reply) => {
      const answer = await checkout.orderOnAccount(deps, req.requireSession(), req.body, req.headers['idempotency-key'])
      return 'approval' in answer ? reply.status(202).send(answer) : reply.status(201).send(answer)
    },
  )

  app.post(
    '/cart/checkout-info',
    {
      schema: {
        tags,
        summary: 'Keeps the checkout form, as far as it is filled in, with the cart',
        description:
          'Every field is optional; the saved details replace what was saved before. They are kept only while the cart holds lines (checkoutInfo answers null when they were not kept) and cleared when an order is placed.',
        body: CheckoutInfo,
        response: { 200: SavedCheckoutInfo, 400: ErrorBody, 403: ErrorBody },
      },
    },
    async (req) => checkout.saveCheckoutInfo(deps, req.requireSession(), req.body),
  )

  app.get(
    '/cart/checkout-info',
    {
      schema: {
        tags,
        summary: 'The checkout details saved with the cart (or null), and what the form starts with when nothing is saved',
        description:
          'defaults: the delivery site (as it reads today), contact, carrier and delivery type of the user’s last order; without one, the account’s default delivery site (the first on its default branch), delivered.',
        response: { 200: CheckoutStart },
      },
    },
    async (req) => checkout.checkoutInfo(deps, req.requireSession()),
  )

  app.get(
    '/cart/credit',
    {
      schema: {
        tags,
        summary: 'The account’s credit limit, balance, orders not yet invoiced and available credit',
        description:
          'For an account on terms; null for cash-sale and reseller accounts. Orders not yet invoiced are the orders placed in the portal (not cancelled) less what invoices of them have taken into the balance. An order on account counts its total inc GST against the available credit when it is placed.',
        response: { 200: CartCredit },
      },
    },
    async (req) => checkout.cartCredit(deps, req.requireSession()),
  )
}
