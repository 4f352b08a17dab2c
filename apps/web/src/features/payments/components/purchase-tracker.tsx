import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { trackPurchase } from '../../../lib/analytics'
import { getPendingPayment } from '../api/get-pending-payment'
import { forgetPendingPurchase, readPendingPurchase } from '../pending-purchase'

/**
 * Reports a card purchase to analytics once its order exists. The provider sends the browser back to
 * whichever page it sends it to (SecurePay: /orders?approved=…), so this listens on every page while a
 * card payment is outstanding, and does nothing otherwise.
 */
export function PurchaseTracker({ analyticsHook }: { analyticsHook: string }) {
  const { pathname, search } = useLocation()
  useEffect(() => {
    const pending = readPendingPurchase()
    if (!pending) return
    const controller = new AbortController()
    getPendingPayment(pending.orderId, controller.signal)
      .then((payment) => {
        if (payment.status === 'completed' && payment.order) {
          trackPurchase(analyticsHook, payment.order)
          forgetPendingPurchase()
        } else if (payment.status === 'failed') {
          forgetPendingPurchase()
        }
      })
      .catch(() => undefined)
    return () => controller.abort()
  }, [pathname, search, analyticsHook])
  return null
}
