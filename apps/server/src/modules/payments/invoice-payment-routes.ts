import { IdempotencyHeaders } from '@portal/contract/checkout'
import { ErrorBody } from '@portal/contract/common'
import {
  CreateInvoicePaymentBody,
  CreateInvoicePaymentResponse,
  InvoicePayment,
  InvoicePaymentParams,
  InvoicePaymentSessionBody,
  OpenInvoices,
} from '@portal/contract/invoice-payments'
import { CompletePaymentBody, PaymentSession } from '@portal/contract/payments'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../lib/context'
import * as invoicePayments from './invoice-payments'
import { pageOrigin } from './routes'
import type { PaymentDeps } from './service'
import { gatewayTransport } from './transport'

const tags = ['invoice payments']
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody }

/** Paying invoices by card (decision 0090). SecurePay's result comes back to the card orders' result URL, /api/payments/callback. */
export const invoicePaymentsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const withGateway: PaymentDeps = { ...deps, transport: gatewayTransport(app, deps.config.publicUrl) }

  app.get(
    '/invoice-payments/open',
    {
      schema: {
        tags,
        summary: "The account's invoices with money owing, oldest due first, and whether the user may pay them",
        response: { 200: OpenInvoices, ...errors },
      },
    },
    async (req) => invoicePayments.openInvoices(deps, req.requireSession()),
  )

  app.post(
    '/invoice-payments',
    {
      config: { notWhileActing: 'payment' },
      schema: {
        tags,
        summary: 'Stores a card payment of some of the account’s invoices and answers the card form for it',
        description:
          'Administrators, and Users their Administrator allows (403 otherwise). Each amount must be at most what is open on its invoice (400 at `invoices.N.Amount`) and `amount` their sum (400 at `amount`); another account’s invoice is not found (404). The provider is paid the stored total. A new payment replaces the user’s older one, whose card form can no longer be charged. An `Idempotency-Key` header makes a repeat answer the same payment.',
        headers: IdempotencyHeaders,
        body: CreateInvoicePaymentBody,
        response: { 200: CreateInvoicePaymentResponse, ...errors },
      },
    },
    async (req) => invoicePayments.create(deps, req.requireSession(), req.body, req.headers['idempotency-key'], pageOrigin(req)),
  )

  app.get(
    '/invoice-payments/:id',
    {
      schema: {
        tags,
        summary: 'A payment of invoices of the account: pending, completed or failed (and why)',
        params: InvoicePaymentParams,
        response: { 200: InvoicePayment, ...errors },
      },
    },
    async (req) => invoicePayments.status(deps, req.requireSession(), req.params.id),
  )

  app.get(
    '/invoice-payments/:id/receipt',
    {
      schema: {
        tags,
        summary: 'The receipt of a completed payment of invoices, as a PDF',
        params: InvoicePaymentParams,
        response: { 200: z.any().describe('application/pdf'), ...errors },
      },
    },
    async (req, reply) => {
      const { reference, pdf } = await invoicePayments.receipt(deps, req.requireSession(), req.params.id)
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="Receipt ${reference}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(pdf))
    },
  )

  app.post(
    '/invoice-payments/session',
    {
      config: { notWhileActing: 'payment' },
      schema: {
        tags,
        summary: 'Mastercard Gateway: opens a hosted checkout session for a payment of invoices',
        body: InvoicePaymentSessionBody,
        response: { 200: PaymentSession, ...errors },
      },
    },
    async (req) => invoicePayments.startSession(withGateway, req.requireSession(), req.body.paymentId, pageOrigin(req)),
  )

  app.post(
    '/invoice-payments/complete',
    {
      config: { notWhileActing: 'payment' },
      schema: {
        tags,
        summary: 'Mastercard Gateway: completes a payment of invoices with the resultIndicator the gateway handed back',
        description:
          'Answers the payment, completed; 422 when it was not approved or cannot be verified, 409 when it could not be applied (and was voided or refunded).',
        body: CompletePaymentBody,
        response: { 200: InvoicePayment, ...errors },
      },
    },
    async (req) => invoicePayments.complete(withGateway, req.requireSession(), req.body),
  )
}
