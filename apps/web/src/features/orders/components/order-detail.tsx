import type { ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import type { OrderDetail as Order } from '@portal/contract/orders'
import { Button } from '../../../components/ui/button'
import { DeliveryAddress, DocumentLines, DocumentStatus } from '../../../components/ui/document'
import { StatusDot } from '../../../components/ui/status-dot'
import { notify } from '../../../components/ui/toast'
import { formatDate } from '../../../lib/format'
import { useSession } from '../../../lib/session'
import { useOrder } from '../api/get-order'
import { useReorder } from '../api/reorder'
import { placedAs } from '../placed-as'
import { priceChangeMessage, reorderMessage } from './reorder-message'
import styles from '../../../components/ui/document.module.css'

type OrderDetailProps = {
  id: string
  /** The buttons to the order's invoices; the invoices feature draws them, given the order number. */
  relatedInvoices?: (salesOrder: string) => ReactNode
  /** "Save as list" for the order's lines (the saved lists feature, composed by the app). */
  saveAsList?: (order: Order) => ReactNode
}

/** Reorder is offered when the order has items and is not cancelled. */
export const canReorder = (order: Pick<Order, 'items' | 'SalesOrderStatus'>) =>
  order.items.length > 0 && order.SalesOrderStatus.trim().toLowerCase() !== 'cancelled'

export function OrderDetail({ id, relatedInvoices, saveAsList }: OrderDetailProps) {
  const { data: order, isPending, error } = useOrder(id)

  if (!order) {
    return (
      <DocumentStatus
        title="Order Details"
        headingId="order-heading"
        pending={isPending}
        error={error}
        loadingLabel="Loading this order"
        notFound={`There is no order ${id} on your account.`}
        failed="This order could not be loaded."
        back={{ to: '/orders', label: 'Back to Order History' }}
      />
    )
  }
  return <OrderView order={order} relatedInvoices={relatedInvoices} saveAsList={saveAsList} />
}

function OrderView({ order, relatedInvoices, saveAsList }: { order: Order } & Pick<OrderDetailProps, 'relatedInvoices' | 'saveAsList'>) {
  const session = useSession()
  const navigate = useNavigate()
  const reorder = useReorder()

  const onReorder = () => {
    if (!session) return
    reorder.mutate(
      { id: order.SalesOrder, warehouse: session.currentWarehouse },
      {
        onSuccess: (result) => {
          const message = reorderMessage(result)
          if (message.kind === 'none') {
            notify.error(message.text)
            return
          }
          if (message.kind === 'all') notify.success(message.text)
          else notify.message(message.text)
          const prices = priceChangeMessage(result)
          if (prices) notify.message(prices)
          void navigate('/cart')
        },
        onError: () => notify.error('An error occured reordering this order'),
      },
    )
  }

  return (
    <section className="page" aria-labelledby="order-heading">
      <title>{`Order ${order.SalesOrder}`}</title>
      <Link to="/orders" className={styles.back}>
        ← Order History
      </Link>
      <div className={styles.header}>
        <div>
          <h1 id="order-heading">Order Details</h1>
          <p className={styles.subtitle}>
            {order.SalesOrder}
            {placedAs(order) && ` (placed as ${placedAs(order)})`} · <StatusDot status={order.SalesOrderStatus} />
          </p>
        </div>
        {(canReorder(order) || saveAsList) && (
          <div className={styles.actions}>
            {saveAsList?.(order)}
            {canReorder(order) && (
              <Button onClick={onReorder} disabled={reorder.isPending}>
                {reorder.isPending ? 'Reordering...' : 'Reorder'}
              </Button>
            )}
          </div>
        )}
      </div>

      <div className={styles.panels}>
        <section className={styles.panel} aria-labelledby="order-facts">
          <h2 id="order-facts">Order</h2>
          <dl className={styles.facts}>
            <dt>Order #</dt>
            <dd>{order.SalesOrder}</dd>
            {placedAs(order) && (
              <>
                <dt>Placed as</dt>
                <dd>{placedAs(order)}</dd>
              </>
            )}
            <dt>Date Ordered</dt>
            <dd>{formatDate(order.EnterDate)}</dd>
            <dt>Purchase Order</dt>
            <dd>{order.CustomerPurchaseOrder || '-'}</dd>
            {order.Description && (
              <>
                <dt>Description</dt>
                <dd>{order.Description}</dd>
              </>
            )}
            <dt>Status</dt>
            <dd>
              <StatusDot status={order.SalesOrderStatus} />
            </dd>
            <dt>Ship Date</dt>
            <dd>{order.ShipDate ? formatDate(order.ShipDate) : 'Not shipped yet'}</dd>
            <dt>Branch</dt>
            <dd>{order.WarehouseName}</dd>
          </dl>
        </section>
        <section className={styles.panel} aria-labelledby="order-delivery">
          <h2 id="order-delivery">{order.DeliveryType === 2 ? 'Pickup' : 'Delivery'}</h2>
          <DeliveryAddress to={order} />
          {order.CarrierName && (
            <dl className={styles.facts} style={{ marginTop: 10 }}>
              <dt>Carrier</dt>
              <dd>{order.CarrierName}</dd>
              {order.CarrierInstructions && (
                <>
                  <dt>Instructions</dt>
                  <dd>{order.CarrierInstructions}</dd>
                </>
              )}
            </dl>
          )}
        </section>
        <section className={styles.panel} aria-labelledby="order-contact">
          <h2 id="order-contact">Contact</h2>
          <dl className={styles.facts}>
            {order.Contact && (
              <>
                <dt>Name</dt>
                <dd>{order.Contact}</dd>
              </>
            )}
            <dt>Email</dt>
            <dd>{order.Email ? <a href={`mailto:${order.Email}`}>{order.Email}</a> : '-'}</dd>
            <dt>Phone</dt>
            <dd>{order.Phone || '-'}</dd>
            {order.Fax && (
              <>
                <dt>Fax</dt>
                <dd>{order.Fax}</dd>
              </>
            )}
          </dl>
        </section>
      </div>

      {relatedInvoices && <div className={styles.related}>{relatedInvoices(order.SalesOrder)}</div>}

      <DocumentLines
        headingId="order-lines"
        items={order.items}
        totals={{ ex: order.ExtendedEx, gst: order.TaxTotal, inc: order.ExtendedInc }}
        linkProducts
        emptyText="This order has no items."
      />
    </section>
  )
}
