import { ApprovalParams, SentForApproval } from '@portal/contract/approvals'
import { IdempotencyHeaders } from '@portal/contract/checkout'
import { ErrorBody } from '@portal/contract/common'
import {
  CompletePaymentBody,
  CreatePaymentBody,
  CreatePaymentResponse,
  PaymentResult,
  PaymentSession,
  PaymentSessionBody,
  PendingOrder,
  PendingOrderParams,
  SecurePayResult,
} from '@portal/contract/payments'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../lib/context'
import { acceptFormPosts } from './form-body'
import * as invoicePayments from './invoice-payments'
import * as payments from './service'
import { gatewayTransport } from './transport'

const tags = ['payments']

/** The origin the page came from (the Origin header browsers send with a POST), when it is a plain http(s) origin. */
export function pageOrigin(req: FastifyRequest): string | null {
  const origin = req.headers.origin
  if (typeof origin !== 'string' || !/^https?:\/\/[^/\s?#@]+$/.test(origin)) return null
  try {
    return new URL(origin).origin
  } catch {
    return null
  }
}
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody }

const callbackDescription =
  'The result URL the provider sends the browser to (SecurePay Direct Post: a GET with EPS_REDIRECT=TRUE, else a form POST). ' +
  'Public: it is authenticated by the result fingerprint. Redirects (303) to /orders?approved={SalesOrder} or to /checkout?error={text}&id={orderId}; ' +
  'for a payment of invoices (reference P…) to /invoices?paid={paymentId} or /invoices?error={text}&payment={paymentId}.'

export const paymentsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  acceptFormPosts(app)
  const withGateway: payments.PaymentDeps = { ...deps, transport: gatewayTransport(app, deps.config.publicUrl) }

  app.post(
    '/payments/create',
    {
      config: { notWhileActing: 'payment' },
      schema: {
        tags,
        summary: 'Stores a pending order for a card payment (cash-sale accounts)',
        description:
          '`amount` must equal the cart total inc GST as the server computes it (409 amount_mismatch otherwise). Answers the pending order id and, for SecurePay, the fingerprint and the hidden fields the card form posts to `formData.action`. An `Idempotency-Key` header makes a repeat answer the same pending order. A cart over the buyer’s spending limit is not paid for: it is sent for approval (202 with the approval, the cart emptied into it), and its approver pays (POST /api/approvals/{id}/payment).',
        headers: IdempotencyHeaders,
        body: CreatePaymentBody,
        response: { 200: CreatePaymentResponse, 202: SentForApproval, ...errors },
      },
    },
    async (req, reply) => {
      const answer = await payments.create(deps, req.requireSession(), req.body, req.headers['idempotency-key'], pageOrigin(req))
      return 'approval' in answer ? reply.status(202).send(answer) : answer
    },
  )
  app.post(
    '/approvals/:id/payment',
    {
      config: { notWhileActing: 'payment' },
      schema: {
        tags: [...tags, 'approvals'],
        summary: "An approver pays by card for a cash-sale account's order waiting for approval",
        description:
          'Answers a card payment as POST /api/payments/create does, of the order’s lines at today’s prices for its buyer. When the card is approved the order is placed (the payer’s) and the approval approved, if it still waits; otherwise the payment is refunded. For the approval’s named approver or an Administrator of the account; an order on account is approved with POST /api/approvals/{id}/approve instead (409 on_account).',
        params: ApprovalParams,
        response: { 200: CreatePaymentResponse, ...errors },
      },
    },
    async (req) => payments.payApproval(deps, req.requireSession(), req.params.id, pageOrigin(req)),
  )

  app.get(
    '/payments/pending/:id',
    {
      schema: {
        tags,
        summary: 'A pending order of the account, with its orderDetails to refill the checkout form',
        params: PendingOrderParams,
        response: { 200: PendingOrder, ...errors },
      },
    },
    async (req) => payments.pending(deps, req.requireSession(), req.params.id),
  )

  const onResult = async (req: FastifyRequest, reply: FastifyReply, result: SecurePayResult) => {
    // One result URL for both things a card form pays: a card order (W…) and a payment of invoices (P…).
    const outcome = invoicePayments.isInvoicePaymentReference(result.refid)
      ? await invoicePayments.callback(withGateway, result)
      : await payments.callback(withGateway, result)
    if (outcome.rejected) req.log.warn({ refid: result.refid, reason: outcome.rejected }, 'payment result rejected')
    return reply.redirect(outcome.redirect, 303)
  }
  app.get(
    '/payments/callback',
    { config: { public: true }, schema: { tags, summary: 'SecurePay result URL', description: callbackDescription, querystring: SecurePayResult } },
    (req, reply) => onResult(req, reply, req.query),
  )
  app.post(
    '/payments/callback',
    { config: { public: true }, schema: { tags, summary: 'SecurePay result URL (form post)', description: callbackDescription, body: SecurePayResult } },
    (req, reply) => onResult(req, reply, req.body),
  )

  app.post(
    '/payments/session',
    {
      config: { notWhileActing: 'payment' },
      schema: {
        tags,
        summary: 'Mastercard Gateway: opens a hosted checkout session for a pending order',
        body: PaymentSessionBody,
        response: { 200: PaymentSession, ...errors },
      },
    },
    async (req) => payments.startSession(withGateway, req.requireSession(), req.body.orderId, pageOrigin(req)),
  )

  app.post(
    '/payments/complete',
    {
      config: { notWhileActing: 'payment' },
      schema: {
        tags,
        summary: 'Mastercard Gateway: completes a payment with the resultIndicator the gateway handed back',
        description: 'Answers the order placed; 422 with the reason when the payment was not approved or cannot be verified.',
        body: CompletePaymentBody,
        response: { 200: PaymentResult, ...errors },
      },
    },
    async (req) => payments.complete(withGateway, req.requireSession(), req.body),
  )
}
