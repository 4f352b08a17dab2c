import { Spinner } from '../../../components/ui/spinner'
import { formatDollars } from '../../../lib/format'
import { useSession } from '../../../lib/session'
import { useAccountBalance } from '../api/get-account-balance'
import { useFinancialPeriods } from '../api/get-financial-periods'
import styles from './balance-screen.module.css'
import { StatementForm } from './statement-form'

/** Balance and statements (spec section 2): the figures, the fixed text, and 'Request a Statement'. */
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
