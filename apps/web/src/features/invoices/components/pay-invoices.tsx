import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { InvoicePayment, OpenInvoice } from '@portal/contract/invoice-payments'
import type { PaymentFormData, PaymentSettings } from '@portal/contract/payments'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import table from '../../../components/ui/table.module.css'
import { ApiError, serverMessage } from '../../../lib/api'
import { asSentence, formatDate, formatDollars } from '../../../lib/format'
import { ReceiptButton } from '../../account'
import { InvoiceCardPayment, useCreateInvoicePayment, useInvoicePayment, useOpenInvoices } from '../../payments'
import { amountProblem, centsOf, isPartlyPaid, newPaymentKey, NOTHING_CHOSEN, totalCents, typedOf, type Choice } from './pay-amounts'
import styles from './pay-invoices.module.css'

export const ASK_ADMINISTRATOR = "To pay invoices online, ask your account's Administrator to allow you."
export const PAY_FAILED = 'Your payment could not be started. Please try again.'
const dollarsOf = (cents: number) => formatDollars(cents / 100)

type Paying = { paymentId: string; reference: string; formData: PaymentFormData; amount: number; invoices: string[] }

/** ?paid={id}: the payment, what it was applied to, and its receipt. Paid or partly paid as what is open now says. */
function PaidMessage({ paymentId, open }: { paymentId: string; open: OpenInvoice[] | undefined }) {
  const payment = useInvoicePayment(paymentId)
  if (payment.isPending) return <Spinner label="Loading your payment" />
  if (!payment.data) return null
  const p: InvoicePayment = payment.data
  if (p.status !== 'completed') return null
  const still = (id: number) => open?.find((i) => i.InvoiceID === id)
  return (
    <div className={styles.paid} role="status">
      <p>
        <strong>Thank you. Your payment of {formatDollars(p.amount)} was made.</strong> Reference {p.reference}. A receipt has been e-mailed to you, and your
        balance shows the payment until our accounts have processed it.
      </p>
      <ul className={styles.applied}>
        {p.invoices.map((i) => {
          const owing = still(i.InvoiceID)
          return (
            <li key={i.InvoiceID}>
              {i.Invoice}: {formatDollars(i.Amount)} paid{open ? (owing ? `, partly paid, ${formatDollars(owing.Open)} still owing` : ', paid in full') : ''}
            </li>
          )
        })}
      </ul>
      <ReceiptButton paymentId={p.paymentId} />
    </div>
  )
}

/**
 * The open invoices (what is owing on each) and, for the users who may pay (Administrators, and Users their
 * Administrator allows), a choice of invoices and amounts paid by card through the card orders' own forms. The
 * provider sends the browser back here: ?paid={id}, ?error=…&payment={id}, or from the gateway ?payment={id}.
 */
export function PayInvoices({ payments }: { payments: PaymentSettings | undefined }) {
  const [params, setParams] = useSearchParams()
  const paid = params.get('paid')
  const returned = params.get('payment')
  const resultIndicator = params.get('resultIndicator')
  const error = params.get('error')
  const open = useOpenInvoices()
  const create = useCreateInvoicePayment()
  const [choices, setChoices] = useState<Map<number, Choice>>(new Map())
  const [touched, setTouched] = useState<Set<number>>(new Set())
  const [attempted, setAttempted] = useState(false)
  const [failure, setFailure] = useState<string | null>(error ? `Your payment did not go through: ${asSentence(error)}` : null)
  const [serverProblems, setServerProblems] = useState<Map<number, string>>(new Map())
  const [paying, setPaying] = useState<Paying | null>(null)
  const formRef = useRef<HTMLFormElement>(null)

  // Back with an error: the invoices and amounts of the payment that did not go through are chosen again.
  const failed = useInvoicePayment(error && returned ? returned : null)
  const restored = useRef(false)
  useEffect(() => {
    if (restored.current || !failed.data || !open.data) return
    restored.current = true
    const next = new Map<number, Choice>()
    for (const i of failed.data.invoices) {
      const invoice = open.data.invoices.find((o) => o.InvoiceID === i.InvoiceID)
      if (invoice) next.set(i.InvoiceID, { chosen: true, amount: typedOf(Math.min(i.Amount, invoice.Open)) })
    }
    setChoices(next)
  }, [failed.data, open.data])

  if (returned && resultIndicator && !paid && !error) {
    // Back from the Mastercard Gateway's payment page: the result is confirmed with the server.
    return (
      <section className={styles.section} aria-labelledby="pay-heading">
        <h2 id="pay-heading">Pay invoices</h2>
        <InvoiceCardPayment paymentId={returned} formData={null} resultIndicator={resultIndicator} payments={payments} />
      </section>
    )
  }
  if (!open.data) return paid ? <PaidMessage paymentId={paid} open={undefined} /> : null

  const { canPay, invoices } = open.data
  const choiceOf = (invoice: OpenInvoice): Choice => choices.get(invoice.InvoiceID) ?? { chosen: false, amount: typedOf(invoice.Open) }
  const problemOf = (invoice: OpenInvoice) => {
    const choice = choiceOf(invoice)
    if (!choice.chosen || !(attempted || touched.has(invoice.InvoiceID))) return null
    return amountProblem(invoice, choice.amount) ?? serverProblems.get(invoice.InvoiceID) ?? null
  }
  const chosen = invoices.filter((i) => choiceOf(i).chosen)
  const total = totalCents(invoices, new Map(invoices.map((i) => [i.InvoiceID, choiceOf(i)])))
  const allChosen = invoices.length > 0 && chosen.length === invoices.length

  const change = (invoice: OpenInvoice, next: Partial<Choice>) => {
    setChoices((current) => new Map(current).set(invoice.InvoiceID, { ...choiceOf(invoice), ...next }))
    setServerProblems((current) => {
      const rest = new Map(current)
      rest.delete(invoice.InvoiceID)
      return rest
    })
    if (next.chosen) setFailure(null)
  }
  const chooseAll = (on: boolean) => setChoices(new Map(invoices.map((i) => [i.InvoiceID, { ...choiceOf(i), chosen: on }])))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (create.isPending) return
    setAttempted(true)
    if (chosen.length === 0) {
      setFailure(NOTHING_CHOSEN)
      return
    }
    const wrong = chosen.find((i) => amountProblem(i, choiceOf(i).amount))
    if (wrong) {
      setFailure(null)
      formRef.current?.querySelector<HTMLElement>(`[data-invoice="${wrong.InvoiceID}"]`)?.focus()
      return
    }
    setFailure(null)
    // A new payment leaves the last one's result behind.
    if (params.size > 0) setParams({}, { replace: true })
    const body = {
      invoices: chosen.map((i) => ({ InvoiceID: i.InvoiceID, Amount: (centsOf(choiceOf(i).amount) ?? 0) / 100 })),
      amount: total / 100,
    }
    create.mutate(
      { body, idempotencyKey: newPaymentKey() },
      {
        onSuccess: (created) => setPaying({ ...created, invoices: chosen.map((i) => i.Invoice) }),
        onError: (err) => {
          // An amount the server refuses (more than is now owing) is said at its field.
          const at = err instanceof ApiError ? (err.fields ?? []).filter((f) => /^invoices\.\d+\.Amount$/.test(f.field)) : []
          if (at.length > 0) {
            setServerProblems(new Map(at.map((f) => [chosen[Number(f.field.split('.')[1])]!.InvoiceID, f.message])))
            setFailure(null)
          } else {
            setFailure(serverMessage(err, PAY_FAILED))
          }
        },
      },
    )
  }

  if (paying) {
    return (
      <section className={styles.section} aria-labelledby="pay-heading">
        <h2 id="pay-heading">Pay {formatDollars(paying.amount)} by card</h2>
        <p className={styles.lead}>
          For {paying.invoices.join(', ')}. Reference {paying.reference}.
        </p>
        <InvoiceCardPayment paymentId={paying.paymentId} formData={paying.formData} payments={payments} />
        <p className={styles.back}>
          <Button variant="secondary" onClick={() => setPaying(null)}>
            Change what to pay
          </Button>
        </p>
      </section>
    )
  }

  return (
    <>
      {paid && <PaidMessage paymentId={paid} open={invoices} />}
      {params.get('cancelled') && !paid && !error && (
        <p className={styles.note} role="status">
          You left the payment page, so nothing was paid.
        </p>
      )}
      <section className={styles.section} aria-labelledby="pay-heading">
        <h2 id="pay-heading">Open invoices</h2>
        {invoices.length === 0 ? (
          <p className={styles.lead}>Nothing is owing on your invoices.</p>
        ) : (
          <form ref={formRef} onSubmit={submit} noValidate>
            <p className={styles.lead}>
              {canPay ? 'Choose the invoices to pay and how much of each, then pay by card.' : `What is owing on your invoices. ${ASK_ADMINISTRATOR}`}
            </p>
            <table className={`${table.table} ${table.compact} ${styles.table}`}>
              <thead>
                <tr>
                  {canPay && (
                    <th scope="col" className={styles.pick}>
                      <input type="checkbox" aria-label="Choose all open invoices" checked={allChosen} onChange={(e) => chooseAll(e.target.checked)} />
                    </th>
                  )}
                  <th scope="col">Invoice #</th>
                  <th scope="col">Due Date</th>
                  <th scope="col" className={table.num}>
                    Amount Inc GST
                  </th>
                  <th scope="col" className={table.num}>
                    Owing
                  </th>
                  {canPay && (
                    <th scope="col" className={table.num}>
                      Amount to Pay
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {invoices.map((invoice) => {
                  const choice = choiceOf(invoice)
                  const problem = problemOf(invoice)
                  const messageId = `pay-${invoice.InvoiceID}-error`
                  return (
                    <tr key={invoice.InvoiceID}>
                      {canPay && (
                        <td className={styles.pick}>
                          <input
                            type="checkbox"
                            aria-label={`Pay ${invoice.Invoice}`}
                            checked={choice.chosen}
                            onChange={(e) => change(invoice, { chosen: e.target.checked })}
                          />
                        </td>
                      )}
                      <td data-label="Invoice #">
                        <Link to={`/invoice/${encodeURIComponent(invoice.Invoice)}`}>{invoice.Invoice}</Link>
                        {isPartlyPaid(invoice) && <span className={styles.partly}>Partly paid</span>}
                      </td>
                      <td data-label="Due Date" className={table.nowrap}>
                        {formatDate(invoice.DueDate)}
                      </td>
                      <td data-label="Amount Inc GST" className={table.num}>
                        {formatDollars(invoice.Amount)}
                      </td>
                      <td data-label="Owing" className={table.num}>
                        {formatDollars(invoice.Open)}
                      </td>
                      {canPay && (
                        <td data-label="Amount to Pay" data-wide="" className={styles.amountCell}>
                          <input
                            className={styles.amount}
                            inputMode="decimal"
                            data-invoice={invoice.InvoiceID}
                            aria-label={`Amount to pay for ${invoice.Invoice}`}
                            aria-invalid={problem ? true : undefined}
                            aria-describedby={problem ? messageId : undefined}
                            disabled={!choice.chosen}
                            value={choice.amount}
                            onChange={(e) => change(invoice, { amount: e.target.value })}
                            onBlur={() => setTouched((t) => new Set(t).add(invoice.InvoiceID))}
                          />
                          {problem && (
                            <span id={messageId} className={styles.problem} role="alert">
                              {problem}
                            </span>
                          )}
                        </td>
                      )}
                    </tr>
                  )
                })}
              </tbody>
            </table>
            {canPay && (
              <div className={styles.footer}>
                <dl className={styles.total}>
                  <dt>Total to pay</dt>
                  <dd className="money">{dollarsOf(total)}</dd>
                </dl>
                {failure && (
                  <p className={styles.failure} role="alert">
                    {failure}
                  </p>
                )}
                <Button type="submit" disabled={create.isPending}>
                  {create.isPending ? 'Preparing your payment...' : 'Pay by card'}
                </Button>
              </div>
            )}
          </form>
        )}
      </section>
    </>
  )
}
