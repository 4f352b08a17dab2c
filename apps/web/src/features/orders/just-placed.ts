import type { PlacedOrder } from '@portal/contract/checkout'
import type { OrderListRow } from '@portal/contract/orders'
import { toWireDate } from '../../lib/format'

/** The order the checkout has just placed, as the order history shows it on landing: at the top, marked new. */
export type JustPlaced = OrderListRow & { ConfirmationEmail: string | null }

/** What the checkout hands the order history in the navigation state. */
export type OrdersLandingState = { justPlaced: JustPlaced }

export function justPlacedState(order: PlacedOrder, purchaseOrder: string, description: string, siteCode: string | null): OrdersLandingState {
  return {
    justPlaced: {
      OrderID: order.OrderID,
      EnterDate: toWireDate(new Date()),
      CustomerPurchaseOrder: order.CustomerPurchaseOrder || purchaseOrder,
      SalesOrder: order.SalesOrder,
      PortalOrderId: order.SalesOrder,
      SalesOrderStatus: order.SalesOrderStatus,
      Description: description,
      NumLines: order.items.length,
      ExtendedEx: order.ExtendedEx,
      TaxTotal: order.TaxTotal,
      ExtendedInc: order.ExtendedInc,
      SiteCode: siteCode,
      ConfirmationEmail: order.ConfirmationEmail ?? null,
    },
  }
}

/** The order just placed, when the history was opened by the checkout (a history entry keeps it over a reload). */
export function justPlacedOf(state: unknown): JustPlaced | null {
  const placed = (state as Partial<OrdersLandingState> | null)?.justPlaced
  return placed && typeof placed.OrderID === 'number' && typeof placed.SalesOrder === 'string' ? placed : null
}
