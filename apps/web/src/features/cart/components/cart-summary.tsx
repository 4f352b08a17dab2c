import { Link } from 'react-router'
import { formatMoney } from '../../../lib/format'
import { useCartSummary } from '../api/get-cart-summary'
import styles from './cart-summary.module.css'

/** The header's cart: the item count or 'Empty', and the total inc GST; links to the cart. */
export function CartSummaryLink() {
  const { data } = useCartSummary()
  const count = data?.Count ?? 0
  return (
    <Link to="/cart" className={styles.summary}>
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M3 4h2.2l2.1 10.4a1.6 1.6 0 0 0 1.6 1.3h8.4a1.6 1.6 0 0 0 1.6-1.2L20.6 8H6.1"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9.5" cy="19.5" r="1.5" fill="currentColor" />
        <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
      </svg>
      {data ? (
        <span className={styles.text}>
          <span className={styles.count}>
            <span className="sr-only">Cart: </span>
            {count > 0 ? `${count} ${count === 1 ? 'item' : 'items'}` : 'Empty'}
          </span>
          <span className={styles.total}>Total: ${formatMoney(data.Value)}</span>
        </span>
      ) : (
        <span className={styles.text}>
          <span className={styles.count}>Cart</span>
        </span>
      )}
    </Link>
  )
}
