import type { StockAlert } from '@portal/contract/stock-alerts'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import table from '../../../components/ui/table.module.css'
import { notify } from '../../../components/ui/toast'
import { serverMessage } from '../../../lib/api'
import { formatDate } from '../../../lib/format'
import { useCancelStockAlert, useStockAlerts } from '../api/stock-alerts'
import styles from './stock-alerts.module.css'

const STATUS: Record<StockAlert['status'], string> = { waiting: 'Waiting', notified: 'E-mailed', cancelled: 'Cancelled', lapsed: 'Lapsed' }

/** What happened to a request, and when. */
function statusText(alert: StockAlert): string {
  if (alert.status === 'waiting') return `Waiting until ${formatDate(alert.lapsesAt)}`
  return `${STATUS[alert.status]} ${formatDate(alert.closedAt)}`
}

/** /stock-alerts: the user's back-in-stock requests, waiting ones first, each waiting one with a Cancel button. */
export function StockAlertsScreen() {
  const alerts = useStockAlerts()
  const cancel = useCancelStockAlert()

  const cancelOne = (alert: StockAlert) =>
    cancel.mutate(alert.id, {
      onSuccess: () => notify.success('Stock alert cancelled.'),
      onError: (failure) => notify.error(serverMessage(failure, 'The alert could not be cancelled.')),
    })

  return (
    <section className="page" aria-labelledby="stock-alerts-heading">
      <title>Stock alerts</title>
      <h1 id="stock-alerts-heading">Stock alerts</h1>
      <p className={styles.lead}>
        Products you asked to hear about. We e-mail you once when the branch has the quantity you asked for (or any, when you gave none); a request lapses after
        90 days. Ask with “Notify me” on a product that is out of stock.
      </p>
      {alerts.isPending ? (
        <div className={table.loading}>
          <Spinner label="Loading your stock alerts" size="large" />
        </div>
      ) : alerts.isError ? (
        <p className={table.empty}>Your stock alerts could not be loaded.</p>
      ) : alerts.data.length === 0 ? (
        <p className={table.empty}>You have no stock alerts.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={table.table}>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Branch</th>
                <th scope="col" className={table.num}>
                  Quantity
                </th>
                <th scope="col">Asked</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {alerts.data.map((alert) => (
                <tr key={alert.id} className={alert.status === 'waiting' ? undefined : styles.closed}>
                  <td data-label="Product">
                    <Link to={`/product/${alert.ProductID}`}>{alert.Description}</Link> <span className="tabular">{alert.ProductCode}</span>
                  </td>
                  <td data-label="Branch">{alert.BranchName}</td>
                  <td data-label="Quantity" className={table.num}>
                    {alert.quantity === null ? 'Any' : alert.quantity.toLocaleString('en-AU')}
                  </td>
                  <td data-label="Asked" className={table.nowrap}>
                    {formatDate(alert.createdAt)}
                  </td>
                  <td data-label="Status">{statusText(alert)}</td>
                  <td data-label="Actions">
                    {alert.status === 'waiting' && (
                      <Button
                        variant="secondary"
                        onClick={() => cancelOne(alert)}
                        disabled={cancel.isPending && cancel.variables === alert.id}
                        aria-label={`Cancel the alert for ${alert.Description} at ${alert.BranchName}`}
                      >
                        Cancel
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
