import { useState } from 'react'
import { useNavigate } from 'react-router'
import type { StandingOrderDetail } from '@portal/contract/standing-orders'
import { Button, ButtonLink } from '../../../components/ui/button'
import { notify } from '../../../components/ui/toast'
import { serverMessage } from '../../../lib/api'
import { formatDate } from '../../../lib/format'
import { setCurrentWarehouse } from '../../../lib/session'
import { useAddAllToCart } from '../../lists'
import { isQueued } from '../../offline'
import styles from './standing-orders.module.css'

type Outcome = { kind: 'report'; text: string; reasons: string[]; toCheckout: boolean } | { kind: 'problem'; text: string; reasons: string[] }

/**
 * A cash-sale account's run is not placed: its owner is e-mailed a link here with the run's day. This puts the
 * list's lines in the cart at the standing order's branch, as the list's "Add all to cart" does, and goes on to the
 * checkout to pay by card. Lines the cart would not take are named, with their reasons, before going on.
 */
export function PayRun({ order, runOn }: { order: StandingOrderDetail; runOn: string }) {
  const navigate = useNavigate()
  const addAll = useAddAllToCart()
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const sold = order.lines.filter((line) => line.Product !== null)
  const notSold = order.lines.filter((line) => line.Product === null).map((line) => `${line.ProductCode} ${line.Description}: no longer sold online`)

  const putInCart = () => {
    setOutcome(null)
    if (sold.length === 0) {
      setOutcome({ kind: 'problem', text: 'Nothing on this list can be ordered online now, so there is nothing to pay for.', reasons: notSold })
      return
    }
    addAll.mutate(
      { warehouse: order.warehouse, listName: order.listName, lines: sold.map((line) => ({ code: line.ProductCode, qty: String(line.Quantity) })) },
      {
        onSuccess: (result) => {
          if (isQueued(result)) {
            // The lines wait on the device (docs/decisions/0031-offline-app.md); paying needs the connection anyway.
            setOutcome({
              kind: 'report',
              text: 'You are offline: the lines go into your cart when you are back online, then you can pay.',
              reasons: [],
              toCheckout: false,
            })
            return
          }
          const reasons = [...result.notAdded.map((n) => `${sold[n.index]?.ProductCode ?? n.code}: ${n.message}`), ...notSold]
          if (result.added.length === 0) {
            setOutcome({ kind: 'problem', text: 'Nothing could be put in your cart.', reasons })
            return
          }
          // The cart is now this branch's: the header and the checkout follow it.
          setCurrentWarehouse(order.warehouse)
          if (reasons.length === 0) {
            notify.success(result.added.length === 1 ? 'Product added to cart!' : `${result.added.length} products added to cart!`)
            void navigate('/checkout')
            return
          }
          const added = `${result.added.length} ${result.added.length === 1 ? 'product is' : 'products are'} in your cart.`
          setOutcome({ kind: 'report', text: `${added} These could not be added:`, reasons, toCheckout: true })
        },
        // A cart holding another branch's products, for one: the server says what to do.
        onError: (error) =>
          setOutcome({ kind: 'problem', text: serverMessage(error, 'The lines could not be put in your cart. Please try again.'), reasons: [] }),
      },
    )
  }

  return (
    <section className={styles.pay} aria-labelledby="so-pay">
      <h2 id="so-pay">This run is ready to pay by card</h2>
      <p>
        The order due {formatDate(runOn)} from {order.branchName} waits for your payment. Your cart gets the list&rsquo;s lines at today&rsquo;s prices; check
        them at the checkout and pay by card there.
      </p>
      <Button onClick={putInCart} disabled={addAll.isPending}>
        {addAll.isPending ? 'Adding…' : 'Put these lines in my cart and pay'}
      </Button>
      {outcome && (
        <div className={outcome.kind === 'problem' ? styles.problem : styles.report} role={outcome.kind === 'problem' ? 'alert' : 'status'}>
          <p>{outcome.text}</p>
          {outcome.reasons.length > 0 && (
            <ul>
              {outcome.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          )}
          {outcome.kind === 'report' && outcome.toCheckout && <ButtonLink to="/checkout">Go to checkout and pay</ButtonLink>}
        </div>
      )}
    </section>
  )
}
