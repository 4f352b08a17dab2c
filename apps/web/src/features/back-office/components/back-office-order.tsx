import type { StaffOrder } from '@portal/contract/back-office-orders'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { formatDate } from '../../../lib/format'
import { serverMessage } from '../../../lib/api'
import { backOfficeKeys, staffApi } from '../api'
import { CHANNEL_WORDS, dollars, ERP_WORDS } from './back-office-orders'
import { when } from './back-office-users'
import styles from './back-office.module.css'

const PAYMENT_WORDS: Record<NonNullable<StaffOrder['payment']>['state'], string> = {
  pending: 'Waiting for the card',
  capturing: 'Being taken',
  completed: 'Paid',
  failed: 'Failed',
  superseded: 'Replaced by a later payment',
}

const EMAIL_WORDS: Record<StaffOrder['emails'][number]['status'], string> = {
  pending: 'Waiting to be sent',
  sent: 'Sent',
  failed: 'Could not be sent',
  kept: 'Kept in the outbox (no mail server)',
}

/** /staff/orders/:id: one order whole, read only, as the customer's order screen shows it and more. */
export function BackOfficeOrderScreen() {
  const id = useParams().id ?? ''
  const order = useQuery({ queryKey: backOfficeKeys.order(id), queryFn: () => staffApi.get<StaffOrder>(`orders/${encodeURIComponent(id)}`) })
  if (order.isPending) return <p>Loading...</p>
  if (order.isError) return <p role="alert">{serverMessage(order.error, 'This order could not be loaded.')}</p>
  return <OrderPage order={order.data} />
}

function OrderPage({ order: o }: { order: StaffOrder }) {
  return (
    <>
      <title>{`Order ${o.salesOrder}`}</title>
      <p>
        <Link to="/staff/orders">Orders</Link>
      </p>
      <h1>Order {o.salesOrder}</h1>
      <section className={styles.panel} aria-labelledby="order-heading">
        <h2 id="order-heading">Order</h2>
        <dl>
          <dt>Order #</dt>
          <dd>{o.salesOrder}</dd>
          {o.portalOrderId && o.portalOrderId !== o.salesOrder && (
            <>
              <dt>Placed as</dt>
              <dd>{o.portalOrderId}</dd>
            </>
          )}
          <dt>Account</dt>
          <dd>
            <Link to={`/staff/accounts/${encodeURIComponent(o.account.code)}`}>
              {o.account.name} ({o.account.code})
            </Link>
          </dd>
          <dt>Status</dt>
          <dd>{o.status}</dd>
          <dt>Placed</dt>
          <dd>{CHANNEL_WORDS[o.channel]}</dd>
          <dt>Branch</dt>
          <dd>{o.branchName ? `${o.branchName} (${o.branch})` : o.branch}</dd>
          <dt>Entered</dt>
          <dd>{formatDate(o.enterDate)}</dd>
          {o.shipDate && (
            <>
              <dt>Shipped</dt>
              <dd>{formatDate(o.shipDate)}</dd>
            </>
          )}
          <dt>Purchase order</dt>
          <dd>{o.purchaseOrder || 'None'}</dd>
          {o.description && (
            <>
              <dt>Description</dt>
              <dd>{o.description}</dd>
            </>
          )}
          <dt>Placed by</dt>
          <dd>{o.placedBy ? `${o.placedBy.name} (${o.placedBy.username}, ${o.placedBy.email})` : 'Not recorded'}</dd>
          {o.enteredBy && (
            <>
              <dt>Entered by</dt>
              <dd>{o.enteredBy} (back office)</dd>
            </>
          )}
          {o.channel !== 'erp' && (
            <>
              <dt>Placed at</dt>
              <dd>{when(o.placedAt)}</dd>
            </>
          )}
          {o.erp && (
            <>
              <dt>ERP</dt>
              <dd className={o.erp.state === 'late' ? styles.late : undefined}>
                {ERP_WORDS[o.erp.state]}
                {o.erp.acknowledgedAt && `, ${when(o.erp.acknowledgedAt)}`}
                {!o.erp.acknowledgedAt && o.erp.collectedAt && ` (last taken by the orders feed ${when(o.erp.collectedAt)})`}
                {!o.erp.acknowledgedAt && o.erp.exportedAt && ` (written to the ERP's files ${when(o.erp.exportedAt)})`}
              </dd>
            </>
          )}
        </dl>
      </section>
      <section className={styles.panel} aria-labelledby="delivery-heading">
        <h2 id="delivery-heading">Delivery</h2>
        <dl>
          <dt>Deliver to</dt>
          <dd>
            {[o.delivery.name, o.delivery.address].filter(Boolean).join(', ') || 'Not given'}
            {o.delivery.siteCode && ` (site ${o.delivery.siteCode})`}
          </dd>
          <dt>Carrier</dt>
          <dd>{o.delivery.carrier || 'Not given'}</dd>
          {o.delivery.instructions && (
            <>
              <dt>Instructions</dt>
              <dd>{o.delivery.instructions}</dd>
            </>
          )}
          <dt>Contact</dt>
          <dd>{[o.contact.name, o.contact.phone, o.contact.email].filter(Boolean).join(', ') || 'Not given'}</dd>
        </dl>
      </section>
      <section className={styles.panel} aria-labelledby="lines-heading">
        <h2 id="lines-heading">Lines</h2>
        <div className={styles.tableWrap} role="region" aria-label="Order lines" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Quantity</th>
                <th scope="col">Back ordered</th>
                <th scope="col">Supplied</th>
                <th scope="col">Unit price ex GST</th>
                <th scope="col">Total ex GST</th>
                <th scope="col">GST</th>
                <th scope="col">Total inc GST</th>
              </tr>
            </thead>
            <tbody>
              {o.lines.map((l) => (
                <tr key={l.lineNo}>
                  <td>
                    {l.productCode} {l.description}
                  </td>
                  <td data-label="Quantity">{l.quantity}</td>
                  <td data-label="Back ordered">{l.backOrdered}</td>
                  <td data-label="Supplied">{l.supplied}</td>
                  <td data-label="Unit price ex GST">{dollars(l.unitPriceCents)}</td>
                  <td data-label="Total ex GST">{dollars(l.totalExCents)}</td>
                  <td data-label="GST">{dollars(l.gstCents)}</td>
                  <td data-label="Total inc GST">{dollars(l.totalIncCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl>
          <dt>Total ex GST</dt>
          <dd>{dollars(o.totalExCents)}</dd>
          <dt>GST</dt>
          <dd>{dollars(o.gstCents)}</dd>
          <dt>Total inc GST</dt>
          <dd>{dollars(o.totalIncCents)}</dd>
        </dl>
      </section>
      {o.payment && (
        <section className={styles.panel} aria-labelledby="payment-heading">
          <h2 id="payment-heading">Card payment</h2>
          <dl>
            <dt>Reference</dt>
            <dd>{o.payment.reference}</dd>
            <dt>Amount</dt>
            <dd>{dollars(o.payment.amountCents)}</dd>
            <dt>State</dt>
            <dd>
              {PAYMENT_WORDS[o.payment.state]}
              {o.payment.completedAt && `, ${when(o.payment.completedAt)}`}
            </dd>
            <dt>Provider</dt>
            <dd>
              {o.payment.provider}
              {o.payment.transactionId && `, transaction ${o.payment.transactionId}`}
            </dd>
          </dl>
        </section>
      )}
      <section className={styles.panel} aria-labelledby="emails-heading">
        <h2 id="emails-heading">E-mails about this order</h2>
        {o.emails.length === 0 ? (
          <p>The outbox holds no e-mail about this order.</p>
        ) : (
          <div className={styles.tableWrap} role="region" aria-label="E-mails about this order" tabIndex={0}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Subject</th>
                  <th scope="col">To</th>
                  <th scope="col">State</th>
                  <th scope="col">When</th>
                </tr>
              </thead>
              <tbody>
                {o.emails.map((m) => (
                  <tr key={m.id}>
                    <td>{m.subject}</td>
                    <td data-label="To">{m.to}</td>
                    <td data-label="State">{EMAIL_WORDS[m.status]}</td>
                    <td data-label="When">{when(m.sentAt ?? m.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  )
}
