import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import type { InvoicePayment } from '@portal/contract/invoice-payments'
import type { PaymentFormData, PaymentSettings } from '@portal/contract/payments'
import { Spinner } from '../../../components/ui/spinner'
import { serverMessage } from '../../../lib/api'
import { asSentence } from '../../../lib/format'
import { ReceiptButton } from '../../account'
import { completeInvoicePayment, createInvoicePaymentSession, getInvoicePayment, useForgetPaidInvoices } from '../api/invoice-payments'
import styles from './card-payment.module.css'
import { GatewayCheckout, SESSION_NOT_FOUND } from './mpgs-checkout'
import { SecurePayCardForm } from './securepay-card-form'

type InvoiceCardPaymentProps = {
  paymentId: string
  /** The card form POST /api/invoice-payments answered; null when the gateway has sent the payer back. */
  formData: PaymentFormData | null
  /** Set when the Mastercard Gateway has sent the payer back with a result. */
  resultIndicator?: string | null
  /** From GET /api/site. */
  payments: PaymentSettings | undefined
  /** Told when the payment turns out to be no longer payable: the form is gone. */
  onClosed?: () => void
}

/** Said instead of the form once the server says the payment of invoices can no longer be made. Nothing was sent. */
function ClosedInvoicePayment({ payment }: { payment: InvoicePayment }) {
  return (
    <div className={styles.panel}>
      {payment.status === 'completed' ? (
        <>
          <p className={styles.closed} role="alert">
            <strong>This payment has already been made.</strong> Your card details were not sent again, so you have not been charged twice.
          </p>
          <ReceiptButton paymentId={payment.paymentId} />
        </>
      ) : (
        <p className={styles.closed} role="alert">
          <strong>This payment can no longer be made:</strong> {asSentence(payment.error ?? 'it did not go through')} Your card details were not sent, so you
          have not been charged.
        </p>
      )}
    </div>
  )
}

/**
 * The card form for a payment of invoices (decision 0090): the card orders' own forms, asking before the card goes
 * whether this is still the user's live payment of invoices. The provider sends the browser back to /invoices.
 */
export function InvoiceCardPayment({ paymentId, formData, resultIndicator = null, payments, onClosed }: InvoiceCardPaymentProps) {
  const navigate = useNavigate()
  const forget = useForgetPaidInvoices()

  const check = useCallback(async () => {
    const payment = await getInvoicePayment(paymentId)
    if (payment.status === 'pending') return null
    forget()
    return <ClosedInvoicePayment payment={payment} />
  }, [forget, paymentId])

  const onResult = useCallback(
    async (sessionID: string | null, indicator: string) => {
      const back = (error: string) => navigate(`/invoices?${new URLSearchParams({ error, payment: paymentId }).toString()}`, { replace: true })
      if (!sessionID) return back(SESSION_NOT_FOUND)
      return completeInvoicePayment({ sessionID, resultIndicator: indicator }).then(
        () => {
          forget()
          return navigate(`/invoices?${new URLSearchParams({ paid: paymentId }).toString()}`, { replace: true })
        },
        (error: unknown) => back(serverMessage(error, 'The payment could not be confirmed')),
      )
    },
    [forget, navigate, paymentId],
  )

  if (!payments) return <Spinner label="Loading" size="large" />
  if (formData?.provider === 'securepay') {
    return (
      <SecurePayCardForm
        action={formData.action}
        fields={formData.fields}
        ipLookupUrl={payments.ipLookupUrl}
        testCards={payments.provider === 'securepay' ? payments.testCards : []}
        check={check}
        onClosed={onClosed}
      />
    )
  }
  return (
    <GatewayCheckout
      paymentId={paymentId}
      resultIndicator={resultIndicator}
      testCards={payments.provider === 'mpgs' ? payments.testCards : []}
      openSession={createInvoicePaymentSession}
      onResult={onResult}
    />
  )
}
