import { Link } from 'react-router'
import type { InvoiceListRow } from '@portal/contract/invoices'
import type { PaymentSettings } from '@portal/contract/payments'
import { DateFilters } from '../../../components/ui/date-filters'
import { ListResults } from '../../../components/ui/list-results'
import table from '../../../components/ui/table.module.css'
import { useListFilters } from '../../../components/ui/use-list-filters'
import { formatDate, formatDollars } from '../../../lib/format'
import { invoicesQuery } from '../api/get-invoices'
import { invoiceTypeName } from './invoice-type'
import styles from './invoices-screen.module.css'
import { PayInvoices } from './pay-invoices'

/** The messages when the first page, or a further one, fails to load, word for word. */
const failures = { first: 'An error occured loading your invoices.', more: 'An error occured loading more invoices.' }

/**
 * What a history row says of the invoice's payment (decision 0095): paid in full, or partly with what is still owing,
 * by the ERP's Outstanding less the payments made here it has not processed yet; nothing when unpaid or not known.
 */
export function paidLabel(row: Pick<InvoiceListRow, 'Paid' | 'Open'>): string | null {
  if (row.Paid === 'paid') return 'Paid'
  if (row.Paid === 'part paid') return row.Open === null ? 'Partly paid' : `Partly paid, ${formatDollars(row.Open)} owing`
  return null
}

/** Invoice History, with the open invoices and paying them by card above it (decision 0090). */
export function InvoicesScreen({ payments }: { payments?: PaymentSettings | undefined }) {
  const { rows, dateFilters, results } = useListFilters(invoicesQuery, {}, failures)

  return (
    <section className="page" aria-labelledby="invoices-heading">
      <title>Invoice History</title>
      <h1 id="invoices-heading">Invoice History</h1>
      <PayInvoices payments={payments} />
      <DateFilters {...dateFilters} searchLabel="Search" searchPlaceholder="Invoice #, order #, purchase order" />

      <ListResults {...results} loadingLabel="Loading your invoices" moreLabel="Load more invoices">
        <table className={`${table.table} ${table.compact}`}>
          <thead>
            <tr>
              <th scope="col">Invoice #</th>
              <th scope="col">Date</th>
              <th scope="col">Type</th>
              <th scope="col">Order #</th>
              <th scope="col">Purchase Order</th>
              <th scope="col">Due Date</th>
              <th scope="col" className={table.num}>
                Amount Inc GST
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((i) => (
              <tr key={i.InvoiceID}>
                <td data-label="Invoice #">
                  <Link to={`/invoice/${encodeURIComponent(i.Invoice)}`}>{i.Invoice}</Link>
                </td>
                <td data-label="Date" className={table.nowrap}>
                  {formatDate(i.InvoiceDate)}
                </td>
                <td data-label="Type">{invoiceTypeName(i.TransactionType)}</td>
                <td data-label="Order #">{i.SalesOrder ? <Link to={`/orders/${encodeURIComponent(i.SalesOrder)}`}>{i.SalesOrder}</Link> : '-'}</td>
                <td data-label="Purchase Order">{i.CustomerPurchaseOrder}</td>
                <td data-label="Due Date" className={table.nowrap}>
                  {formatDate(i.DueDate)}
                </td>
                <td data-label="Amount Inc GST" data-wide="" className={table.num}>
                  <span>
                    {/* Before the amount, so that the amounts of a column stay aligned. */}
                    {paidLabel(i) && <span className={styles.paid}>{paidLabel(i)}</span>}
                    {formatDollars(i.Amount)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListResults>
    </section>
  )
}
