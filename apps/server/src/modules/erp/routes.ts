import { ErpApplication, ErpApplicationAck, ErpApplicationAckBody, ErpApplicationParams, ErpApplicationsQuery } from '@portal/contract/applications'
import { ErrorBody } from '@portal/contract/common'
import {
  ErpAck,
  ErpAckBody,
  ErpOrder,
  ErpOrderParams,
  ErpOrdersQuery,
  ErpPayment,
  ErpPaymentAck,
  ErpPaymentAckBody,
  ErpPaymentParams,
  ErpPaymentsQuery,
  ErpProblems,
  ErpRun,
  ErpRunsQuery,
  ErpStockBody,
  ErpStockResult,
} from '@portal/contract/erp'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../lib/context'
import { acknowledgeApplication, collectNewApplications } from './applications'
import { apiCaller, listRuns } from './runs'
import * as erp from './service'

const errors = { 400: ErrorBody, 401: ErrorBody }

/** The stock delta, the orders feed and the runs (docs/erp-interchange.md); inside the /api/erp scope (index.ts), which checks the key. */
export const erpRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get(
    '/runs',
    { schema: { summary: 'The imports, stock deltas and exports, newest first', querystring: ErpRunsQuery, response: { 200: z.array(ErpRun), ...errors } } },
    async (req) => listRuns(deps.db, req.query),
  )

  app.post(
    '/stock',
    {
      // 20,000 rows of {ProductCode, LocationID, QtyAvailable} fit well within 4 MB.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        summary: 'The minute-by-minute stock delta: all rows written, or none and every problem',
        body: ErpStockBody,
        response: { 200: ErpStockResult, ...errors, 422: ErpProblems },
      },
    },
    async (req) => erp.applyStockDelta(deps, req.body, apiCaller(req.ip)),
  )

  app.get(
    '/orders',
    {
      schema: {
        summary: 'New portal orders, oldest first, each leased to this caller until acknowledged or ERP_ORDER_LEASE_SECONDS pass',
        querystring: ErpOrdersQuery,
        response: { 200: z.array(ErpOrder), ...errors },
      },
    },
    async (req) => erp.collectNewOrders(deps, req.query.limit),
  )

  app.post(
    '/orders/:PortalOrderId/ack',
    {
      schema: {
        summary: "Records the ERP's sales order number for a portal order; the same again is answered again",
        params: ErpOrderParams,
        body: ErpAckBody,
        response: { 200: ErpAck, ...errors, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (req) => erp.acknowledgeOrder(deps.db, req.params.PortalOrderId, req.body.SalesOrder),
  )

  app.get(
    '/payments',
    {
      schema: {
        summary: 'New card payments of invoices, oldest first, each leased to this caller until acknowledged or ERP_ORDER_LEASE_SECONDS pass',
        querystring: ErpPaymentsQuery,
        response: { 200: z.array(ErpPayment), ...errors },
      },
    },
    async (req) => erp.collectNewPayments(deps, req.query.limit),
  )

  app.post(
    '/payments/:PortalPaymentId/ack',
    {
      schema: {
        summary: "Records the ERP's receipt number for a card payment of invoices; the same again is answered again",
        params: ErpPaymentParams,
        body: ErpPaymentAckBody,
        response: { 200: ErpPaymentAck, ...errors, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (req) => erp.acknowledgePayment(deps.db, req.params.PortalPaymentId, req.body.Receipt),
  )

  app.get(
    '/applications',
    {
      schema: {
        summary: 'Approved trade account applications, oldest decision first, each leased to this caller until acknowledged or ERP_ORDER_LEASE_SECONDS pass',
        querystring: ErpApplicationsQuery,
        response: { 200: z.array(ErpApplication), ...errors },
      },
    },
    async (req) => collectNewApplications(deps, req.query.limit),
  )

  app.post(
    '/applications/:PortalApplicationId/ack',
    {
      schema: {
        summary: "Records the ERP's reference for an approved application; the same again is answered again",
        params: ErpApplicationParams,
        body: ErpApplicationAckBody,
        response: { 200: ErpApplicationAck, ...errors, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (req) => acknowledgeApplication(deps.db, req.params.PortalApplicationId, req.body.Reference),
  )
}
