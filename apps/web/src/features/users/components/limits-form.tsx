import { useState, type FormEvent } from 'react'
import type { SetLimitsBody } from '@portal/contract/approvals'
import type { SubUser } from '@portal/contract/users'
import { Button } from '../../../components/ui/button'
import { SelectField, TextField } from '../../../components/ui/field'
import { notify } from '../../../components/ui/toast'
import { ApiError, serverMessage } from '../../../lib/api'
import { useSetLimits } from '../api/set-limits'
import { limitField, parseLimit } from './limits-text'
import styles from './users.module.css'

type Field = 'orderLimit' | 'monthLimit' | 'approver'
type FieldErrors = Partial<Record<Field, string>>

const FIELDS: Field[] = ['orderLimit', 'monthLimit', 'approver']

/** The server's field errors (body.orderLimit, body.monthLimit, body.approver), by field. */
function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {}
  const found: FieldErrors = {}
  for (const { field, message } of error.fields ?? []) {
    const name = FIELDS.find((f) => field === `body.${f}`)
    if (name && !found[name]) found[name] = message
  }
  return found
}

const optionLabel = (user: Pick<SubUser, 'Name' | 'UserName'>) => (user.Name && user.Name !== user.UserName ? `${user.Name} (${user.UserName})` : user.UserName)

type LimitsFormProps = {
  user: SubUser
  /** The account's other users, any of whom may approve this one's orders. */
  others: SubUser[]
  onDone: () => void
}

/**
 * A User's spending limits: per order and per calendar month, in dollars ex GST (empty for none), and who approves
 * their orders over them (any Administrator, or one of the account's other users). The server's refusals show at
 * their fields.
 */
export function LimitsForm({ user, others, onDone }: LimitsFormProps) {
  const save = useSetLimits()
  const [orderLimit, setOrderLimit] = useState(limitField(user.OrderLimit))
  const [monthLimit, setMonthLimit] = useState(limitField(user.MonthLimit))
  const [approver, setApprover] = useState(user.Approver ?? '')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [problem, setProblem] = useState<string | null>(null)
  // The approver named now stays a choice even when the list has not loaded that user's page.
  const approvers = others.some((o) => o.UserName === user.Approver) || !user.Approver ? others : [...others, { Name: '', UserName: user.Approver }]

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setProblem(null)
    const order = parseLimit(orderLimit)
    const month = parseLimit(monthLimit)
    const typed: FieldErrors = { orderLimit: order.error, monthLimit: month.error }
    setErrors(typed)
    if (order.error !== undefined || month.error !== undefined) return
    const body: SetLimitsBody = { username: user.UserName, orderLimit: order.value, monthLimit: month.value, approver: approver === '' ? null : approver }
    save.mutate(body, {
      onSuccess: () => {
        notify.success(`Spending limits saved for ${user.UserName}.`)
        onDone()
      },
      onError: (error) => {
        const atFields = fieldErrorsOf(error)
        setErrors(atFields)
        if (Object.keys(atFields).length === 0) setProblem(serverMessage(error, 'The spending limits could not be saved. Please try again.'))
      },
    })
  }

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label="Limit per order ($, ex GST)"
        inputMode="decimal"
        autoComplete="off"
        hint="An order over it waits for approval. Leave empty for no limit."
        error={errors.orderLimit}
        value={orderLimit}
        onChange={(event) => setOrderLimit(event.target.value)}
      />
      <TextField
        label="Limit per month ($, ex GST)"
        inputMode="decimal"
        autoComplete="off"
        hint="For all their orders in a calendar month. Leave empty for no limit."
        error={errors.monthLimit}
        value={monthLimit}
        onChange={(event) => setMonthLimit(event.target.value)}
      />
      <SelectField label="Approved by" error={errors.approver} value={approver} onChange={(event) => setApprover(event.target.value)}>
        <option value="">Any Administrator</option>
        {approvers.map((other) => (
          <option key={other.UserName} value={other.UserName}>
            {optionLabel(other)}
          </option>
        ))}
      </SelectField>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save limits'}
        </Button>
      </div>
    </form>
  )
}
