import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { CartLine } from '@portal/contract/cart'
import { Button, ButtonLink } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { Spinner } from '../../../components/ui/spinner'
import { notify } from '../../../components/ui/toast'
import { formatMoney } from '../../../lib/format'
import { setCurrentWarehouse } from '../../../lib/session'
import { useDownloadCartPdf } from '../api/download-cart-pdf'
import { useEmptyCart } from '../api/empty-cart'
import { useCartItems } from '../api/get-cart-items'
import { useCartSummary } from '../api/get-cart-summary'
import { useAccountCredit } from '../api/get-credit'
import { CartLineRow } from './cart-line-row'
import { CreditPanel } from './credit-panel'
import styles from './cart-screen.module.css'

type CartScreenProps = {
  /** The branch the customer is shopping at. */
  warehouse: string
  /** Resellers (isElders) download the cart as a PDF instead of checking out. */
  isReseller: boolean
  /** A branch's name for its code. */
  branchName: (code: string) => string
  /** Whether a line asking for more than the stock goes on back order (every account but cash-sale ones). */
  backOrders?: boolean
  /** "Save as list" for the cart's lines (the saved lists feature, composed by the app). */
  saveAsList?: (lines: CartLine[]) => ReactNode
}

const kgFormat = new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** The sum of quantity times weight, added up in grams so that it does not drift. */
export function cartWeightKg(lines: CartLine[]): number {
  return lines.reduce((grams, line) => grams + Math.round(line.Product.Weight * 1000) * line.Quantity, 0) / 1000
}

/** The cart of the current branch: its lines, weight and total, and what to do next. */
export function CartScreen({ warehouse, isReseller, branchName, saveAsList, backOrders = true }: CartScreenProps) {
  const items = useCartItems()
  const { data: summary } = useCartSummary()
  const emptyCart = useEmptyCart()
  const download = useDownloadCartPdf()
  // An account on terms sees its credit beside the total (cash-sale accounts are answered none).
  const credit = useAccountCredit(!isReseller).data?.credit
  const [confirmingEmpty, setConfirmingEmpty] = useState(false)

  // A failed load reads as an empty cart; the toast says what happened.
  const lines = items.data ?? []
  const cartBranch = summary?.warehouse ?? null

  const empty = () =>
    emptyCart.mutate(undefined, {
      onSuccess: () => notify.success('Cart emptied'),
      onError: () => notify.error('An error occured emptying your cart.'),
      onSettled: () => setConfirmingEmpty(false),
    })

  const downloadPdf = () =>
    download.mutate(warehouse, {
      onError: () => notify.error('An error occured generating the PDF of your cart.'),
    })

  return (
    <section className="page" aria-labelledby="cart-heading">
      <title>Shopping Cart</title>
      <div className={styles.header}>
        <div>
          <h1 id="cart-heading">Shopping Cart</h1>
          {lines.length > 0 && (
            <p className={styles.branch}>
              For the <strong>{branchName(cartBranch ?? warehouse)}</strong> branch: its prices and stock
            </p>
          )}
        </div>
        {lines.length > 0 && (
          <dl className={styles.facts}>
            <div>
              <dt>Approx. Weight</dt>
              <dd className="tabular">{kgFormat.format(cartWeightKg(lines))} KG</dd>
            </div>
            <div>
              <dt>Cart Total (inc GST)</dt>
              <dd className={`money ${styles.total}`}>{summary ? `$${formatMoney(summary.Value)}` : '…'}</dd>
            </div>
          </dl>
        )}
      </div>

      {cartBranch && cartBranch !== warehouse && lines.length > 0 && (
        <div className={styles.notice} role="status">
          <p>
            Your cart holds items for <strong>{branchName(cartBranch)}</strong>, so its prices and stock are those of {branchName(cartBranch)}. To shop at{' '}
            {branchName(warehouse)}, empty the cart first.
          </p>
          <Button variant="secondary" onClick={() => setCurrentWarehouse(cartBranch)}>
            Shop at {branchName(cartBranch)}
          </Button>
        </div>
      )}

      {items.isPending ? (
        <div className={styles.loading}>
          <Spinner label="Loading your cart" size="large" />
        </div>
      ) : lines.length === 0 ? (
        <div className={styles.empty}>
          <p>You currently have no items in your cart</p>
          <Link to="/">Continue shopping</Link>
        </div>
      ) : (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="sr-only">Image</span>
                  </th>
                  <th scope="col">Product Code</th>
                  <th scope="col">Description</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Availability</th>
                  <th scope="col" className={styles.amount}>
                    Price <small>(ex GST)</small>
                  </th>
                  <th scope="col" className={styles.amount}>
                    Tax <small>(GST)</small>
                  </th>
                  <th scope="col" className={styles.amount}>
                    Total <small>(inc GST)</small>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <CartLineRow key={`${line.ShopCartLineID}:${line.Quantity}`} line={line} backOrders={backOrders} />
                ))}
              </tbody>
            </table>
          </div>

          {credit && (
            <div className={styles.credit}>
              <CreditPanel credit={credit} total={summary?.Value} place="cart" />
            </div>
          )}

          <div className={styles.actions}>
            <div className={styles.secondary}>
              <Button variant="secondary" onClick={() => setConfirmingEmpty(true)} disabled={emptyCart.isPending}>
                Empty Shopping Cart
              </Button>
              {saveAsList?.(lines)}
            </div>
            <div className={styles.next}>
              {summary && (
                <p className={styles.footTotal}>
                  Total (inc GST): <strong className="money">${formatMoney(summary.Value)}</strong>
                </p>
              )}
              {isReseller ? (
                <Button onClick={downloadPdf} disabled={download.isPending} aria-live="polite">
                  {download.isPending ? 'Generating Now...' : 'Download These Items as PDF'}
                </Button>
              ) : (
                <ButtonLink to="/checkout">Proceed to Checkout</ButtonLink>
              )}
            </div>
          </div>
        </>
      )}

      <ConfirmDialog
        open={confirmingEmpty}
        onOpenChange={setConfirmingEmpty}
        title="Empty your cart?"
        description="Every item will be removed from your cart."
        confirmLabel="Empty Shopping Cart"
        cancelLabel="Keep Items"
        onConfirm={empty}
        busy={emptyCart.isPending}
      />
    </section>
  )
}
