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
 * or branch starts afresh. Every copy on a screen reads the one cached list of requests: a list of cards asks
 * the server once, not once a card.
 */
export function NotifyMe({
  productId,
  warehouse,
  compact = false,
  description,
}: {
  productId: number
  warehouse: string
  /** In a product card: no link to Stock alerts, buttons as wide as the card, the field like the card's Quantity. */
  compact?: boolean
  /** The product's name, in the buttons' names for screen readers where several products share a screen. */
  description?: string
}) {
  const alerts = useStockAlerts()
  const create = useCreateStockAlert()
  const cancel = useCancelStockAlert()
  const [open, setOpen] = useState(false)
  const [quantity, setQuantity] = useState('')
  const [error, setError] = useState<string | undefined>()
  const inputId = useId()
  const errorId = useId()
  const waiting = alerts.data?.find((a) => a.ProductID === productId && a.LocationID === warehouse && a.status === 'waiting')
  const frame = [styles.notify, compact ? styles.compact : ''].filter(Boolean).join(' ')
  const about = (words: string) =>
    description && (
      <>
        {' '}
        <span className="sr-only">{words}</span>
      </>
    )

  if (waiting) {
    return (
      <div className={frame} role="status">
        <p className={styles.waiting}>
          We will e-mail you when {waiting.quantity ? `${waiting.quantity.toLocaleString('en-AU')} are` : 'it is'} back in stock here.{' '}
          {!compact && <Link to="/stock-alerts">Stock alerts</Link>}
        </p>
        <Button
          variant="secondary"
          block={compact}
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(waiting.id, {
              onSuccess: () => notify.success('Stock alert cancelled.'),
              onError: (failure) => notify.error(serverMessage(failure, 'The alert could not be cancelled.')),
            })
          }
        >
          Cancel alert{about(`for ${description}`)}
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
      <div className={frame}>
        <Button variant="secondary" block={compact} onClick={() => setOpen(true)} disabled={alerts.isPending}>
          Notify me{about(`when ${description} is back in stock`)}
        </Button>
      </div>
    )
  }
  return (
    <form
      className={[styles.notifyForm, compact ? styles.compact : ''].filter(Boolean).join(' ')}
      onSubmit={submit}
      noValidate
      aria-label={description ? `Notify me when ${description} is back in stock` : 'Notify me when back in stock'}
    >
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
