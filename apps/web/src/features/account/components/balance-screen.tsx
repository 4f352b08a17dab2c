import { Spinner } from '../../../components/ui/spinner'
import type { AccountBalance } from '@portal/contract/account'
import table from '../../../components/ui/table.module.css'
import { formatDate, formatDollars } from '../../../lib/format'
import { useSession } from '../../../lib/session'
import { useAccountBalance } from '../api/get-account-balance'
import { useFinancialPeriods } from '../api/get-financial-periods'
import styles from './balance-screen.module.css'
import { ReceiptButton } from './receipt-button'
import { StatementForm } from './statement-form'

/** Balance and statements: the figures, the fixed text, and 'Request a Statement'. */
export function BalanceScreen({ accountsPhone }: { accountsPhone?: string | undefined }) {
  const session = useSession()
  const balance = useAccountBalance()
  const periods = useFinancialPeriods()

  return (
    <section className="page" aria-labelledby="balance-heading">
      <title>Balance</title>
      <h1 id="balance-heading">Balance</h1>
      {balance.isPending ? (
        <Spinner label="Loading your balance" size="large" />
      ) : balance.data ? (
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>Total Account Balance</dt>
            <dd>{formatDollars(balance.data.Total)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>Credit Limit</dt>
            <dd>{formatDollars(balance.data.CreditLimit)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>Trading Terms</dt>
            <dd>
              {balance.data.Terms} {balance.data.Terms === 1 ? 'day' : 'days'}
            </dd>
          </div>
        </dl>
      ) : (
        <p className={styles.muted}>Your balance could not be loaded. Please try again later.</p>
      )}
      {balance.data && balance.data.UnprocessedPayments.length > 0 && <PaymentsNotProcessed balance={balance.data} />}

      <div className={styles.notes}>
        <p>All invoices are due on the 25th of the month following the invoice date.</p>
        <p>Please refer to your latest statement for payments due, and pay any overdue amounts immediately.</p>
        <p>
          To review your credit limit, please contact our accounts receivable team
          {accountsPhone ? (
            <>
              {' '}
              on <a href={`tel:${accountsPhone.replace(/\s+/g, '')}`}>{accountsPhone}</a>
            </>
          ) : null}
          .
        </p>
      </div>

      <StatementForm periods={periods.data ?? []} defaultEmail={session?.user.Email ?? ''} />
    </section>
  )
}

/** Card payments of invoices made in the portal that the ERP has not taken in yet: the balance above does not include them yet. */
function PaymentsNotProcessed({ balance }: { balance: AccountBalance }) {
  return (
    <section className={styles.unprocessed} aria-labelledby="unprocessed-heading">
      <h2 id="unprocessed-heading">Payments not yet processed</h2>
      <p className={styles.muted}>
        Your card payments of invoices come off the balance above once our accounts have processed them. Total not yet processed:{' '}
        <strong className="money">{formatDollars(balance.PaymentsNotProcessed)}</strong>
      </p>
      <table className={`${table.table} ${table.compact}`}>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Reference</th>
            <th scope="col" className={table.num}>
              Amount
            </th>
            <th scope="col">
              <span className="sr-only">Receipt</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {balance.UnprocessedPayments.map((p) => (
            <tr key={p.PaymentID}>
              <td data-label="Date" className={table.nowrap}>
                {formatDate(p.PaidOn)}
              </td>
              <td data-label="Reference">{p.Reference}</td>
              <td data-label="Amount" className={table.num}>
                {formatDollars(p.Amount)}
              </td>
              <td data-label="Receipt">
                <ReceiptButton paymentId={p.PaymentID} label="Receipt (PDF)" aria-label={`Download receipt ${p.Reference} (PDF)`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
