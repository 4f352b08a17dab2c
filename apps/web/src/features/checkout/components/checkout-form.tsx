import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef, useState } from 'react'
import { FormProvider, useForm, useWatch } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { CREDIT_ERRORS } from '@portal/contract/checkout'
import { Button } from '../../../components/ui/button'
import { useOnline } from '../../../lib/connection'
import { useSession } from '../../../lib/session'
import { TextAreaField, TextField } from '../../../components/ui/field'
import { SpinnerOverlay } from '../../../components/ui/spinner'
import { notify } from '../../../components/ui/toast'
import { trackPurchase } from '../../../lib/analytics'
import { ApiError, serverMessage } from '../../../lib/api'
import { formatMoney } from '../../../lib/format'
import { sentForApprovalState } from '../../approvals'
import { CreditPanel, creditStanding, useAccountCredit, useCartItems } from '../../cart'
import { justPlacedState } from '../../orders'
import { useCreatePayment } from '../api/create-payment'
import { isSentForApproval, usePlaceOrder } from '../api/place-order'
import { useSaveCheckoutInfo } from '../api/save-checkout-info'
import { useSendPaymentLink } from '../api/send-payment-link'
import {
  CheckoutFormSchema,
  FIELD_LIMITS,
  newIdempotencyKey,
  toCheckoutInfo,
  toOrderBody,
  toPendingDetails,
  type CheckoutValues,
  type ValidCheckout,
} from '../checkout-values'
import { DeliverySiteFields, ShippingFields } from './delivery-fields'
import styles from './checkout.module.css'

export type CheckoutFormProps = {
  initialValues: CheckoutValues
  /** Cash-sale accounts pay by card: 'Make Payment' instead of 'Complete Order'. */
  isCash: boolean
  accountName: string
  /** The branch the cart belongs to, which supplies the order. */
  warehouse: string
  branchName: string
  cartCount: number | undefined
  /** The cart summary's total inc GST: what a card payment is for. */
  cartTotal: number | undefined
  /** The window array purchase events go to. */
  analyticsHook: string
}

const SAVE_DELAY_MS = 800
const ORDER_FAILED = 'An error occurred creating your order'

export function CheckoutForm({ initialValues, isCash, accountName, warehouse, branchName, cartCount, cartTotal, analyticsHook }: CheckoutFormProps) {
  const navigate = useNavigate()
  const save = useSaveCheckoutInfo()
  const place = usePlaceOrder()
  const items = useCartItems()
  const pay = useCreatePayment()
  // Staff ordering for a cash-sale account send the customer a payment link instead of the card form (decision 0101).
  const acting = Boolean(useSession()?.acting)
  const link = useSendPaymentLink()
  const [linkSent, setLinkSent] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  // An account on terms: its credit, what this order means for it, and the buyer's confirmation of an order past the limit.
  const creditRead = useAccountCredit(!isCash)
  const credit = creditRead.data?.credit ?? null
  const standing = credit ? creditStanding(credit, cartTotal) : 'within'
  const [serverAsksToConfirm, setServerAsksToConfirm] = useState(false)
  const [creditConfirmed, setCreditConfirmed] = useState(false)
  const mustConfirm = !isCash && (standing === 'warned' || serverAsksToConfirm)
  const refusedOnCredit = !isCash && (standing === 'onHold' || standing === 'blocked')
  // One key per visit to the screen: a double click or a retry after a lost answer cannot order twice.
  const [idempotencyKey] = useState(newIdempotencyKey)
  const form = useForm<CheckoutValues, unknown, ValidCheckout>({ resolver: zodResolver(CheckoutFormSchema), defaultValues: initialValues })
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = form

  // The draft goes to the server a moment after the typing stops, so a reload or a failed payment keeps it.
  const values = useWatch({ control })
  const lastSaved = useRef(JSON.stringify(toCheckoutInfo(initialValues, warehouse)))
  const { mutateAsync: saveDraft } = save
  // A draft must never land after the order it was typed for: the order empties the saved details, and a save
  // arriving later would bring the last order's purchase order back into the next checkout. So no draft goes
  // out once the order is submitted, and the order waits for the one on its way (seen under load).
  const draftTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const draftOnItsWay = useRef<Promise<unknown> | null>(null)
  const submitting = useRef(false)
  useEffect(() => {
    const draft = toCheckoutInfo({ ...initialValues, ...values } as CheckoutValues, warehouse)
    const json = JSON.stringify(draft)
    if (json === lastSaved.current || submitting.current) return
    draftTimer.current = setTimeout(() => {
      if (submitting.current) return
      lastSaved.current = json
      const sent = saveDraft(draft).catch(() => undefined)
      draftOnItsWay.current = sent
      void sent.finally(() => {
        if (draftOnItsWay.current === sent) draftOnItsWay.current = null
      })
    }, SAVE_DELAY_MS)
    return () => clearTimeout(draftTimer.current)
  }, [values, warehouse, initialValues, saveDraft])

  const busy = place.isPending || pay.isPending || place.isSuccess || pay.isSuccess || link.isPending
  // Placing an order or paying needs the connection; an order already on its way waits for it (features/offline).
  const online = useOnline()
  const canSubmit = (cartCount ?? 0) > 0 && cartTotal !== undefined && !busy && online && !refusedOnCredit && (!mustConfirm || creditConfirmed)

  const placeOrPay = (valid: ValidCheckout) => {
    if (busy || submitting.current) return
    submitting.current = true
    clearTimeout(draftTimer.current)
    setProblem(null)
    const body = { ...toOrderBody(valid, warehouse), ...(mustConfirm && creditConfirmed ? { creditConfirmed: true } : {}) }
    const failed = (error: unknown) => {
      // The form stays for another try, and its drafts are saved again.
      submitting.current = false
      notify.error(ORDER_FAILED)
      setProblem(serverMessage(error, 'Please check your connection and try again.'))
      // The credit rule refused it: what the account has now, and (warn) the confirmation it asks for.
      if (error instanceof ApiError && Object.values<string>(CREDIT_ERRORS).includes(error.code)) {
        if (error.code === CREDIT_ERRORS.confirm) setServerAsksToConfirm(true)
        void creditRead.refetch()
      }
    }
    const afterDraft = draftOnItsWay.current ?? Promise.resolve()
    if (isCash && acting) {
      void afterDraft
        .then(() => link.mutateAsync())
        .then((answer) => {
          submitting.current = false
          notify.success(answer.message)
          setLinkSent(answer.message)
        }, failed)
      return
    }
    if (isCash) {
      void afterDraft
        .then(() => pay.mutateAsync({ body: { orderDetails: toPendingDetails(body), amount: cartTotal ?? 0, accountName }, idempotencyKey }))
        .then((answer) => {
          // 202: over the buyer's spending limit, nothing is paid: the cart went into an approval, whose approver pays.
          if (isSentForApproval(answer)) {
            notify.message(answer.message)
            void navigate(`/approvals/${answer.approval.id}`, { state: sentForApprovalState(answer.message) })
            return
          }
          void navigate('/card-payment', { state: answer })
        }, failed)
      return
    }
    // The promise, not mutate's callbacks: those are dropped if the screen unmounts first (the cart it shows is now empty).
    void afterDraft
      .then(() => place.mutateAsync({ body, idempotencyKey }))
      .then((answer) => {
        // 202: over the buyer's spending limit, no order is placed: the cart went into an approval, which is shown.
        if (isSentForApproval(answer)) {
          notify.message(answer.message)
          void navigate(`/approvals/${answer.approval.id}`, { state: sentForApprovalState(answer.message) })
          return
        }
        trackPurchase(analyticsHook, answer)
        notify.success('Order Placed!')
        // The history opens with this order at the top, marked new, with where its confirmation went.
        void navigate('/orders', { state: justPlacedState(answer, body.PurchaseOrder, body.OrderDesc, body.SiteCode ?? null) })
      }, failed)
  }
  // Called on submit, not during render: the order's refs are read only then.
  const submit = (event: React.FormEvent<HTMLFormElement>) => void handleSubmit(placeOrPay)(event)

  // The GST of the lines, summed in cents as the server rounds it per line.
  const gst = items.data?.length ? items.data.reduce((sum, line) => sum + Math.round(line.TaxTotal * 100), 0) / 100 : undefined
  const text = (name: keyof typeof FIELD_LIMITS) => ({ ...register(name), maxLength: FIELD_LIMITS[name], error: errors[name]?.message })

  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
        <div className={styles.steps}>
          <section className={styles.step} aria-labelledby="step-delivery">
            <h2 id="step-delivery">
              <span className={styles.stepNumber} aria-hidden="true">
                1
              </span>
              Delivery Site
            </h2>
            <DeliverySiteFields />
          </section>

          <section className={styles.step} aria-labelledby="step-shipping">
            <h2 id="step-shipping">
              <span className={styles.stepNumber} aria-hidden="true">
                2
              </span>
              Shipping
            </h2>
            <ShippingFields
              branch={
                <TextField
                  label="Warehouse"
                  readOnly
                  className={styles.readOnly}
                  value={`${branchName} (${warehouse})`}
                  hint="Your cart is supplied from this branch."
                />
              }
            />
          </section>

          <section className={styles.step} aria-labelledby="step-detail">
            <h2 id="step-detail">
              <span className={styles.stepNumber} aria-hidden="true">
                3
              </span>
              Order Detail
            </h2>
            <div className={styles.grid}>
              <TextField label="Purchase Order Number" required {...text('PurchaseOrder')} />
              <TextAreaField label="Order Description" className={styles.wide} {...text('OrderDesc')} />
            </div>
          </section>
        </div>

        <aside className={styles.summary} aria-labelledby="order-summary">
          <h2 id="order-summary">Order Summary</h2>
          {items.data && items.data.length > 0 && (
            <ul className={styles.lines} aria-label="Lines">
              {items.data.map((line) => (
                <li key={line.ShopCartLineID}>
                  <span className={styles.lineName}>
                    <span className="tabular">{line.Quantity} ×</span> {line.Description}
                    <span className={styles.lineCode}>{line.ProductCode}</span>
                  </span>
                  <span className="money">${formatMoney(line.ExtendedInc)}</span>
                </li>
              ))}
            </ul>
          )}
          <dl className={styles.facts}>
            <div>
              <dt>Items</dt>
              <dd className="tabular">{cartCount ?? '…'}</dd>
            </div>
            <div>
              <dt>Supplied from</dt>
              <dd>{branchName}</dd>
            </div>
            {gst !== undefined && (
              <div>
                <dt>GST</dt>
                <dd className="money">${formatMoney(gst)}</dd>
              </div>
            )}
            <div className={styles.totalRow}>
              <dt>Total (inc GST)</dt>
              <dd className={`money ${styles.total}`}>{cartTotal === undefined ? '…' : `$${formatMoney(cartTotal)}`}</dd>
            </div>
          </dl>
          {isCash && !acting && <p className={styles.note}>You pay by card on the next page.</p>}
          {isCash && acting && (
            <p className={styles.note}>Staff never take a card payment: the customer is e-mailed a link to pay for this cart by card in their own session.</p>
          )}
          {linkSent && (
            <p className={styles.note} role="status">
              {linkSent}
            </p>
          )}
          {!isCash && credit && <CreditPanel credit={credit} total={cartTotal} place="checkout" />}
          {mustConfirm && (
            <label className={styles.confirmCredit}>
              <input type="checkbox" checked={creditConfirmed} onChange={(event) => setCreditConfirmed(event.target.checked)} />
              Place this order even though it takes my account past its credit limit
            </label>
          )}
          {problem && (
            <p className={styles.problem} role="alert">
              {problem}
            </p>
          )}
          <Button type="submit" block disabled={!canSubmit}>
            {!online && !busy
              ? isCash
                ? 'Paying needs a connection'
                : 'Placing an order needs a connection'
              : isCash
                ? acting
                  ? 'Send payment link'
                  : 'Make Payment'
                : 'Complete Order'}
          </Button>
          <Link to="/cart" className={styles.backLink}>
            Back to cart
          </Link>
        </aside>
        {busy && (
          <SpinnerOverlay
            label={!online ? 'Connection lost: your order goes as soon as it is back' : isCash ? 'Preparing your payment' : 'Placing your order'}
          />
        )}
      </form>
    </FormProvider>
  )
}
