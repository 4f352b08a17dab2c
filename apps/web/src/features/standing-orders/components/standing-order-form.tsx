import { useState } from 'react'
import { FormProvider, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form'
import { Link } from 'react-router'
import { MAX_EVERY_WEEKS, MAX_MONTH_DAYS, MAX_PO_PREFIX, REMINDER_DAYS } from '@portal/contract/standing-orders'
import { Button } from '../../../components/ui/button'
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field'
import { ApiError, serverMessage } from '../../../lib/api'
import { useSession } from '../../../lib/session'
import { selectableWarehouses, useWarehouses } from '../../catalogue-menu'
import { DeliverySiteFields, ShippingFields } from '../../checkout'
import {
  checkStandingOrder,
  earliestRun,
  formFieldOf,
  purchaseOrderOf,
  type FormField,
  type StandingOrderBody,
  type StandingOrderValues,
} from '../standing-order-values'
import styles from './standing-orders.module.css'

type StandingOrderFormProps = {
  initialValues: StandingOrderValues
  /** An edit: the values it started from (a first run kept as it was is not checked against today). */
  start?: StandingOrderValues
  submitLabel: string
  busyLabel: string
  /** Sends the checked form; a refusal with fields shows at them, any other in words above the button. */
  onSend: (body: StandingOrderBody) => Promise<unknown>
  cancelTo: string
  /** A cash-sale account: its runs are paid by card, from a link the owner is e-mailed. */
  isCash: boolean
}

const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1))

/**
 * A standing order's form, to make one from a list or change one: the branch, the first run and the schedule, the
 * checkout's delivery fields (with its defaults and rules), and the purchase order prefix. Problems show at their
 * field, found by the contract's rules here and by the server's answer (`body.delivery.Phone`) after.
 */
export function StandingOrderForm({ initialValues, start, submitLabel, busyLabel, onSend, cancelTo, isCash }: StandingOrderFormProps) {
  const session = useSession()
  const warehouses = useWarehouses()
  const [problem, setProblem] = useState<string | null>(null)
  const resolver: Resolver<StandingOrderValues, unknown, StandingOrderBody> = (values) => {
    const checked = checkStandingOrder(values, { start })
    if (checked.body) return { values: checked.body, errors: {} }
    const errors = Object.fromEntries(Object.entries(checked.errors).map(([field, message]) => [field, { type: 'contract', message }]))
    return { values: {}, errors: errors as FieldErrors<StandingOrderValues> }
  }
  const form = useForm<StandingOrderValues, unknown, StandingOrderBody>({ resolver, defaultValues: initialValues })
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form
  const [kind, days, prefix, firstRun] = useWatch({ control, name: ['scheduleKind', 'days', 'purchaseOrderPrefix', 'firstRun'] })
  const chosenDays = days ?? []

  const send = async (body: StandingOrderBody) => {
    setProblem(null)
    try {
      await onSend(body)
    } catch (error) {
      const fields = error instanceof ApiError && error.status === 400 ? (error.fields ?? []) : []
      const placed = fields.flatMap(({ field, message }) => {
        const name = formFieldOf(field)
        return name ? [{ name, message }] : []
      })
      placed.forEach(({ name, message }, i) => setError(name, { type: 'server', message }, { shouldFocus: i === 0 }))
      if (placed.length === 0 || placed.length < fields.length) setProblem(serverMessage(error, 'The standing order could not be saved. Please try again.'))
    }
  }

  const branches = selectableWarehouses(warehouses.data ?? [], session?.settings.BranchGroup)
  const branchKnown = branches.some((w) => w.LocationID === initialValues.warehouse)
  const example = purchaseOrderOf(prefix || 'STANDING-', firstRun || earliestRun())
  const error = (name: FormField) => errors[name]?.message

  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void handleSubmit(send)(event)} noValidate aria-busy={isSubmitting}>
        <section className={styles.step} aria-labelledby="so-when">
          <h2 id="so-when">When and where</h2>
          <p className={styles.stepLead}>
            {REMINDER_DAYS} days before each order we e-mail you its lines at that day&rsquo;s prices and stock, so you can skip it, change the list or pause.
            {isCash
              ? ' Your account pays by card: on the day, the e-mail has a link to pay for the order.'
              : ' On the day, the order is placed on your account.'}
          </p>
          <div className={styles.grid}>
            <SelectField
              label="Supplying branch"
              required
              hint="Every order comes from this branch, at its prices and stock."
              {...register('warehouse')}
              error={error('warehouse')}
            >
              {!branchKnown && <option value={initialValues.warehouse}>{initialValues.warehouse || 'Choose a branch'}</option>}
              {branches.map((w) => (
                <option key={w.LocationID} value={w.LocationID}>
                  {w.NAME}
                </option>
              ))}
            </SelectField>
            <TextField
              label={start ? 'Next order on' : 'First order on'}
              required
              type="date"
              min={earliestRun()}
              hint={start ? 'Orders are counted from this day. Move it to a day after today to change when they fall.' : 'A day after today.'}
              {...register('firstRun')}
              error={error('firstRun')}
            />
          </div>
          <fieldset className={styles.choice} aria-describedby={errors.scheduleKind ? 'so-kind-error' : undefined}>
            <legend>
              How often
              <span className={styles.required} aria-hidden="true">
                *
              </span>
            </legend>
            <div className={styles.options}>
              <label className={styles.option}>
                <input type="radio" value="weeks" {...register('scheduleKind')} />
                Every few weeks
              </label>
              <label className={styles.option}>
                <input type="radio" value="monthDays" {...register('scheduleKind')} />
                On days of the month
              </label>
            </div>
            {errors.scheduleKind && (
              <span className={styles.fieldError} id="so-kind-error" role="alert">
                {errors.scheduleKind.message}
              </span>
            )}
          </fieldset>
          {kind === 'weeks' && (
            <div className={styles.grid}>
              <TextField
                label="Weeks between orders"
                required
                inputMode="numeric"
                hint={`1 for every week, 2 for every second week, up to ${MAX_EVERY_WEEKS}.`}
                {...register('everyWeeks')}
                error={error('everyWeeks')}
              />
            </div>
          )}
          {kind === 'monthDays' && (
            <fieldset className={styles.choice} aria-describedby={['so-days-hint', errors.days ? 'so-days-error' : ''].filter(Boolean).join(' ')}>
              <legend>
                Days of the month
                <span className={styles.required} aria-hidden="true">
                  *
                </span>
              </legend>
              <p className={styles.hint} id="so-days-hint">
                Choose up to {MAX_MONTH_DAYS} days. In a month without the day you choose (the 31st in April, say), the order is placed on the month&rsquo;s
                last day.
              </p>
              <div className={styles.days}>
                {DAYS.map((day) => {
                  const full = chosenDays.length >= MAX_MONTH_DAYS && !chosenDays.includes(day)
                  return (
                    <label key={day} className={styles.day}>
                      <input type="checkbox" value={day} disabled={full} aria-invalid={errors.days ? true : undefined} {...register('days')} />
                      {day}
                    </label>
                  )
                })}
              </div>
              {errors.days && (
                <span className={styles.fieldError} id="so-days-error" role="alert">
                  {errors.days.message}
                </span>
              )}
            </fieldset>
          )}
        </section>

        <section className={styles.step} aria-labelledby="so-delivery">
          <h2 id="so-delivery">Delivery Site</h2>
          <DeliverySiteFields />
        </section>

        <section className={styles.step} aria-labelledby="so-shipping">
          <h2 id="so-shipping">Shipping</h2>
          <ShippingFields />
        </section>

        <section className={styles.step} aria-labelledby="so-detail">
          <h2 id="so-detail">Order Detail</h2>
          <div className={styles.grid}>
            <TextField
              label="Purchase order prefix"
              required
              maxLength={MAX_PO_PREFIX}
              hint={`Each order's purchase order number is this and its date, such as ${example}.`}
              {...register('purchaseOrderPrefix')}
              error={error('purchaseOrderPrefix')}
            />
            <TextAreaField label="Order Description" className={styles.wide} maxLength={200} {...register('OrderDesc')} error={error('OrderDesc')} />
          </div>
        </section>

        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
        <div className={styles.formActions}>
          <Link to={cancelTo}>Cancel</Link>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? busyLabel : submitLabel}
          </Button>
        </div>
      </form>
    </FormProvider>
  )
}
