import type { Approval, ApprovalLine } from '@portal/contract/approvals'

export const anApprovalLine = (overrides: Partial<ApprovalLine> = {}): ApprovalLine => ({
  ProductID: 42,
  ProductCode: 'IVO-PLUS-500',
  Description: 'Ivomec Plus Injection 500mL',
  Quantity: 3,
  SubmittedPrice: 100,
  SubmittedTotalInc: 330,
  CurrentPrice: 100,
  CurrentTotalInc: 330,
  ...overrides,
})

/** An order over Jess Morgan's limit of $250.00 an order, waiting for any Administrator. */
export const anApproval = (overrides: Partial<Approval> = {}): Approval => ({
  id: 12,
  status: 'awaiting',
  SubmittedAt: '2026-12-04',
  SubmittedBy: 'Jess Morgan',
  Approver: 'any Administrator',
  LocationID: 'WAG',
  BranchName: 'Wagga Wagga',
  CustomerPurchaseOrder: 'PO-7781',
  Over: 'order',
  Limit: 250,
  SubmittedEx: 300,
  SubmittedInc: 330,
  CurrentEx: 300,
  CurrentInc: 330,
  lines: [anApprovalLine()],
  DecidedAt: null,
  DecidedBy: null,
  Reason: null,
  OrderID: null,
  SalesOrder: null,
  CanDecide: false,
  CanWithdraw: false,
  PaysByCard: false,
  ...overrides,
})
