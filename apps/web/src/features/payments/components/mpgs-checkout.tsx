import { useCallback, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import type { SandboxTestCard } from '@portal/contract/payments'
import { Button } from '../../../components/ui/button'
import { SpinnerOverlay } from '../../../components/ui/spinner'
import { notify } from '../../../components/ui/toast'
import { trackPurchase } from '../../../lib/analytics'
import { serverMessage } from '../../../lib/api'
import { useCompletePayment } from '../api/complete-payment'
import { useCreatePaymentSession } from '../api/create-payment-session'
import { loadCheckoutScript } from '../checkout-script'
import { forgetPendingPurchase, gatewaySession, rememberGatewaySession, rememberPendingPurchase } from '../pending-purchase'
import styles from './card-payment.module.css'
import { paymentError } from './securepay-card-form'
import { TestCards } from './test-cards'

type MpgsCheckoutProps = {
  orderId: string
  /** Set when the gateway has sent the payer back with a result. */
  resultIndicator: string | null
  analyticsHook: string
  testCards: SandboxTestCard[]
}

/**
 * Mastercard Gateway Hosted Checkout: a session for the pending order, the gateway's checkout.min.js and its
 * payment page. Its callbacks: an error is reported, a cancel is ignored (the payer can try again), a
 * completion (or the payer coming back with a resultIndicator) is handed to the server to confirm.
 */
export function MpgsCheckout({ orderId, resultIndicator, analyticsHook, testCards }: MpgsCheckoutProps) {
  const navigate = useNavigate()
  const session = useCreatePaymentSession()
  const { mutateAsync: completeAsync } = useCompletePayment()
  const [busy, setBusy] = useState(false)
  const completing = useRef(false)

  const complete = useCallback(
    (indicator: string) => {
      if (completing.current) return
      completing.current = true
      setBusy(true)
      const back = (error: string) => navigate(`/checkout?${new URLSearchParams({ error, id: orderId }).toString()}`, { replace: true })
      const sessionID = gatewaySession(orderId)
      if (!sessionID) {
        void back('The payment session was not found. Please try again')
        return
      }
      completeAsync({ sessionID, resultIndicator: indicator }).then(
        ({ order }) => {
          trackPurchase(analyticsHook, order)
          forgetPendingPurchase()
          void navigate(`/orders?${new URLSearchParams({ approved: order.SalesOrder }).toString()}`, { replace: true })
        },
        (error: unknown) => void back(serverMessage(error, 'The payment could not be confirmed')),
      )
    },
    [analyticsHook, completeAsync, navigate, orderId],
  )

  // Back from the gateway's payment page with its answer.
  useEffect(() => {
    if (resultIndicator) complete(resultIndicator)
  }, [resultIndicator, complete])

  const pay = async () => {
    if (busy) return
    setBusy(true)
    try {
      const opened = await session.mutateAsync(orderId)
      rememberGatewaySession(orderId, opened.sessionId)
      rememberPendingPurchase(orderId)
      const checkout = await loadCheckoutScript(opened.checkoutScript, {
        error: (error) => {
          notify.error(paymentError(error?.explanation ?? error?.cause ?? 'the payment page reported a problem'))
          setBusy(false)
        },
        cancel: () => setBusy(false),
        complete: (indicator) => complete(indicator),
      })
      checkout.configure({ session: { id: opened.sessionId } })
      checkout.showPaymentPage()
    } catch (error) {
      notify.error(paymentError(serverMessage(error, error instanceof Error ? error.message : 'the payment page could not be opened')))
      setBusy(false)
    }
  }

  return (
    <div className={styles.layout}>
      <div className={styles.panel}>
        <p>You will enter your card details on the secure payment page of our bank, then come back here.</p>
        <Button block onClick={() => void pay()} disabled={busy || resultIndicator !== null}>
          Confirm Payment
        </Button>
      </div>
      {testCards.length > 0 && <TestCards cards={testCards} />}
      {(busy || resultIndicator !== null) && <SpinnerOverlay label={resultIndicator ? 'Confirming your payment' : 'Opening the payment page'} />}
    </div>
  )
}
