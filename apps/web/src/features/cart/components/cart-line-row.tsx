import { Fragment, useId, useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { CART_ERRORS, type CartLine } from '@portal/contract/cart'
import { fromWirePart } from '@portal/contract/pricing'
import { describeParts } from '@portal/contract/price-breaks'
import { Button } from '../../../components/ui/button'
import { notify } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api'
import { formatMoney } from '../../../lib/format'
import { checkQuantity, typingError } from '../../../lib/quantity'
import { isQueued } from '../../offline'
import { useUpdateCartLine } from '../api/update-cart-line'
import { ProductThumb } from './product-thumb'
import styles from './cart-screen.module.css'

/** What Update sends: the typed whole number, 0 (remove the line) for a cleared field, or what is wrong with the text. */
export const quantityToSend = (typed: string) => (typed.trim() === '' ? { quantity: 0 } : checkQuantity(typed, { zero: true }))

const updateFailed = (error: unknown) =>
  error instanceof ApiError && error.code === 'quantity_not_available' ? CART_ERRORS.quantityNotAvailable : 'Could not update the selected item'

/**
 * How a line is charged, as the server priced it: "2 cartons of 4 at $40.90, 1 at $45.32"; null for a line of
 * plain units, which shows its unit price.
 */
export const lineBreakdown = (line: Pick<CartLine, 'PriceBreaks'>) =>
  // A cart kept for offline use before lines carried their breaks has none: it shows its unit prices.
  describeParts(((line.PriceBreaks as CartLine['PriceBreaks'] | undefined) ?? []).map(fromWirePart))

const count = (n: number) => n.toLocaleString('en-AU')

/**
 * A line's availability in words, not only a dot's colour: "5 in stock"; a line asking for more than the branch
 * has says how much goes on back order, "2 ordered, 1 in stock: 1 on back order". A cash-sale account cannot
 * back-order (its quantities are capped at the stock), so its line says what is short instead.
 */
export function availabilityText(quantity: number, available: number, backOrders = true): string {
  const inStock = Math.max(0, available)
  if (quantity <= inStock) return inStock > 0 ? `${count(inStock)} in stock` : 'No stock'
  const short = quantity - inStock
  const stock = inStock > 0 ? `${count(inStock)} in stock` : 'none in stock'
  return `${count(quantity)} ordered, ${stock}: ${count(short)} ${backOrders ? 'on back order' : 'not available'}`
}

/**
 * One line of the cart. The quantity is edited locally until Update; 0 or nothing removes the line once
 * the server agrees, and Remove is Update with 0. Text that is not a whole number is refused at the field
 * and sends nothing. The row is keyed by its quantity, so a new quantity from the server starts the editing
 * afresh; a refused update puts back the quantity the line holds.
 */
export function CartLineRow({ line, backOrders = true }: { line: CartLine; backOrders?: boolean }) {
  const [typed, setTyped] = useState(String(line.Quantity))
  const [error, setError] = useState<string>()
  const input = useRef<HTMLInputElement>(null)
  const errorId = `${useId()}-error`
  const update = useUpdateCartLine()
  const available = line.Product.Availability.Available
  const breakdown = lineBreakdown(line)

  const send = (qty: number) =>
    update.mutate(
      { item: line.ShopCartLineID, qty, label: line.Description },
      {
        onSuccess: (result) =>
          isQueued(result)
            ? notify.message(`Waiting to send: ${line.Description} is changed when you are back online`)
            : notify.success('This item has been updated successfully'),
        onError: (failure) => {
          notify.error(updateFailed(failure))
          // The line is as it was: the field shows what it holds, not what was refused.
          setTyped(String(line.Quantity))
        },
      },
    )

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = quantityToSend(typed)
    if (checked.error !== undefined) {
      setError(checked.error)
      input.current?.focus()
      return
    }
    send(checked.quantity)
  }

  const remove = () => {
    setTyped('0')
    setError(undefined)
    send(0)
  }

  return (
    <tr>
      <td className={styles.imageCell}>
        <ProductThumb productId={line.ProductID} />
      </td>
      <td className={styles.codeCell} data-label="Product Code">
        {line.ProductCode}
      </td>
      <td className={styles.descriptionCell}>
        <Link to={`/product/${line.ProductID}`}>{line.Description}</Link>
        <span className={styles.inlineCode}>{line.ProductCode}</span>
      </td>
      <td className={styles.quantityCell}>
        <form className={styles.quantityForm} onSubmit={submit}>
          <input
            ref={input}
            className={styles.quantityInput}
            aria-label={`Quantity of ${line.Description}`}
            inputMode="numeric"
            autoComplete="off"
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value)
              setError(typingError(event.target.value, { zero: true }))
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            disabled={update.isPending}
          />
          <Button type="submit" variant="secondary" disabled={update.isPending || typed === String(line.Quantity)}>
            Update<span className="sr-only"> {line.Description}</span>
          </Button>
          <Button variant="link" className={styles.remove} onClick={remove} disabled={update.isPending}>
            Remove<span className="sr-only"> {line.Description}</span>
          </Button>
          {error && (
            <span id={errorId} className={styles.quantityError} role="alert">
              {error}
            </span>
          )}
        </form>
      </td>
      <td className={styles.availabilityCell} data-label="Availability">
        <span className={available <= 0 ? styles.noStock : line.Quantity > available ? styles.lowStock : styles.inStock}>
          {availabilityText(line.Quantity, available, backOrders)}
        </span>
      </td>
      <td className={styles.amount} data-label="Price (ex GST)">
        {breakdown ? (
          <span className={styles.breakdown}>
            {/* Wrapped between the breaks, never inside one. */}
            {breakdown.split(', ').map((part, index, parts) => (
              <Fragment key={part}>
                {index > 0 && ' '}
                <span className={styles.breakdownPart}>
                  {part}
                  {index < parts.length - 1 && ','}
                </span>
              </Fragment>
            ))}
          </span>
        ) : (
          `$${formatMoney(line.Price)}`
        )}
      </td>
      <td className={styles.amount} data-label="Tax (GST)">
        ${formatMoney(line.TaxTotal)}
      </td>
      <td className={`${styles.amount} ${styles.lineTotal}`} data-label="Total (inc GST)">
        ${formatMoney(line.ExtendedInc)}
      </td>
    </tr>
  )
}
