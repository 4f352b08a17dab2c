import { Link, useLocation } from 'react-router'
import type { Approval } from '@portal/contract/approvals'
import { DocumentStatus } from '../../../components/ui/document'
import doc from '../../../components/ui/document.module.css'
import { formatDate, formatDollars } from '../../../lib/format'
import { useApproval } from '../api/approvals'
import { sentForApprovalOf } from '../sent-for-approval'
import { ApprovalDecision } from './approval-decision'
import { ApprovalLines } from './approval-lines'
import { ApprovalStatus, limitPhrase, OrderLink } from './approval-status'
import { WithdrawButton } from './withdraw-button'
import styles from './approvals.module.css'

/** /approvals/{id}: one order over a spending limit, what became of it, and (for whom it concerns) the buttons. */
export function ApprovalScreen({ id }: { id: number }) {
  const { data: approval, isPending, error } = useApproval(id)
  if (!approval) {
    return (
      <DocumentStatus
        title="Order approval"
        headingId="approval-heading"
        pending={isPending}
        error={error}
        loadingLabel="Loading this order"
        notFound="There is no such order waiting for approval on your account."
        failed="This order could not be loaded."
        back={{ to: '/approvals', label: 'Back to Approvals' }}
      />
    )
  }
  return <ApprovalView approval={approval} />
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

function ApprovalView({ approval }: { approval: Approval }) {
  const sent = sentForApprovalOf(useLocation().state)
  const awaiting = approval.status === 'awaiting'
  const title = awaiting ? 'Order waiting for approval' : 'Order approval'

  return (
    <section className="page" aria-labelledby="approval-heading">
      <title>{title}</title>
      <Link to="/approvals" className={doc.back}>
        ← Approvals
      </Link>
      <div className={doc.header}>
        <div>
          <h1 id="approval-heading">{title}</h1>
          <p className={doc.subtitle}>
            Purchase order {approval.CustomerPurchaseOrder} · <ApprovalStatus approval={approval} linked={false} />
          </p>
        </div>
        {approval.CanWithdraw && (
          <div className={doc.actions}>
            <WithdrawButton approval={approval} />
          </div>
        )}
      </div>
      {sent && awaiting && (
        <p className={styles.sent} role="status">
          {sent}
        </p>
      )}
      <Outcome approval={approval} />

      <div className={doc.panels}>
        <section className={doc.panel} aria-labelledby="approval-facts">
          <h2 id="approval-facts">Order</h2>
          <dl className={doc.facts}>
            <dt>Submitted</dt>
            <dd>{formatDate(approval.SubmittedAt)}</dd>
            <dt>By</dt>
            <dd>{approval.SubmittedBy}</dd>
            <dt>Purchase order</dt>
            <dd>{approval.CustomerPurchaseOrder || '-'}</dd>
            <dt>Branch</dt>
            <dd>{approval.BranchName}</dd>
          </dl>
        </section>
        <section className={doc.panel} aria-labelledby="approval-limit">
          <h2 id="approval-limit">Approval</h2>
          <dl className={doc.facts}>
            <dt>Over</dt>
            <dd>{capitalised(limitPhrase(approval))} (ex GST)</dd>
            <dt>Approver</dt>
            <dd>{capitalised(approval.Approver)}</dd>
            {approval.DecidedBy && (
              <>
                <dt>{approval.status === 'withdrawn' ? 'Withdrawn by' : 'Decided by'}</dt>
                <dd>
                  {approval.DecidedBy}
                  {approval.DecidedAt && `, ${formatDate(approval.DecidedAt)}`}
                </dd>
              </>
            )}
          </dl>
        </section>
      </div>

      {awaiting && <PriceNote approval={approval} />}
      {approval.CanDecide ? <ApprovalDecision key={approval.id} approval={approval} /> : <ApprovalLines approval={approval} />}
    </section>
  )
}

/** What became of the order, in a sentence: waiting (for whom, over which limit), approved (as which order), rejected (why), withdrawn. */
function Outcome({ approval }: { approval: Approval }) {
  const by = approval.DecidedBy ?? 'someone'
  const on = approval.DecidedAt ? ` on ${formatDate(approval.DecidedAt)}` : ''
  switch (approval.status) {
    case 'awaiting':
      return (
        <p className={styles.outcome}>
          This order by {approval.SubmittedBy} is over {limitPhrase(approval)} (ex GST), so it waits for approval by {approval.Approver}. Nothing is placed
          until then.
        </p>
      )
    case 'approved':
      return (
        <p className={`${styles.outcome} ${styles.approved}`} role="status">
          Approved by {by}
          {on}
          {approval.SalesOrder ? (
            <>
              : placed as order <OrderLink salesOrder={approval.SalesOrder} />.
            </>
          ) : (
            '.'
          )}
        </p>
      )
    case 'rejected':
      return (
        <p className={`${styles.outcome} ${styles.rejected}`} role="status">
          Rejected by {by}
          {on}. Reason: {approval.Reason ?? 'none given'}
        </p>
      )
    case 'withdrawn':
      return (
        <p className={styles.outcome} role="status">
          Withdrawn by {by}
          {on}. It was not placed.
        </p>
      )
  }
}

/** While the order waits: whether its prices have changed since it was submitted (it is placed at today's), and what can no longer be ordered. */
function PriceNote({ approval }: { approval: Approval }) {
  const gone = approval.lines.filter((line) => line.CurrentPrice === null)
  const changed = approval.lines.some((line) => line.CurrentPrice !== null && line.CurrentPrice !== line.SubmittedPrice)
  if (!changed && gone.length === 0) return null
  return (
    <div className={styles.note}>
      {changed && (
        <p>
          Prices have changed since the order was submitted. Approved, it is placed at today&rsquo;s prices
          {approval.CurrentInc !== null && (
            <>
              : {formatDollars(approval.CurrentInc)} inc GST, against {formatDollars(approval.SubmittedInc)} when submitted
            </>
          )}
          .
        </p>
      )}
      {gone.map((line) => (
        <p key={line.ProductID}>
          {line.ProductCode} {line.Description} can no longer be ordered online
          {approval.CanDecide ? ': set its quantity to 0 to approve the rest.' : '.'}
        </p>
      ))}
    </div>
  )
}
