import { Link } from 'react-router'
import type { Approval } from '@portal/contract/approvals'
import table from '../../../components/ui/table.module.css'
import { formatDollars } from '../../../lib/format'
import styles from './approvals.module.css'

/** An approver's quantities as typed, by product, with what is wrong with any of them. */
export type QuantityEdits = {
  typed: Record<number, string>
  errors: Record<number, string | undefined>
  onChange: (productId: number, text: string) => void
  disabled: boolean
}

const priceNow = (price: number | null) => (price === null ? 'Not available' : formatDollars(price))

/**
 * The order's lines: what each cost when the order was submitted and, while it waits, what it costs today (the
 * price it is placed at). An approver edits the quantities here (0 takes a line out).
 */
export function ApprovalLines({ approval, edits }: { approval: Approval; edits?: QuantityEdits }) {
  const awaiting = approval.status === 'awaiting'
  return (
    <section className={styles.lines} aria-labelledby="approval-lines">
      <h2 id="approval-lines">Items</h2>
      <table className={`${table.table} ${table.compact}`}>
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Description</th>
            <th scope="col" className={table.num}>
              Quantity
            </th>
            <th scope="col" className={table.num}>
              Price submitted (ex GST)
            </th>
            {awaiting && (
              <th scope="col" className={table.num}>
                Price today (ex GST)
              </th>
            )}
            <th scope="col" className={table.num}>
              Total submitted (inc GST)
            </th>
            {awaiting && (
              <th scope="col" className={table.num}>
                Total today (inc GST)
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {approval.lines.map((line) => {
            const changed = awaiting && line.CurrentPrice !== line.SubmittedPrice
            const error = edits?.errors[line.ProductID]
            const errorId = `approval-line-${line.ProductID}-error`
            return (
              <tr key={line.ProductID}>
                <td data-label="Code" data-wide="" className={table.nowrap}>
                  {line.ProductCode}
                </td>
                <td data-label="Description" data-wide="">
                  <Link to={`/product/${line.ProductID}`}>{line.Description}</Link>
                </td>
                <td data-label="Quantity" className={table.num}>
                  {edits ? (
                    <span className={styles.quantity}>
                      <input
                        className={styles.qty}
                        aria-label={`Quantity of ${line.Description}`}
                        inputMode="numeric"
                        autoComplete="off"
                        value={edits.typed[line.ProductID] ?? ''}
                        onChange={(event) => edits.onChange(line.ProductID, event.target.value)}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? errorId : undefined}
                        disabled={edits.disabled}
                      />
                      {error && (
                        <span id={errorId} className={styles.error} role="alert">
                          {error}
                        </span>
                      )}
                    </span>
                  ) : (
                    line.Quantity.toLocaleString('en-AU')
                  )}
                </td>
                <td data-label="Price submitted (ex GST)" className={table.num}>
                  {formatDollars(line.SubmittedPrice)}
                </td>
                {awaiting && (
                  <td data-label="Price today (ex GST)" className={`${table.num} ${changed ? styles.changed : ''}`}>
                    {priceNow(line.CurrentPrice)}
                  </td>
                )}
                <td data-label="Total submitted (inc GST)" className={table.num}>
                  {formatDollars(line.SubmittedTotalInc)}
                </td>
                {awaiting && (
                  <td data-label="Total today (inc GST)" className={`${table.num} ${changed ? styles.changed : ''}`}>
                    {priceNow(line.CurrentTotalInc)}
                  </td>
                )}
              </tr>
            )
          })}
        </tbody>
      </table>
      <ApprovalTotals approval={approval} />
    </section>
  )
}

/** The order's totals when submitted and, while it waits, at today's prices (for the quantities submitted). */
function ApprovalTotals({ approval }: { approval: Approval }) {
  const today = approval.status === 'awaiting' && approval.CurrentInc !== null && approval.CurrentEx !== null
  return (
    <dl className={styles.totals}>
      <dt>Submitted total ex GST</dt>
      <dd>{formatDollars(approval.SubmittedEx)}</dd>
      <dt className={today ? undefined : styles.grand}>Submitted total inc GST</dt>
      <dd className={today ? undefined : styles.grand}>{formatDollars(approval.SubmittedInc)}</dd>
      {today && (
        <>
          <dt>Total today ex GST</dt>
          <dd>{formatDollars(approval.CurrentEx)}</dd>
          <dt className={styles.grand}>Total today inc GST</dt>
          <dd className={styles.grand}>{formatDollars(approval.CurrentInc)}</dd>
        </>
      )}
    </dl>
  )
}
