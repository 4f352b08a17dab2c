import type { Product } from '@portal/contract/catalogue'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '../../../components/ui/button'
import { notify } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api'
import { useAddToCart } from '../../cart'
import { isQueued } from '../../offline'
import type { Shopper } from '../shopper'
import { parseQuantity, QUANTITY_NOT_AVAILABLE } from '../stock'
import styles from './add-to-cart-form.module.css'

const ADD_FAILED = 'An error occured adding this product to the cart'

/** The server's words for a refusal it explains (stock, branch); otherwise the spec's message. */
function addError(error: unknown): string {
  if (error instanceof ApiError && (error.status === 409 || error.status === 422) && error.serverMessage) return error.serverMessage
  return ADD_FAILED
}

/**
 * Quantity and the add button (spec sections 4 and 5): the button is disabled while adding; on
 * success the header's summary refreshes and the quantity goes back to 1. A cash-sale account
 * cannot ask for more than the branch has, and with none there the button reads 'Check other WH'.
 */
export function AddToCartForm({
  product,
  shopper,
  size = 'small',
}: {
  /** What the form needs of the product: a whole Product, or a buy-again row's code, description and offer. */
  product: Pick<Product, 'ProductID' | 'Description' | 'Availability'>
  shopper: Shopper
  size?: 'small' | 'large'
}) {
  const id = useId()
  const [quantity, setQuantity] = useState('1')
  const add = useAddToCart()
  const available = product.Availability.Available
  const noneHere = shopper.isCash && available <= 0

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (noneHere || add.isPending) return
    const qty = parseQuantity(quantity)
    setQuantity(String(qty))
    if (shopper.isCash && qty > available) {
      notify.error(QUANTITY_NOT_AVAILABLE)
      return
    }
    add.mutate(
      { productID: product.ProductID, qty, warehouse: shopper.warehouse, label: product.Description },
      {
        onSuccess: (result) => {
          if (isQueued(result)) notify.message(`Waiting to send: ${product.Description} goes into the cart when you are back online`)
          else notify.success('Product added to cart!')
          setQuantity('1')
        },
        onError: (error) => notify.error(addError(error)),
      },
    )
  }

  return (
    <form className={[styles.form, size === 'large' ? styles.large : ''].join(' ')} onSubmit={submit} noValidate>
      <label htmlFor={id} className={styles.label}>
        Quantity <span className="sr-only">of {product.Description}</span>
      </label>
      <input
        id={id}
        className={styles.quantity}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={quantity}
        onChange={(event) => setQuantity(event.target.value.replace(/[^0-9]/g, ''))}
        onBlur={() => setQuantity(String(parseQuantity(quantity)))}
        disabled={noneHere}
      />
      <Button type="submit" className={styles.button} disabled={noneHere || add.isPending} aria-busy={add.isPending || undefined}>
        {noneHere ? 'Check other WH' : add.isPending ? 'Adding...' : 'Add to cart'}
      </Button>
    </form>
  )
}
