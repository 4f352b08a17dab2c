/** The purchase analytics event (GA4 ecommerce shape), pushed to a window array such as Google Tag Manager's dataLayer. */

export type PurchasedOrder = {
  SalesOrder: string
  ExtendedInc: number
  TaxTotal: number
  items: Array<{ ProductCode: string; Description: string; UnitPrice: number; QuantityOrdered: number }>
}

const trackedKey = (salesOrder: string) => `purchase-tracked:${salesOrder}`

function alreadyTracked(salesOrder: string): boolean {
  try {
    return sessionStorage.getItem(trackedKey(salesOrder)) !== null
  } catch {
    return false
  }
}

function markTracked(salesOrder: string) {
  try {
    sessionStorage.setItem(trackedKey(salesOrder), '1')
  } catch {
    // private mode: the event may be sent twice on a reload, which analytics tolerates
  }
}

/**
 * Pushes `{event: 'purchase', ecommerce: {...}}` to `window[hook]` (created when missing), once per order
 * per browser session: a reload or a second report of the same order does not count it twice.
 */
export function trackPurchase(hook: string, order: PurchasedOrder) {
  if (alreadyTracked(order.SalesOrder)) return
  const target = window as unknown as Record<string, unknown>
  const layer = (Array.isArray(target[hook]) ? target[hook] : (target[hook] = [])) as unknown[]
  // GTM keeps ecommerce objects between pushes; clearing first stops one order's items leaking into the next.
  layer.push({ ecommerce: null })
  layer.push({
    event: 'purchase',
    ecommerce: {
      transaction_id: order.SalesOrder,
      value: order.ExtendedInc,
      tax: order.TaxTotal,
      currency: 'AUD',
      items: order.items.map((item) => ({
        item_id: item.ProductCode,
        item_name: item.Description,
        price: item.UnitPrice,
        quantity: item.QuantityOrdered,
      })),
    },
  })
  markTracked(order.SalesOrder)
}
