import { useParams } from 'react-router'
import { RelatedInvoices } from '../../features/invoices/components/related-invoices'
import { OrderDetail } from '../../features/orders/components/order-detail'

/** /orders/{id}: the order, with buttons to its invoices (found by the order number). */
export function OrderDetailRoute() {
  const { id = '' } = useParams()
  return <OrderDetail key={id} id={id} relatedInvoices={(salesOrder) => <RelatedInvoices salesOrder={salesOrder} />} />
}
