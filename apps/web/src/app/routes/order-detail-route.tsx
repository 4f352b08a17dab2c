import { useParams } from 'react-router'
import { RelatedInvoices } from '../../features/invoices/components/related-invoices'
import { SaveAsListButton } from '../../features/lists/components/save-as-list-button'
import { OrderDetail } from '../../features/orders/components/order-detail'

/** /orders/{id}: the order, with buttons to its invoices (found by the order number) and "Save as list". */
export function OrderDetailRoute() {
  const { id = '' } = useParams()
  return (
    <OrderDetail
      key={id}
      id={id}
      relatedInvoices={(salesOrder) => <RelatedInvoices salesOrder={salesOrder} />}
      saveAsList={(order) => (
        <SaveAsListButton
          suggestedName={`Order ${order.SalesOrder}`}
          lines={order.items.flatMap((item) =>
            item.ProductID !== null && item.QuantityOrdered > 0 ? [{ ProductID: item.ProductID, Quantity: Math.min(item.QuantityOrdered, 99_999) }] : [],
          )}
        />
      )}
    />
  )
}
