import { useEffect, useRef } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Spinner } from '../../../components/ui/spinner'
import { notify } from '../../../components/ui/toast'
import { asSentence } from '../../../lib/format'
import { useCheckoutInfo } from '../api/get-checkout-info'
import { usePendingOrder } from '../api/get-pending-order'
import { emptyCheckout, fromCheckoutInfo, fromPendingDetails } from '../checkout-values'
import { CheckoutForm, type CheckoutFormProps } from './checkout-form'
import styles from './checkout.module.css'

export type CheckoutScreenProps = Omit<CheckoutFormProps, 'initialValues'>

/**
 * /checkout: the three steps and the submit. On the way back from a failed card payment
 * (?error=…&id=…) it says what went wrong and refills the form from the pending order; otherwise the form
 * starts from what was saved with the cart, else from the defaults the server gives: the delivery site,
 * delivery type and carrier of the user's last order, or the account's default site, delivered (decision 0072).
 */
export function CheckoutScreen(props: CheckoutScreenProps) {
  const [params] = useSearchParams()
  const paymentError = params.get('error')
  const pendingId = params.get('id')
  const saved = useCheckoutInfo()
  const pending = usePendingOrder(pendingId)

  const toasted = useRef<string | null>(null)
  useEffect(() => {
    if (!paymentError || toasted.current === paymentError) return
    toasted.current = paymentError
    notify.error(`An error occured while processing payment: ${paymentError}`)
  }, [paymentError])

  const loading = saved.isPending || (pendingId !== null && pending.isPending)
  const initialValues = pending.data
    ? fromPendingDetails(pending.data.orderDetails)
    : saved.data?.checkoutInfo
      ? fromCheckoutInfo(saved.data.checkoutInfo)
      : saved.data?.defaults
        ? fromCheckoutInfo(saved.data.defaults)
        : emptyCheckout
  const empty = props.cartCount === 0

  return (
    <section className="page" aria-labelledby="checkout-heading">
      <title>Checkout</title>
      <h1 id="checkout-heading">Checkout</h1>
      {paymentError && (
        <div className={styles.alert} role="status">
          <strong>Your payment did not go through:</strong> {asSentence(paymentError)} Check the details below and try again.
        </div>
      )}
      {empty ? (
        <div className={styles.empty}>
          <p>You currently have no items in your cart</p>
          <Link to="/">Continue shopping</Link>
        </div>
      ) : loading || props.cartCount === undefined ? (
        <div className={styles.loading}>
          <Spinner label="Loading your checkout" size="large" />
        </div>
      ) : (
        <CheckoutForm key={pending.data?.orderId ?? 'saved'} {...props} initialValues={initialValues} />
      )}
    </section>
  )
}
