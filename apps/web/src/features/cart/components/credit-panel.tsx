import type { AccountCredit } from '@portal/contract/checkout'
import { formatMoney } from '../../../lib/format'
import styles from './credit-panel.module.css'

/** Where an order of `total` (inc GST) stands against the account's credit. */
export type CreditStanding = 'onHold' | 'blocked' | 'warned' | 'within'

export function creditStanding(credit: AccountCredit, total: number | undefined): CreditStanding {
  if (credit.OnHold) return 'onHold'
  if (total === undefined || credit.CreditMode === null || Math.round(total * 100) <= Math.round(credit.AvailableCredit * 100)) return 'within'
  return credit.CreditMode === 'block' ? 'blocked' : 'warned'
}

const money = (dollars: number) => `${dollars < 0 ? '-' : ''}$${formatMoney(Math.abs(dollars))}`

type CreditPanelProps = {
  credit: AccountCredit
  /** The cart's total inc GST, which an order on account counts against the available credit. */
  total: number | undefined
  /** Where the panel is: the cart says what checkout will ask, the checkout asks it. */
  place: 'cart' | 'checkout'
}

/**
 * An account on terms' credit (decision 0086): its limit, the ERP's balance, the portal's orders not yet invoiced
 * and what is available, and what that means for this cart: on hold, past the limit (refused or to confirm).
 */
export function CreditPanel({ credit, total, place }: CreditPanelProps) {
  const standing = creditStanding(credit, total)
  return (
    <section className={styles.panel} aria-labelledby={`credit-${place}`}>
      <h2 id={`credit-${place}`} className={styles.heading}>
        Your credit
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>Credit limit</dt>
          <dd className="money">{money(credit.CreditLimit)}</dd>
        </div>
        <div>
          <dt>Balance</dt>
          <dd className="money">{money(credit.Balance)}</dd>
        </div>
        <div>
          <dt>Orders not yet invoiced</dt>
          <dd className="money">{money(credit.NotYetInvoiced)}</dd>
        </div>
        <div className={styles.available}>
          <dt>Available credit</dt>
          <dd className="money">{money(credit.AvailableCredit)}</dd>
        </div>
      </dl>
      {standing === 'onHold' && (
        <p className={styles.stop} role="alert">
          Your account is on hold, so orders cannot be placed on account. Please call our accounts team on {credit.AccountsPhone} to sort it out.
        </p>
      )}
      {standing === 'blocked' && (
        <p className={styles.stop} role="alert">
          This order is more than your available credit, so it cannot be placed on account. Please call our accounts team on {credit.AccountsPhone} to make a
          payment or arrange more credit, or make the order smaller.
        </p>
      )}
      {standing === 'warned' && (
        <p className={styles.warn} role="status">
          This order takes your account past its credit limit.{' '}
          {place === 'cart' ? 'You will be asked to confirm it at checkout.' : 'Confirm below to place it anyway.'}
        </p>
      )}
    </section>
  )
}
