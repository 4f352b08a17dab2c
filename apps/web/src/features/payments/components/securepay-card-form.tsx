import { useEffect, useRef, useState, type FormEvent } from 'react'
import { CARD_ERRORS, validCardNumber, validCvv, validExpiry, type SandboxTestCard } from '@portal/contract/payments'
import { Button } from '../../../components/ui/button'
import { SelectField, TextField } from '../../../components/ui/field'
import { SpinnerOverlay } from '../../../components/ui/spinner'
import { notify } from '../../../components/ui/toast'
import { useClientIp } from '../api/lookup-ip'
import { rememberPendingPurchase } from '../pending-purchase'
import styles from './card-payment.module.css'
import { TestCards } from './test-cards'

type SecurePayCardFormProps = {
  orderId: string
  /** The provider's endpoint and the signed hidden fields from POST /api/payments/create. */
  action: string
  fields: Record<string, string>
  ipLookupUrl: string | null
  testCards: SandboxTestCard[]
}

type Card = { name: string; number: string; month: string; year: string; cvv: string }
type Problem = { field: keyof Card; message: string }

export const NAME_REQUIRED = 'Please enter the name on the card'
/** How long a submitted card form may stay on the page before it is taken as not sent (issue 19, decision 0026). */
export const SUBMIT_TIMEOUT_MS = 8_000
export const paymentError = (text: string) => `An error occured while processing payment: ${text}`
export const BLOCKED_BY_POLICY = (target: string) =>
  `this page is not allowed to send the card form to ${target}. Open the portal at its usual address, or contact us.`
export const NOT_SENT = 'the card form could not be sent to our payment provider. Check your connection and try again.'
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'))

/** Spec section 5: every field is needed, and the first that is wrong says so; nothing is sent until all are right. */
export function cardProblem(card: Card, now = new Date()): Problem | null {
  if (card.name.trim() === '') return { field: 'name', message: NAME_REQUIRED }
  if (!validCardNumber(card.number)) return { field: 'number', message: CARD_ERRORS.number }
  if (!validExpiry(Number(card.month), Number(card.year), now)) return { field: card.month ? 'year' : 'month', message: CARD_ERRORS.expiry }
  if (!validCvv(card.cvv)) return { field: 'cvv', message: CARD_ERRORS.cvv }
  return null
}

/**
 * SecurePay Direct Post: the card details go from this form straight to the provider, never to the portal.
 * The portal signed the hidden fields; the provider sends the browser back to /api/payments/callback.
 */
export function SecurePayCardForm({ orderId, action, fields, ipLookupUrl, testCards }: SecurePayCardFormProps) {
  const formRef = useRef<HTMLFormElement>(null)
  const submitting = useRef(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [card, setCard] = useState<Card>({ name: '', number: '', month: '', year: '', cvv: '' })
  const { data: ip } = useClientIp(ipLookupUrl)
  const thisYear = new Date().getFullYear()
  const years = Array.from({ length: 10 }, (_, i) => String(thisYear + i))

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

  const set = (key: keyof Card) => (event: { target: { value: string } }) => {
    const value = key === 'number' ? event.target.value.replace(/\D/g, '').slice(0, 16) : event.target.value
    setCard((c) => ({ ...c, [key]: value }))
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (submitting.current) return
    submitting.current = true
    setBusy(true)
    const problem = cardProblem(card)
    if (problem) {
      notify.error(problem.message)
      submitting.current = false
      setBusy(false)
      formRef.current?.querySelector<HTMLElement>(`[data-card-field="${problem.field}"]`)?.focus()
      return
    }
    rememberPendingPurchase(orderId)
    setFailure(null)
    watchSubmission()
    // A native submit: the browser posts the card form to the provider, which is the whole point.
    formRef.current?.submit()
  }

  return (
    <div className={styles.layout}>
      <form ref={formRef} className={styles.panel} method="post" action={action} onSubmit={submit} noValidate aria-busy={busy}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {ip && <input type="hidden" name="EPS_IP" value={ip} />}
        {/* The name is checked here but not sent: Direct Post has no field for it. */}
        <TextField label="Name On Card" required autoComplete="cc-name" data-card-field="name" value={card.name} onChange={set('name')} />
        <TextField
          label="Card Number"
          required
          name="EPS_CARDNUMBER"
          inputMode="numeric"
          autoComplete="cc-number"
          data-card-field="number"
          value={card.number}
          onChange={set('number')}
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
          >
            <option value="">MM</option>
            {MONTHS.map((m) => (
              <option key={m} value={m}>
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
      {testCards.length > 0 && <TestCards cards={testCards} onUse={(number) => setCard((c) => ({ ...c, number }))} />}
      {busy && <SpinnerOverlay label="Processing your payment" />}
    </div>
  )
}
