import { Link } from 'react-router'
import { Spinner } from '../../../components/ui/spinner'
import table from '../../../components/ui/table.module.css'
import { serverMessage } from '../../../lib/api'
import { formatDate, formatDollars } from '../../../lib/format'
import { useSession } from '../../../lib/session'
import { useApprovals } from '../api/approvals'
import { ApprovalStatus } from './approval-status'
import styles from './approvals.module.css'

/**
 * /approvals: the orders over a spending limit the user may see (their own, those they approve; an Administrator
 * every one of the account), waiting ones first. Resellers order through their branch: they have none.
 */
export function ApprovalsScreen() {
  const session = useSession()
  const reseller = session?.user.isElders === true
  const approvals = useApprovals(!reseller)

  return (
    <section className="page" aria-labelledby="approvals-heading">
      <title>Approvals</title>
      <h1 id="approvals-heading">Approvals</h1>
      {reseller ? (
        <p className={styles.lead}>Your orders go through your branch, so they never wait for approval here.</p>
      ) : (
        <>
          <p className={styles.lead}>
            Orders over a spending limit wait here until they are approved or rejected. An approved order is placed at the prices of the day it is approved.
          </p>
          {approvals.isPending ? (
            <div className={table.loading}>
              <Spinner label="Loading approvals" size="large" />
            </div>
          ) : approvals.isError ? (
            <p className={table.empty} role="alert">
              {serverMessage(approvals.error, 'Your approvals could not be loaded.')}
            </p>
          ) : approvals.data.length === 0 ? (
            <p className={table.empty}>No orders have needed approval.</p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={table.table}>
                <thead>
                  <tr>
                    <th scope="col">Submitted</th>
                    <th scope="col">By</th>
                    <th scope="col">Purchase order</th>
                    <th scope="col">Branch</th>
                    <th scope="col" className={table.num}>
                      Total inc GST
                    </th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {approvals.data.map((approval) => (
                    <tr key={approval.id} className={approval.status === 'awaiting' ? undefined : styles.closed}>
                      <td data-label="Submitted" className={table.nowrap}>
                        {formatDate(approval.SubmittedAt)}
                      </td>
                      <td data-label="By">{approval.SubmittedBy}</td>
                      <td data-label="Purchase order">
                        <Link to={`/approvals/${approval.id}`}>{approval.CustomerPurchaseOrder || `Order ${approval.id}`}</Link>
                      </td>
                      <td data-label="Branch">{approval.BranchName}</td>
                      <td data-label="Total inc GST" className={table.num}>
                        {formatDollars(approval.SubmittedInc)}
                      </td>
                      <td data-label="Status">
                        <ApprovalStatus approval={approval} />
                      </td>
                    </tr>
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
