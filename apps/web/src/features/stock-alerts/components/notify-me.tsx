import { useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'
import { notify } from '../../../components/ui/toast'
import { serverMessage } from '../../../lib/api'
import { useCancelStockAlert, useCreateStockAlert, useStockAlerts } from '../api/stock-alerts'
import styles from './stock-alerts.module.css'

const MAX_QUANTITY = 99_999

/**
 * "Notify me" on a product the branch has none of: one e-mail when it is back (at least the quantity given, or
 * one). Once asked, says so, with a way to cancel; the state comes from the user's requests, so another product
 * or branch starts afresh.
 */
export function NotifyMe({ productId, warehouse, compact = false }: { productId: number; warehouse: string; compact?: boolean }) {
  const alerts = useStockAlerts()
  const create = useCreateStockAlert()
  const cancel = useCancelStockAlert()
  const [open, setOpen] = useState(false)
  const [quantity, setQuantity] = useState('')
  const [error, setError] = useState<string | undefined>()
  const inputId = useId()
  const errorId = useId()
  const waiting = alerts.data?.find((a) => a.ProductID === productId && a.LocationID === warehouse && a.status === 'waiting')

  if (waiting) {
    return (
      <div className={styles.notify} role="status">
        <p className={styles.waiting}>
          We will e-mail you when {waiting.quantity ? `${waiting.quantity.toLocaleString('en-AU')} are` : 'it is'} back in stock here.{' '}
          {!compact && <Link to="/stock-alerts">Stock alerts</Link>}
        </p>
        <Button
          variant="secondary"

          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(waiting.id, {
              onSuccess: () => notify.success('Stock alert cancelled.'),
              onError: (failure) => notify.error(serverMessage(failure, 'The alert could not be cancelled.')),
            })
          }
        >
          Cancel alert
        </Button>
      </div>
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const text = quantity.trim()
    const n = text === '' ? undefined : Number(text)
    if (n !== undefined && (!Number.isInteger(n) || n < 1 || n > MAX_QUANTITY)) {
      setError(`Enter a whole number from 1 to ${MAX_QUANTITY.toLocaleString('en-AU')}, or leave it empty`)
      return
    }
    create.mutate(
      { productId, warehouse, ...(n === undefined ? {} : { quantity: n }) },
      {
        onSuccess: () => {
          notify.success('We will e-mail you when it is back in stock.')
          setOpen(false)
          setQuantity('')
        },
        onError: (failure) => setError(serverMessage(failure, 'The alert could not be saved.')),
      },
    )
  }

  if (!open) {
    return (
      <div className={styles.notify}>
        <Button variant="secondary" onClick={() => setOpen(true)} disabled={alerts.isPending}>
          Notify me
        </Button>
      </div>
    )
  }
  return (
    <form className={styles.notifyForm} onSubmit={submit} noValidate aria-label="Notify me when back in stock">
      <label htmlFor={inputId}>Quantity wanted (optional)</label>
      <div className={styles.notifyRow}>
        <input
          id={inputId}
          className={styles.qty}
          inputMode="numeric"
          value={quantity}
          onChange={(e) => (setQuantity(e.target.value), setError(undefined))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoFocus
        />
        <Button type="submit" disabled={create.isPending}>
          Notify me
        </Button>
        <Button type="button" variant="secondary" onClick={() => (setOpen(false), setError(undefined))}>
          Close
        </Button>
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </form>
  )
}
