import { Link } from 'react-router'
import type { StandingRun } from '@portal/contract/standing-orders'
import { formatDate } from '../../../lib/format'
import styles from './standing-orders.module.css'

/** Where a run's pay link leads: the standing order's page, with the run's day, for a cash-sale account's owner. */
export const payLink = (standingOrderId: number, runOn: string) => `/standing-orders/${standingOrderId}?pay=${runOn}`

/**
 * What became of a run, in words, linked to what it made: "Placed as order SO…" (its order), "Sent for approval"
 * (the approval), "Ready to pay by card" (the pay link), "Skipped", "Not placed".
 */
export function RunOutcome({ run, standingOrderId }: { run: StandingRun; standingOrderId: number }) {
  switch (run.Outcome) {
    case 'placed': {
      const order = run.SalesOrder ?? (run.OrderID === null ? null : String(run.OrderID))
      return order ? (
        <span>
          Placed as order <Link to={`/orders/${encodeURIComponent(order)}`}>{order}</Link>
        </span>
      ) : (
        <span>Placed</span>
      )
    }
    case 'approval':
      return run.ApprovalID === null ? <span>Sent for approval</span> : <Link to={`/approvals/${run.ApprovalID}`}>Sent for approval</Link>
    case 'payment_link':
      return <Link to={payLink(standingOrderId, run.RunOn)}>Ready to pay by card</Link>
    case 'skipped':
      return <span>Skipped</span>
    case 'failed':
      return <span>Not placed</span>
  }
}

/** The day a run was placed; a late one says so (one span, kept together in a row laid out as a card). */
export function RanOn({ run }: { run: StandingRun }) {
  return (
    <span>
      {formatDate(run.RanOn)}
      {run.Late && <span className={styles.late}>Late: it was due {formatDate(run.RunOn)}</span>}
    </span>
  )
}
