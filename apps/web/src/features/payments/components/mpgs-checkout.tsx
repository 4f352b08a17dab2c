import { useCallback, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import type { PaymentSession, SandboxTestCard } from '@portal/contract/payments'
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

export const SESSION_NOT_FOUND = 'The payment session was not found. Please try again'

type GatewayCheckoutProps = {
  /** The payment being made (a pending order's, or a payment of invoices'): its session is kept under it. */
  paymentId: string
  /** Set when the gateway has sent the payer back with a result. */
  resultIndicator: string | null
  testCards: SandboxTestCard[]
  /** Opens the gateway's hosted checkout session for the payment. */
  openSession: (paymentId: string) => Promise<PaymentSession>
  /** Told once the payment page is about to open. */
  onOpened?: () => void
  /** Hands the result to the server and goes wherever it leads; a session the tab no longer knows is null. */
  onResult: (sessionID: string | null, resultIndicator: string) => Promise<unknown>
}

/**
 * Mastercard Gateway Hosted Checkout: a session for the payment, the gateway's checkout.min.js and its payment
 * page. Its callbacks: an error is reported, a cancel is ignored (the payer can try again), a completion (or the
 * payer coming back with a resultIndicator) is handed to the server to confirm.
 */
export function GatewayCheckout({ paymentId, resultIndicator, testCards, openSession, onOpened, onResult }: GatewayCheckoutProps) {
  const [busy, setBusy] = useState(false)
  const completing = useRef(false)

  const complete = useCallback(
    (indicator: string) => {
      if (completing.current) return
      completing.current = true
      setBusy(true)
      void onResult(gatewaySession(paymentId), indicator)
    },
    [onResult, paymentId],
  )

  // Back from the gateway's payment page with its answer.
  useEffect(() => {
    if (resultIndicator) complete(resultIndicator)
  }, [resultIndicator, complete])

  const pay = async () => {
    if (busy) return
    setBusy(true)
    try {
      const opened = await openSession(paymentId)
      rememberGatewaySession(paymentId, opened.sessionId)
      onOpened?.()
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

type MpgsCheckoutProps = {
  orderId: string
  resultIndicator: string | null
  analyticsHook: string
  testCards: SandboxTestCard[]
}

/** The gateway for a card order: confirmed, the order is reported to analytics and shown; refused, back to the checkout. */
export function MpgsCheckout({ orderId, resultIndicator, analyticsHook, testCards }: MpgsCheckoutProps) {
  const navigate = useNavigate()
  const session = useCreatePaymentSession()
  const { mutateAsync: completeAsync } = useCompletePayment()

  const onResult = useCallback(
    async (sessionID: string | null, indicator: string) => {
      const back = (error: string) => navigate(`/checkout?${new URLSearchParams({ error, id: orderId }).toString()}`, { replace: true })
      if (!sessionID) return back(SESSION_NOT_FOUND)
      return completeAsync({ sessionID, resultIndicator: indicator }).then(
        ({ order }) => {
          trackPurchase(analyticsHook, order)
          forgetPendingPurchase()
          return navigate(`/orders?${new URLSearchParams({ approved: order.SalesOrder }).toString()}`, { replace: true })
        },
        (error: unknown) => back(serverMessage(error, 'The payment could not be confirmed')),
      )
    },
    [analyticsHook, completeAsync, navigate, orderId],
  )

  return (
    <GatewayCheckout
      paymentId={orderId}
      resultIndicator={resultIndicator}
      testCards={testCards}
      openSession={session.mutateAsync}
      onOpened={() => rememberPendingPurchase(orderId)}
      onResult={onResult}
    />
  )
}
