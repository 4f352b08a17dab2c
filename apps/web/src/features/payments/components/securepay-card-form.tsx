import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Link } from 'react-router'
import { CARD_ERRORS, validCardNumber, validCvv, validExpiry, type PendingOrder, type SandboxTestCard } from '@portal/contract/payments'
import { Button } from '../../../components/ui/button'
import { SelectField, TextField } from '../../../components/ui/field'
import { SpinnerOverlay } from '../../../components/ui/spinner'
import { asSentence } from '../../../lib/format'
import { cartKeys } from '../../cart'
import { orderKeys } from '../../orders'
import { getPendingPayment } from '../api/get-pending-payment'
import { useClientIp } from '../api/lookup-ip'
import { rememberPendingPurchase } from '../pending-purchase'
import styles from './card-payment.module.css'
import { TestCards } from './test-cards'

/**
 * What the form pays (a card order, a payment of invoices), asked just before the card goes (decision 0070): null
 * while it can still be paid, otherwise what to say instead of the form. It throws when it cannot be asked.
 */
export type PayableCheck = () => Promise<ReactNode | null>

type SecurePayCardFormProps = {
  /** The provider's endpoint and the signed hidden fields the server answered for the payment. */
  action: string
  fields: Record<string, string>
  ipLookupUrl: string | null
  testCards: SandboxTestCard[]
  check: PayableCheck
  /** Told as the card goes to the provider. */
  onSend?: () => void
  /** Told when the payment turns out to be no longer payable (replaced, declined or already paid): the form is gone. */
  onClosed?: () => void
}

type Card = { name: string; number: string; month: string; year: string; cvv: string }
type CardField = keyof Card
type Problem = { field: CardField; message: string }

export const NAME_REQUIRED = 'Please enter the name on the card'
/** How long a submitted card form may stay on the page before it is taken as not sent (decision 0026). */
export const SUBMIT_TIMEOUT_MS = 8_000
export const paymentError = (text: string) => `An error occured while processing payment: ${text}`
export const BLOCKED_BY_POLICY = (target: string) =>
  `this page is not allowed to send the card form to ${target}. Open the portal at its usual address, or contact us.`
export const NOT_SENT = 'the card form could not be sent to our payment provider. Check your connection and try again.'
/** The payment could not be asked about (offline, a server error): the card is not sent on a guess. */
export const CHECK_FAILED = 'We could not check your payment, so your card details were not sent. Check your connection and try again.'
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'))
const FIELDS: CardField[] = ['name', 'number', 'month', 'year', 'cvv']

/** Whether a month of this year has already gone (the year list starts at this year, so only a month can be past). */
const pastMonth = (month: string, year: string, now: Date) =>
  month !== '' && year !== '' && Number(year) === now.getFullYear() && !validExpiry(Number(month), Number(year), now)

/** What is wrong with one field of the card, or null. An expiry in the past is the month's fault. */
export function fieldProblem(field: CardField, card: Card, now = new Date()): string | null {
  switch (field) {
    case 'name':
      return card.name.trim() === '' ? NAME_REQUIRED : null
    case 'number':
      return validCardNumber(card.number) ? null : CARD_ERRORS.number
    case 'month':
      return card.month === '' || pastMonth(card.month, card.year, now) ? CARD_ERRORS.expiry : null
    case 'year':
      return card.year === '' || Number(card.year) < now.getFullYear() ? CARD_ERRORS.expiry : null
    case 'cvv':
      return validCvv(card.cvv) ? null : CARD_ERRORS.cvv
  }
}

/** Every field is needed, and the first that is wrong says so; nothing is sent until all are right. */
export function cardProblem(card: Card, now = new Date()): Problem | null {
  for (const field of FIELDS) {
    const message = fieldProblem(field, card, now)
    if (message) return { field, message }
  }
  return null
}

/**
 * The one message the form shows after `field` changed to make `card`: a month that has gone this year is
 * refused as soon as both are chosen; a field at fault keeps its message until it is right; the others wait for
 * Confirm Payment.
 */
export function problemAfterChange(current: Problem | null, field: CardField, card: Card, now = new Date()): Problem | null {
  if ((field === 'month' || field === 'year') && pastMonth(card.month, card.year, now)) return { field: 'month', message: CARD_ERRORS.expiry }
  if (!current) return null
  const expiry = (f: CardField) => f === 'month' || f === 'year'
  if (current.field !== field && !(expiry(current.field) && expiry(field))) return current
  const message = fieldProblem(current.field, card, now)
  return message ? { field: current.field, message } : null
}

/**
 * Only a pending payment may still take a card. A failed one was replaced by a newer payment for the cart (it can
 * never become an order) or declined (its units are no longer held: a new payment from the checkout holds them
 * again); a completed one is the order already.
 */
const stillPayable = (p: PendingOrder) => p.status === 'pending'

/**
 * Said instead of the form once the server says the payment can no longer become the order: replaced by a newer
 * payment for the cart (another tab), declined, or paid already. Nothing was sent.
 */
function ClosedOrderPayment({ payment }: { payment: PendingOrder }) {
  if (payment.status === 'completed') {
    const order = payment.SalesOrder ?? payment.order?.SalesOrder ?? null
    return (
      <div className={styles.layout}>
        <div className={styles.panel}>
          <p className={styles.closed} role="alert">
            <strong>This payment has already been made{order ? ` and your order is ${order}` : ''}.</strong> Your card details were not sent again, so you have
            not been charged twice.
          </p>
          <Link to={order ? `/orders/${encodeURIComponent(order)}` : '/orders'}>{order ? `View order ${order}` : 'View your orders'}</Link>
        </div>
      </div>
    )
  }
  return (
    <div className={styles.layout}>
      <div className={styles.panel}>
        <p className={styles.closed} role="alert">
          <strong>This payment can no longer be made:</strong> {asSentence(payment.error ?? 'it did not go through')} Your card details were not sent, so you
          have not been charged.
        </p>
        <Link to="/checkout">Back to checkout</Link>
      </div>
    </div>
  )
}

/** A card order's check: is this still the payment that can become the order? */
export function useOrderPaymentCheck(orderId: string): { check: PayableCheck; onSend: () => void } {
  const client = useQueryClient()
  return {
    check: async () => {
      const payment = await getPendingPayment(orderId)
      if (stillPayable(payment)) return null
      // What replaced or completed it happened elsewhere (another tab): this tab's cart and orders are out of date.
      void client.invalidateQueries({ queryKey: cartKeys.all })
      void client.invalidateQueries({ queryKey: orderKeys.all })
      return <ClosedOrderPayment payment={payment} />
    },
    onSend: () => rememberPendingPurchase(orderId),
  }
}

/**
 * SecurePay Direct Post: the card details go from this form straight to the provider, never to the portal.
 * The portal signed the hidden fields; the provider sends the browser back to /api/payments/callback.
 */
export function SecurePayCardForm({ action, fields, ipLookupUrl, testCards, check, onSend, onClosed }: SecurePayCardFormProps) {
  const formRef = useRef<HTMLFormElement>(null)
  const submitting = useRef(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [problem, setProblem] = useState<Problem | null>(null)
  const [closed, setClosed] = useState<ReactNode | null>(null)
  const [card, setCard] = useState<Card>({ name: '', number: '', month: '', year: '', cvv: '' })
  const { data: ip } = useClientIp(ipLookupUrl)
  const now = new Date()
  const thisYear = now.getFullYear()
  const years = Array.from({ length: 10 }, (_, i) => String(thisYear + i))
  // With this year chosen, the months already gone cannot be picked.
  const gone = (month: string) => card.year === String(thisYear) && pastMonth(month, card.year, now)
  const errorOf = (field: CardField) => (problem?.field === field ? problem.message : undefined)

  const stopWatching = useRef<() => void>(() => {})

  // Back from the provider's page through the browser's history: the form is usable again.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (!event.persisted) return
      stopWatching.current()
      submitting.current = false
      setBusy(false)
    }
    window.addEventListener('pageshow', reset)
    return () => {
      window.removeEventListener('pageshow', reset)
      stopWatching.current()
    }
  }, [])

  /**
   * A submitted form normally leaves the page. When it does not (a content security policy, an extension,
   * a dead network), the spinner does not turn forever: a policy violation says so at once, and otherwise
   * the form gives up after SUBMIT_TIMEOUT_MS. The same signed fields (the same pending order and reference)
   * are posted again on a retry, so the provider sees one payment, not two.
   */
  const watchSubmission = () => {
    stopWatching.current()
    const stop = () => {
      window.clearTimeout(timer)
      document.removeEventListener('securitypolicyviolation', onViolation)
      window.removeEventListener('pagehide', stop)
      stopWatching.current = () => {}
    }
    const fail = (error: string) => {
      stop()
      submitting.current = false
      setBusy(false)
      // Kept on the form until the next try: a toast would be gone before a slow reader has read it.
      setFailure(paymentError(error))
    }
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      const directive = event.effectiveDirective || event.violatedDirective || ''
      if (!directive.startsWith('form-action')) return
      let target = 'our payment provider'
      try {
        target = new URL(event.blockedURI).origin
      } catch {
        // blockedURI may be empty or a keyword: the generic name will do.
      }
      fail(BLOCKED_BY_POLICY(target))
    }
    const timer = window.setTimeout(() => fail(NOT_SENT), SUBMIT_TIMEOUT_MS)
    document.addEventListener('securitypolicyviolation', onViolation)
    window.addEventListener('pagehide', stop)
    stopWatching.current = stop
  }

  const change = (key: CardField, raw: string) => {
    const value = key === 'number' ? raw.replace(/\D/g, '').slice(0, 16) : raw
    const next = { ...card, [key]: value }
    setCard(next)
    setProblem((current) => problemAfterChange(current, key, next))
  }
  const set = (key: CardField) => (event: { target: { value: string } }) => change(key, event.target.value)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (submitting.current) return
    const wrong = cardProblem(card)
    if (wrong) {
      // One message, at the field at fault, which gets the focus.
      setFailure(null)
      setProblem(wrong)
      formRef.current?.querySelector<HTMLElement>(`[data-card-field="${wrong.field}"]`)?.focus()
      return
    }
    submitting.current = true
    setBusy(true)
    setProblem(null)
    setFailure(null)
    // Just before the card goes: can this payment still be made? A newer payment (another tab) replaces it, and a
    // card charged for a replaced or paid one makes nothing.
    let closing: ReactNode | null
    try {
      closing = await check()
    } catch {
      submitting.current = false
      setBusy(false)
      setFailure(CHECK_FAILED)
      return
    }
    if (closing !== null) {
      submitting.current = false
      setBusy(false)
      setClosed(closing)
      onClosed?.()
      return
    }
    onSend?.()
    watchSubmission()
    // A native submit: the browser posts the card form to the provider, which is the whole point.
    formRef.current?.submit()
  }

  if (closed !== null) return closed

  return (
    <div className={styles.layout}>
      <form ref={formRef} className={styles.panel} method="post" action={action} onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {ip && <input type="hidden" name="EPS_IP" value={ip} />}
        {/* The name is checked here but not sent: Direct Post has no field for it. */}
        <TextField
          label="Name On Card"
          required
          autoComplete="cc-name"
          data-card-field="name"
          value={card.name}
          onChange={set('name')}
          error={errorOf('name')}
        />
        <TextField
          label="Card Number"
          required
          name="EPS_CARDNUMBER"
          inputMode="numeric"
          autoComplete="cc-number"
          data-card-field="number"
          value={card.number}
          onChange={set('number')}
          error={errorOf('number')}
        />
        <div className={styles.expiry}>
          <SelectField
            label="Card Expiry Month"
            required
            name="EPS_EXPIRYMONTH"
            autoComplete="cc-exp-month"
            data-card-field="month"
            value={card.month}
            onChange={set('month')}
            error={errorOf('month')}
          >
            <option value="">MM</option>
            {MONTHS.map((m) => (
              <option key={m} value={m} disabled={gone(m)}>
                {m}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Card Expiry Year"
            required
            name="EPS_EXPIRYYEAR"
            autoComplete="cc-exp-year"
            data-card-field="year"
            value={card.year}
            onChange={set('year')}
            error={errorOf('year')}
          >
            <option value="">YYYY</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </SelectField>
        </div>
        <TextField
          label="CVS"
          required
          name="EPS_CCV"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={3}
          className={styles.cvv}
          data-card-field="cvv"
          value={card.cvv}
          onChange={set('cvv')}
          error={errorOf('cvv')}
        />
        {failure && (
          <p className={styles.failure} role="alert">
            {failure}
          </p>
        )}
        <Button type="submit" block disabled={busy}>
          Confirm Payment
        </Button>
        <p className={styles.secure}>Your card details go straight to our payment provider; we never see or keep them.</p>
      </form>
      {testCards.length > 0 && <TestCards cards={testCards} onUse={(number) => change('number', number)} />}
      {busy && <SpinnerOverlay label="Processing your payment" />}
    </div>
  )
}
