import { Link } from 'react-router'
import type { StandingOrder } from '@portal/contract/standing-orders'
import { Spinner } from '../../../components/ui/spinner'
import table from '../../../components/ui/table.module.css'
import { serverMessage } from '../../../lib/api'
import { formatDate } from '../../../lib/format'
import { useSession } from '../../../lib/session'
import { useStandingOrders } from '../api/standing-orders'
import { NotForResellers } from './not-for-resellers'
import { RunOutcome } from './run-outcome'
import styles from './standing-orders.module.css'

/**
 * /standing-orders: the user's standing orders (an Administrator's: the account's), each with its list, branch,
 * schedule, next run and what became of its last run. Resellers order through their branch: they have none.
 */
export function StandingOrdersScreen() {
  const session = useSession()
  const reseller = session?.user.isElders === true
  const orders = useStandingOrders(!reseller)
  // An Administrator sees every standing order of the account: each says whose it is.
  const showOwner = session?.user.Role === 'Administrator'

  return (
    <section className="page" aria-labelledby="standing-orders-heading">
      <title>Standing Orders</title>
      <h1 id="standing-orders-heading">Standing Orders</h1>
      {reseller ? (
        <NotForResellers />
      ) : (
        <>
          <p className={styles.lead}>
            A standing order places a saved list again and again, every few weeks or on days of the month. To make one, open a{' '}
            <Link to="/lists">saved list</Link> and choose &ldquo;Make a standing order&rdquo;.
          </p>
          {orders.isPending ? (
            <div className={table.loading}>
              <Spinner label="Loading standing orders" size="large" />
            </div>
          ) : orders.isError ? (
            <p className={table.empty} role="alert">
              {serverMessage(orders.error, 'Your standing orders could not be loaded.')}
            </p>
          ) : orders.data.length === 0 ? (
            <p className={table.empty}>You have no standing orders yet.</p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={table.table}>
                <thead>
                  <tr>
                    <th scope="col">List</th>
                    <th scope="col">Branch</th>
                    <th scope="col">How often</th>
                    <th scope="col">Next order</th>
                    <th scope="col">Last order</th>
                  </tr>
                </thead>
                <tbody>
                  {orders.data.map((order) => (
                    <Row key={order.id} order={order} showOwner={showOwner} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  )
}

function Row({ order, showOwner }: { order: StandingOrder; showOwner: boolean }) {
  const last = order.lastRun
  return (
    <tr>
      {/* One span a cell, so that a row laid out as a card keeps each cell's lines together. */}
      <td data-label="List">
        <span>
          <Link to={`/standing-orders/${order.id}`}>{order.listName}</Link>
          {showOwner && <span className={styles.sub}>for {order.owner}</span>}
        </span>
      </td>
      <td data-label="Branch">{order.branchName}</td>
      <td data-label="How often">{order.scheduleText}</td>
      <td data-label="Next order" className={table.nowrap}>
        {order.status === 'paused' || order.nextRun === null ? <span className={styles.paused}>Paused</span> : formatDate(order.nextRun)}
      </td>
      <td data-label="Last order">
        {last ? (
          <span>
            <RunOutcome run={last} standingOrderId={order.id} />
            <span className={styles.sub}>{formatDate(last.RanOn)}</span>
          </span>
        ) : (
          <span className={styles.muted}>None yet</span>
        )}
      </td>
    </tr>
  )
}
