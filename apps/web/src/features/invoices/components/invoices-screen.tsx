import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'
import { DateFilters, defaultDateFilters } from '../../../components/ui/date-filters'
import { Spinner } from '../../../components/ui/spinner'
import table from '../../../components/ui/table.module.css'
import { notify } from '../../../components/ui/toast'
import { formatDate, formatDollars } from '../../../lib/format'
import { usePageFailures } from '../../../lib/paged-list'
import { useInvoices, type InvoiceFilters } from '../api/get-invoices'
import { invoiceTypeName } from './invoice-type'

export function InvoicesScreen() {
  const [filters, setFilters] = useState<InvoiceFilters>(() => defaultDateFilters())
  const [emptied, setEmptied] = useState(false)
  const invoices = useInvoices(filters)
  usePageFailures(invoices, (kind) => {
    if (kind === 'more') {
      notify.error('An error occured loading more invoices.')
      setEmptied(true)
    } else notify.error('An error occured loading your invoices.')
  })
  const rows = emptied ? [] : (invoices.data?.pages.flat() ?? [])

  return (
    <section className="page" aria-labelledby="invoices-heading">
      <title>Invoice History</title>
      <h1 id="invoices-heading">Invoice History</h1>
      <DateFilters
        initial={defaultDateFilters()}
        onSearch={(values) => {
          setEmptied(false)
          setFilters(values)
        }}
        searchLabel="Search"
        searchPlaceholder="Invoice #, order #, purchase order"
      />

      {invoices.isPending ? (
        <div className={table.loading}>
          <Spinner label="Loading your invoices" size="large" />
        </div>
      ) : rows.length === 0 ? (
        <p className={table.empty}>No results</p>
      ) : (
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
                  {formatDollars(i.Amount)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {!emptied && invoices.hasNextPage && (
        <div className={table.more}>
          <Button variant="secondary" onClick={() => void invoices.fetchNextPage()} disabled={invoices.isFetchingNextPage}>
            {invoices.isFetchingNextPage ? 'Loading...' : 'Load more invoices'}
          </Button>
        </div>
      )}
    </section>
  )
}
