import { Link } from 'react-router'
import styles from './checkout.module.css'

/** Resellers (isElders) order through their branch: there is no online checkout for them. */
export function CheckoutUnavailable() {
  return (
    <section className="page" aria-labelledby="checkout-heading">
      <title>Checkout</title>
      <h1 id="checkout-heading">Checkout</h1>
      <div className={styles.unavailable}>
        <p>Online checkout is not available for your account.</p>
        <p>
          Download your cart as a PDF from the <Link to="/cart">Shopping Cart</Link> and send it to your branch to place the order.
        </p>
      </div>
    </section>
  )
}
