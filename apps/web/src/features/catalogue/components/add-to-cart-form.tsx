import type { Product } from '@portal/contract/catalogue'
import { chargedParts, describeParts, formatCents, partsExCents } from '@portal/contract/price-breaks'
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { Button } from '../../../components/ui/button'
import { notify } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api'
import { checkQuantity, QUANTITY_ERRORS, typingError } from '../../../lib/quantity'
import { useAddToCart } from '../../cart'
import { isQueued } from '../../offline'
import type { Shopper } from '../shopper'
import { QUANTITY_NOT_AVAILABLE } from '../stock'
import styles from './add-to-cart-form.module.css'

const ADD_FAILED = 'An error occured adding this product to the cart'

/** The server's words for a refusal it explains (stock, branch); otherwise ADD_FAILED. */
function addError(error: unknown): string {
  if (error instanceof ApiError && (error.status === 409 || error.status === 422) && error.serverMessage) return error.serverMessage
  return ADD_FAILED
}

/** What a product's prices are on the wire (dollars), as the preview of a charge reads them. */
export type ChargePrices = Pick<Product, 'SinglePricing' | 'CartonPricing' | 'CartonQty' | 'PalletPricing' | 'PalletQty'>

const cents = (dollars: number | undefined) => (dollars === undefined ? null : Math.round(dollars * 100))

/**
 * What `quantity` units will be charged, by the server's rule (packages/contract pricing.ts): full pallets, then
 * full cartons, then units, e.g. "9 units: 2 cartons of 4 at $40.90, 1 at $45.32 = $372.52 ex GST". A reseller
 * (`onePrice`) pays its one price for every unit. The cart charges what the server computes; this is a preview.
 */
export function chargePreview(quantity: number, prices: ChargePrices, onePrice: boolean): string {
  const parts = chargedParts(
    quantity,
    {
      unitCents: cents(prices.SinglePricing.Price)!,
      cartonCents: cents(prices.CartonPricing?.Price),
      cartonQty: prices.CartonQty,
      palletCents: cents(prices.PalletPricing?.Price),
      palletQty: prices.PalletQty,
    },
    { onePrice },
  )
  const units = `${quantity.toLocaleString('en-AU')} ${quantity === 1 ? 'unit' : 'units'}`
  const breakdown = describeParts(parts)
  return `${units}: ${breakdown ? `${breakdown} = ` : ''}${formatCents(partsExCents(parts))} ex GST`
}

/**
 * Quantity and the add button: the button is disabled while adding; on
 * success the header's summary refreshes and the quantity goes back to 1. A cash-sale account
 * cannot ask for more than the branch has, and with none there the button reads 'Check other WH'.
 * The quantity is a whole number from 1 as typed: anything else is said at the field and adds nothing.
 */
export function AddToCartForm({
  product,
  shopper,
  size = 'small',
  charge,
}: {
  /** What the form needs of the product: a whole Product, or a buy-again row's code, description and offer. */
  product: Pick<Product, 'ProductID' | 'Description' | 'Availability'>
  shopper: Shopper
  size?: 'small' | 'large'
  /** The product's prices: the form then shows what the quantity typed will be charged (the product page). */
  charge?: ChargePrices
}) {
  const id = useId()
  const [quantity, setQuantity] = useState('1')
  const [quantityError, setQuantityError] = useState<string>()
  // A number field shows nothing of text it cannot read as a number ("--2"): the browser says so here.
  const unreadable = useRef(false)
  const quantityInput = useRef<HTMLInputElement>(null)
  const add = useAddToCart()
  const available = product.Availability.Available
  const noneHere = shopper.isCash && available <= 0

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (noneHere || add.isPending) return
    const checked = unreadable.current ? { error: QUANTITY_ERRORS.notWhole } : checkQuantity(quantity)
    if (checked.error !== undefined) {
      setQuantityError(checked.error)
      quantityInput.current?.focus()
      return
    }
    const qty = checked.quantity
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
          setQuantityError(undefined)
        },
        onError: (error) => notify.error(addError(error)),
      },
    )
  }

  const typed = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    unreadable.current = input.validity.badInput
    setQuantity(input.value)
    setQuantityError(unreadable.current ? QUANTITY_ERRORS.notWhole : typingError(input.value))
  }

  const errorId = `${id}-error`
  const chargeable = checkQuantity(quantity).quantity
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
        ref={quantityInput}
        onChange={typed}
        aria-invalid={quantityError ? true : undefined}
        aria-describedby={quantityError ? errorId : undefined}
        disabled={noneHere}
      />
      <Button type="submit" className={styles.button} disabled={noneHere || add.isPending} aria-busy={add.isPending || undefined}>
        {noneHere ? 'Check other WH' : add.isPending ? 'Adding...' : 'Add to cart'}
      </Button>
      {quantityError && (
        <span id={errorId} className={styles.error} role="alert">
          {quantityError}
        </span>
      )}
      {charge && (
        // Always there (a live region is announced only when it was already on the page); empty while the quantity is not one.
        <p className={styles.charge} aria-live="polite" data-testid="charge-preview">
          {chargeable === undefined || quantityError ? '' : chargePreview(chargeable, charge, shopper.isElders)}
        </p>
      )}
    </form>
  )
}
