import { Link } from 'react-router'
import type { Approval } from '@portal/contract/approvals'
import { formatDollars } from '../../../lib/format'

/** The order an approval became, linked to it in the order history. */
export function OrderLink({ salesOrder }: { salesOrder: string }) {
  return <Link to={`/orders/${encodeURIComponent(salesOrder)}`}>{salesOrder}</Link>
}

/**
 * Where an approval stands, in words: Waiting for approval, Approved (order SO…), Rejected (reason), Withdrawn. One
 * span, so that a table cell laid out as a card keeps it together.
 */
export function ApprovalStatus({ approval, linked = true }: { approval: Pick<Approval, 'status' | 'SalesOrder' | 'Reason'>; linked?: boolean }) {
  return <span>{statusWords(approval, linked)}</span>
}

function statusWords(approval: Pick<Approval, 'status' | 'SalesOrder' | 'Reason'>, linked: boolean) {
  switch (approval.status) {
    case 'awaiting':
      return 'Waiting for approval'
    case 'approved':
      return approval.SalesOrder ? <>Approved (order {linked ? <OrderLink salesOrder={approval.SalesOrder} /> : approval.SalesOrder})</> : 'Approved'
    case 'rejected':
      return approval.Reason ? `Rejected (${approval.Reason})` : 'Rejected'
    case 'withdrawn':
      return 'Withdrawn'
  }
}

/** The limit an order is over, as a phrase: "the limit of $250.00 an order" or "the monthly limit of $2,000.00". */
export const limitPhrase = (approval: Pick<Approval, 'Over' | 'Limit'>) =>
  approval.Over === 'order' ? `the limit of ${formatDollars(approval.Limit)} an order` : `the monthly limit of ${formatDollars(approval.Limit)}`
