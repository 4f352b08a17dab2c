import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { DateFilters } from '../../../components/ui/date-filters'
import { ListResults } from '../../../components/ui/list-results'
import { StatusDot } from '../../../components/ui/status-dot'
import table from '../../../components/ui/table.module.css'
import { notify } from '../../../components/ui/toast'
import { formatDate, formatDollars } from '../../../lib/format'
import { useSession } from '../../../lib/session'
import { ordersQuery } from '../api/get-orders'
import { justPlacedOf } from '../just-placed'
import { placedAs } from '../placed-as'
import styles from './orders-screen.module.css'
import { useOrderList } from './use-order-list'

/**
 * A card payment that went through comes back to /orders?approved={SalesOrder}: say so once, then tidy the address.
 * Answers the order's number, kept past the tidying, so that the order is shown as the one just placed.
 */
function usePaymentApproved(): string | null {
  const [params, setParams] = useSearchParams()
  const [approvedOrder] = useState(() => params.get('approved'))
  const approved = params.has('approved')
  const shown = useRef(false)
  useEffect(() => {
    if (!approved || shown.current) return
    shown.current = true
    notify.success('Payment Approved.')
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete('approved')
        return next
      },
      { replace: true },
    )
  }, [approved, setParams])
  return approvedOrder
}

export function OrdersScreen() {
  const approvedOrder = usePaymentApproved()
  const email = useSession()?.user.Email ?? null
  const { rows: listed, dateFilters, results, branchFilter, withBranches, sites } = useOrderList(ordersQuery)
  // Opened by the checkout: the order just placed is at the top, marked new, whatever the list has loaded yet. After
  // a card payment it is the order the provider's return names, once the list has it (its confirmation went to the
  // payer, the signed-in user).
  const paid = approvedOrder ? listed.find((o) => o.SalesOrder === approvedOrder) : undefined
  const justPlaced = justPlacedOf(useLocation().state) ?? (paid ? { ...paid, ConfirmationEmail: email } : null)
  const rows = justPlaced ? [justPlaced, ...listed.filter((o) => o.OrderID !== justPlaced.OrderID)] : listed
  const siteName = new Map((sites ?? []).map((s) => [s.SiteCode, s.Name]))

  return (
    <section className="page" aria-labelledby="orders-heading">
      <title>Order History</title>
      <h1 id="orders-heading">Order History</h1>
      {justPlaced && (
        <p className={styles.placed} role="status">
          Order <strong>{justPlaced.SalesOrder}</strong> is placed.{' '}
          {justPlaced.ConfirmationEmail ? (
            <>
              Its confirmation was e-mailed to <strong className={styles.email}>{justPlaced.ConfirmationEmail}</strong>.
            </>
          ) : (
            'It is at the top of the list below.'
          )}
        </p>
      )}
      <DateFilters {...dateFilters} searchLabel="Search" searchPlaceholder="Order #, purchase order or description">
        {branchFilter}
      </DateFilters>

      <ListResults {...results} loadingLabel="Loading your orders" moreLabel="Load more orders">
        <table className={`${table.table} ${table.compact}`}>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Order #</th>
              <th scope="col">Purchase Order</th>
              {withBranches && <th scope="col">Delivery Site</th>}
              <th scope="col">Status</th>
              <th scope="col" className={table.num}>
                Lines
              </th>
              <th scope="col" className={table.num}>
                Ex GST
              </th>
              <th scope="col" className={table.num}>
                GST
              </th>
              <th scope="col" className={table.num}>
                Total Inc GST
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((o) => (
              <tr key={o.OrderID} className={o.OrderID === justPlaced?.OrderID ? styles.newRow : undefined}>
                <td data-label="Date" className={table.nowrap}>
                  {formatDate(o.EnterDate)}
                </td>
                <td data-label="Order #">
                  <Link to={`/orders/${encodeURIComponent(o.SalesOrder)}`}>{o.SalesOrder}</Link>
                  {o.OrderID === justPlaced?.OrderID && <span className={styles.newBadge}>New</span>}
                  {placedAs(o) && <span className={styles.placedAs}>placed as {placedAs(o)}</span>}
                </td>
                <td data-label="Purchase Order">{o.CustomerPurchaseOrder}</td>
                {withBranches && <td data-label="Delivery Site">{(o.SiteCode && siteName.get(o.SiteCode)) ?? o.SiteCode}</td>}
                <td data-label="Status">
                  <StatusDot status={o.SalesOrderStatus} />
                </td>
                <td data-label="Lines" className={table.num}>
                  {o.NumLines}
                </td>
                <td data-label="Ex GST" className={table.num}>
                  {formatDollars(o.ExtendedEx)}
                </td>
                <td data-label="GST" className={table.num}>
                  {formatDollars(o.TaxTotal)}
                </td>
                <td data-label="Total Inc GST" className={table.num}>
                  {formatDollars(o.ExtendedInc)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListResults>
    </section>
  )
}
