import { ErrorBody, Message } from '@portal/contract/common'
import { InvoiceDetail, InvoiceIdParams, InvoiceListRow, InvoicesQuery, SendInvoiceBody } from '@portal/contract/invoices'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../lib/context'
import { sendHistoryList } from '../../lib/json-cache'
import * as invoices from './service'

const tags = ['invoices']
const errors = { 400: ErrorBody, 404: ErrorBody }

export const invoicesRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get(
    '/invoices',
    {
      schema: {
        tags,
        summary: "The account's invoices and credit notes, newest first, 20 to a page",
        querystring: InvoicesQuery,
        response: { 200: z.array(InvoiceListRow), ...errors },
      },
    },
    async (req, reply) => {
      const session = req.requireSession()
      return sendHistoryList(deps, reply, session, 'invoices', req.query, () => invoices.list(deps, session, req.query))
    },
  )

  app.get(
    '/invoices/:id',
    { schema: { tags, summary: 'A tax invoice with its lines', params: InvoiceIdParams, response: { 200: InvoiceDetail, ...errors } } },
    async (req) => invoices.detail(deps, req.requireSession(), req.params.id),
  )

  app.get(
    '/invoices/:id/pdf',
    {
      schema: {
        tags,
        summary: 'The tax invoice as a PDF',
        params: InvoiceIdParams,
        response: { 200: z.any().describe('application/pdf'), ...errors },
      },
    },
    async (req, reply) => {
      const { invoice, pdf } = await invoices.renderInvoice(deps, req.requireSession(), req.params.id)
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${invoice}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(pdf))
    },
  )

  app.post(
    '/invoices/:id/send',
    {
      schema: {
        tags,
        summary: 'E-mails a copy of the tax invoice as a PDF attachment',
        params: InvoiceIdParams,
        body: SendInvoiceBody,
        response: { 200: Message, ...errors },
      },
    },
    async (req) => invoices.send(deps, req.requireSession(), req.params.id, req.body.email),
  )
}
