import { useState } from 'react'
import { useNavigate } from 'react-router'
import type { Approval, ApproveBody } from '@portal/contract/approvals'
import { CREDIT_ERRORS } from '@portal/contract/checkout'
import { Button } from '../../../components/ui/button'
import { notify } from '../../../components/ui/toast'
import { ApiError, serverMessage } from '../../../lib/api'
import { checkQuantity, typingError } from '../../../lib/quantity'
import { formatMoney } from '../../../lib/format'
import { useApprove, usePayApproval } from '../api/approvals'
import { ApprovalLines } from './approval-lines'
import { RejectButton } from './reject-button'
import styles from './approvals.module.css'

export const NO_LINES = 'An approved order needs at least one line. Reject the order instead.'
const APPROVE_FAILED = 'The order could not be approved'

/** The line a server's field error names (body.lines.2.Quantity is the third line sent). */
function lineOfField(field: string, sent: ApproveBody['lines']): number | undefined {
  const index = /^body\.lines\.(\d+)/.exec(field)?.[1]
  return index === undefined ? undefined : sent?.[Number(index)]?.ProductID
}

/**
 * For its approver: the lines with their quantities to change (0 takes a line out), Approve (the order is placed at
 * today's prices) and Reject with a reason. Only the quantities changed are sent. When the order takes the account
 * past its credit limit (warn), the server asks for a confirmation, as the checkout does.
 */
export function ApprovalDecision({ approval }: { approval: Approval }) {
  return approval.PaysByCard ? <PayByCardDecision approval={approval} /> : <OnAccountDecision approval={approval} />
}

/**
 * A cash-sale account's order: approving it is paying for it by card, at today's prices, on the card payment screen;
 * the order is placed for the buyer's account when the payment goes through. Its quantities are not changed here.
 */
function PayByCardDecision({ approval }: { approval: Approval }) {
  const pay = usePayApproval()
  const navigate = useNavigate()
  const [problem, setProblem] = useState<string | null>(null)
  const busy = pay.isPending || pay.isSuccess
  const total = approval.CurrentInc ?? approval.SubmittedInc

  const submit = () => {
    setProblem(null)
    pay.mutate(approval.id, {
      onSuccess: (payment) => void navigate('/card-payment', { state: payment }),
      onError: (error) => {
        notify.error(APPROVE_FAILED)
        setProblem(serverMessage(error, 'Please check your connection and try again.'))
      },
    })
  }

  return (
    <>
      <ApprovalLines approval={approval} />
      <section className={styles.decision} aria-labelledby="approval-decision">
        <h2 id="approval-decision">Your decision</h2>
        <p className={styles.muted}>
          This account pays by card: approving the order is paying for it, ${formatMoney(total)} inc GST at today&rsquo;s prices. It is placed once the payment
          goes through. Rejecting tells {approval.SubmittedBy} why by e-mail.
        </p>
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
        <div className={styles.actions}>
          <Button onClick={submit} disabled={busy}>
            {pay.isPending ? 'Opening the card payment...' : 'Approve and pay by card'}
          </Button>
          <RejectButton approval={approval} disabled={busy} />
        </div>
      </section>
    </>
  )
}

function OnAccountDecision({ approval }: { approval: Approval }) {
  const approve = useApprove()
  const [typed, setTyped] = useState<Record<number, string>>(() => Object.fromEntries(approval.lines.map((l) => [l.ProductID, String(l.Quantity)])))
  const [errors, setErrors] = useState<Record<number, string | undefined>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [mustConfirm, setMustConfirm] = useState(false)
  const [confirmed, setConfirmed] = useState(false)
  const busy = approve.isPending || approve.isSuccess

  const onChange = (productId: number, text: string) => {
    setTyped((current) => ({ ...current, [productId]: text }))
    setErrors((current) => ({ ...current, [productId]: typingError(text, { zero: true }) }))
  }

  const submit = () => {
    setProblem(null)
    const checked = approval.lines.map((line) => ({ line, check: checkQuantity(typed[line.ProductID] ?? '', { zero: true }) }))
    const found = Object.fromEntries(checked.map(({ line, check }) => [line.ProductID, check.error]))
    setErrors(found)
    if (checked.some(({ check }) => check.error !== undefined)) return
    const quantities = checked.map(({ line, check }) => ({ ProductID: line.ProductID, Quantity: check.quantity!, was: line.Quantity }))
    if (quantities.every((q) => q.Quantity === 0)) return setProblem(NO_LINES)
    const changed = quantities.filter((q) => q.Quantity !== q.was).map(({ ProductID, Quantity }) => ({ ProductID, Quantity }))
    const body: ApproveBody = { ...(changed.length > 0 ? { lines: changed } : {}), ...(mustConfirm && confirmed ? { creditConfirmed: true } : {}) }
    approve.mutate(
      { id: approval.id, body },
      {
        onSuccess: (approved) => notify.success(approved.SalesOrder ? `Order approved and placed as ${approved.SalesOrder}.` : 'Order approved.'),
        onError: (error) => {
          notify.error(APPROVE_FAILED)
          const fields = error instanceof ApiError ? (error.fields ?? []) : []
          const atLines = fields.flatMap((f) => {
            const productId = lineOfField(f.field, body.lines)
            return productId === undefined ? [] : [[productId, f.message] as const]
          })
          if (atLines.length > 0) setErrors(Object.fromEntries(atLines))
          else setProblem(serverMessage(error, 'Please check your connection and try again.'))
          if (error instanceof ApiError && error.code === CREDIT_ERRORS.confirm) setMustConfirm(true)
        },
      },
    )
  }

  return (
    <>
      <ApprovalLines approval={approval} edits={{ typed, errors, onChange, disabled: busy }} />
      <section className={styles.decision} aria-labelledby="approval-decision">
        <h2 id="approval-decision">Your decision</h2>
        <p className={styles.muted}>
          Approving places the order for {approval.SubmittedBy} at today&rsquo;s prices. Change a quantity above first if you need to (0 takes the line out).
          Rejecting tells them why by e-mail.
        </p>
        {mustConfirm && (
          <label className={styles.confirm}>
            <input type="checkbox" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
            Place this order even though it takes the account past its credit limit
          </label>
        )}
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
        <div className={styles.actions}>
          <Button onClick={submit} disabled={busy || (mustConfirm && !confirmed)}>
            {approve.isPending ? 'Approving...' : 'Approve'}
          </Button>
          <RejectButton approval={approval} disabled={busy} />
        </div>
      </section>
    </>
  )
}
