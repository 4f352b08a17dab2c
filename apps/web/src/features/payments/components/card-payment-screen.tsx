import { useState } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import type { CreatePaymentResponse, PaymentSettings } from '@portal/contract/payments'
import { Spinner } from '../../../components/ui/spinner'
import { formatMoney } from '../../../lib/format'
import styles from './card-payment.module.css'
import { MpgsCheckout } from './mpgs-checkout'
import { SecurePayCardForm, useOrderPaymentCheck } from './securepay-card-form'

type CardPaymentScreenProps = {
  /** From GET /api/site. */
  payments: PaymentSettings | undefined
  /** The cart summary's total inc GST, shown unless the payment says its own amount (an order waiting for approval's). */
  total: number | undefined
}

/** The navigation state the checkout hands over: orderId, fingerprint and formData. */
function paymentOf(state: unknown): CreatePaymentResponse | null {
  const s = state as Partial<CreatePaymentResponse> | null
  return s && typeof s.orderId === 'string' && s.formData && typeof s.formData === 'object' ? (s as CreatePaymentResponse) : null
}

/**
 * /card-payment: the total and the card form. SecurePay's form posts straight to the provider; the Mastercard
 * Gateway takes the card on its own page and comes back here (?id=…&resultIndicator=…) to be confirmed.
 */
export function CardPaymentScreen({ payments, total }: CardPaymentScreenProps) {
  const location = useLocation()
  const [params] = useSearchParams()
  const payment = paymentOf(location.state)
  const returningId = params.get('id')
  const orderId = payment?.orderId ?? returningId
  // A payment found no longer payable says where to go instead; the way back to its own checkout goes.
  const [closed, setClosed] = useState(false)
  // What the card is charged, as the server said; the cart's total when it did not (back from the gateway).
  const shown = payment?.amount ?? total

  const body = () => {
    if (!orderId) {
      return (
        <div className={styles.panel}>
          <p>There is no card payment in progress.</p>
          <Link to="/checkout">Back to checkout</Link>
        </div>
      )
    }
    if (!payments) return <Spinner label="Loading" size="large" />
    if (payment?.formData.provider === 'securepay') {
      return (
        <OrderCardForm
          orderId={payment.orderId}
          action={payment.formData.action}
          fields={payment.formData.fields}
          ipLookupUrl={payments.ipLookupUrl}
          testCards={payments.provider === 'securepay' ? payments.testCards : []}
          onClosed={() => setClosed(true)}
        />
      )
    }
    return (
      <MpgsCheckout
        orderId={orderId}
        resultIndicator={params.get('resultIndicator')}
        analyticsHook={payments.analyticsHook}
        testCards={payments.provider === 'mpgs' ? payments.testCards : []}
      />
    )
  }

  return (
    <section className="page" aria-labelledby="card-payment-heading">
      <title>Card Payment</title>
      <div className={styles.header}>
        <h1 id="card-payment-heading">Card Payment</h1>
        <dl className={styles.total}>
          <dt>Total (inc GST)</dt>
          <dd className="money">{shown === undefined ? '…' : `$${formatMoney(shown)}`}</dd>
        </dl>
      </div>
      {body()}
      {orderId && !closed && (
        <p className={styles.back}>
          <Link to={`/checkout?${new URLSearchParams({ id: orderId }).toString()}`}>Back to checkout</Link>
        </p>
      )}
    </section>
  )
}

/** SecurePay's form for a card order: it asks whether the pending order can still become the order. */
function OrderCardForm({ orderId, ...form }: { orderId: string } & Omit<Parameters<typeof SecurePayCardForm>[0], 'check' | 'onSend'>) {
  const { check, onSend } = useOrderPaymentCheck(orderId)
  return <SecurePayCardForm {...form} check={check} onSend={onSend} />
}
