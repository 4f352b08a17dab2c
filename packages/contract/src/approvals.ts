import { z } from 'zod'
import { MAX_LINE_QUANTITY } from './constants'
import { IsoDate, Money } from './common'

/**
 * Approvals and spending limits (docs/decisions/0089-approvals-and-spending-limits.md). An account's Administrator
 * gives a user a limit per order and per calendar month (ex GST) and, optionally, the one user who approves their
 * orders (else any Administrator of the account). An order on account over a limit is not placed: it waits for
 * approval, and an approver approves it (it is placed then, at that moment's prices), edits its quantities first,
 * or rejects it with a reason.
 */

/** The largest limit an Administrator can set, in dollars. */
export const MAX_LIMIT = 10_000_000

const limit = z
  .number({ error: 'Enter the limit in dollars' })
  .min(0.01, 'A limit must be at least $0.01')
  .max(MAX_LIMIT, `A limit can be at most $${MAX_LIMIT.toLocaleString('en-AU')}`)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'A limit has at most two decimals (cents)')

/** `PUT /api/users/limits`: a user's limits and approver; null clears one. */
export const SetLimitsBody = z.object({
  username: z.string().trim().min(1).max(60),
  orderLimit: limit.nullable().describe('the most one order may come to, ex GST, before it needs approval; null: no limit'),
  monthLimit: limit.nullable().describe("the most the user's orders in a calendar month may come to, ex GST; null: no limit"),
  approver: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .nullable()
    .describe("the username of the account's user who approves this user's orders; null: any Administrator of the account"),
})
export type SetLimitsBody = z.infer<typeof SetLimitsBody>

export const ApprovalStatus = z.enum(['awaiting', 'approved', 'rejected', 'withdrawn'])
export type ApprovalStatus = z.infer<typeof ApprovalStatus>

/** Which limit an order waiting for approval is over. */
export const OverLimit = z.enum(['order', 'month'])
export type OverLimit = z.infer<typeof OverLimit>

export const ApprovalLine = z.object({
  ProductID: z.number().int(),
  ProductCode: z.string(),
  Description: z.string(),
  Quantity: z.number().int(),
  SubmittedPrice: Money.describe('unit price ex GST when the order was submitted'),
  SubmittedTotalInc: Money.describe('the line total inc GST when the order was submitted'),
  CurrentPrice: Money.nullable().describe('unit price ex GST now; null when the product can no longer be ordered'),
  CurrentTotalInc: Money.nullable(),
})
export type ApprovalLine = z.infer<typeof ApprovalLine>

export const Approval = z
  .object({
    id: z.number().int(),
    status: ApprovalStatus,
    SubmittedAt: IsoDate,
    SubmittedBy: z.string().describe("the buyer's name"),
    Approver: z.string().describe("who approves it: a user's name, or 'any Administrator'"),
    LocationID: z.string(),
    BranchName: z.string(),
    CustomerPurchaseOrder: z.string(),
    Over: OverLimit,
    Limit: Money.describe('the limit the order is over, ex GST'),
    SubmittedEx: Money,
    SubmittedInc: Money,
    CurrentEx: Money.nullable().describe('the order at the prices of now, ex GST; null once decided'),
    CurrentInc: Money.nullable(),
    lines: z.array(ApprovalLine),
    DecidedAt: IsoDate.nullable(),
    DecidedBy: z.string().nullable(),
    Reason: z.string().nullable().describe('why it was rejected'),
    OrderID: z.number().int().nullable().describe('the order it became, once approved'),
    SalesOrder: z.string().nullable(),
    CanDecide: z.boolean().describe('whether the signed-in user may approve or reject it now'),
    PaysByCard: z
      .boolean()
      .describe("a cash-sale account's order: approving it is paying for it by card (POST /api/approvals/{id}/payment), not placing it on account"),
    CanWithdraw: z.boolean().describe('whether the signed-in user (its buyer) may withdraw it now'),
  })
  .meta({ id: 'Approval' })
export type Approval = z.infer<typeof Approval>

/** What a checkout answers (202) when the order is over a limit: the order waiting for approval. */
export const SentForApproval = z.object({ message: z.string(), approval: Approval }).meta({ id: 'SentForApproval' })
export type SentForApproval = z.infer<typeof SentForApproval>

export const SENT_FOR_APPROVAL = 'Your order is over your spending limit, so it has been sent for approval.'

export const ApprovalParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

/** Approve, with the quantities changed first when given (0 takes a line out), and (credit warn) the confirmation. */
export const ApproveBody = z.object({
  lines: z
    .array(
      z.object({
        ProductID: z.number().int().positive().max(2_147_483_647),
        Quantity: z.number().int('Quantity must be a whole number').min(0).max(MAX_LINE_QUANTITY),
      }),
    )
    .max(500)
    .optional()
    .describe("new quantities for some of the order's lines; 0 takes a line out"),
  creditConfirmed: z.boolean().optional(),
})
export type ApproveBody = z.infer<typeof ApproveBody>

export const RejectBody = z.object({
  reason: z.string().trim().min(1, 'Say why the order is rejected').max(500),
})
export type RejectBody = z.infer<typeof RejectBody>

export const APPROVAL_ERRORS = {
  notAwaiting: 'approval_not_awaiting',
  notApprover: 'not_approver',
} as const
