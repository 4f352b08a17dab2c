import { Approval, ApprovalParams, ApproveBody, RejectBody } from '@portal/contract/approvals'
import { ErrorBody } from '@portal/contract/common'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../lib/context'
import * as approvals from './approvals'

const tags = ['approvals']
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody }

/** Orders over a spending limit, waiting for approval (docs/decisions/0089-approvals-and-spending-limits.md). */
export const approvalsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get(
    '/approvals',
    {
      schema: {
        tags,
        summary: 'The orders waiting for approval, and decided, that the user may see',
        description:
          'A buyer sees their own; a named approver those they approve; an Administrator every one of the account. Waiting ones first, then the newest; at most 200.',
        response: { 200: z.array(Approval), 403: ErrorBody },
      },
    },
    async (req) => approvals.list(deps, req.requireSession()),
  )
  app.get(
    '/approvals/:id',
    {
      schema: {
        tags,
        summary: 'One approval; while it waits, its lines at the prices of now too',
        params: ApprovalParams,
        response: { 200: Approval, ...errors },
      },
    },
    async (req) => approvals.one(deps, req.requireSession(), req.params.id),
  )
  app.post(
    '/approvals/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approves the order: it is placed for its buyer at the prices of now, with the quantities given',
        description:
          'Its named approver or an Administrator of the account, never its buyer (403). Every rule of an order on account applies (stock, branch, the credit rule with creditConfirmed). Approving again answers the same approval and order (one order however often it is sent); a rejected or withdrawn one answers 409 approval_not_awaiting.',
        params: ApprovalParams,
        body: ApproveBody,
        response: { 200: Approval, ...errors },
      },
    },
    async (req) => approvals.approve(deps, req.requireSession(), req.params.id, req.body),
  )
  app.post(
    '/approvals/:id/reject',
    {
      schema: {
        tags,
        summary: 'Rejects the order, with the reason its buyer is e-mailed',
        params: ApprovalParams,
        body: RejectBody,
        response: { 200: Approval, ...errors },
      },
    },
    async (req) => approvals.reject(deps, req.requireSession(), req.params.id, req.body.reason),
  )
  app.post(
    '/approvals/:id/withdraw',
    { schema: { tags, summary: 'Its buyer withdraws the order while it waits', params: ApprovalParams, response: { 200: Approval, ...errors } } },
    async (req) => approvals.withdraw(deps, req.requireSession(), req.params.id),
  )
}
