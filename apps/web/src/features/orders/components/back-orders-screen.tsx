import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'
import { DateFilters, defaultDateFilters, type DateFilterValues } from '../../../components/ui/date-filters'
import { Spinner } from '../../../components/ui/spinner'
import table from '../../../components/ui/table.module.css'
import { notify } from '../../../components/ui/toast'
import { formatDate } from '../../../lib/format'
import { usePageFailures } from '../../../lib/paged-list'
import { useBackOrders } from '../api/get-back-orders'
import { useDeliverySites } from '../api/get-delivery-sites'
import type { OrderFilters } from '../api/get-orders'
import { BranchFilter } from './branch-filter'
import { useBranchFilter } from './use-branch-filter'

/** Items on Back Order (spec section 2): loads at once with six months ago to today, then pages of 100. */
export function BackOrdersScreen() {
  const withBranches = useBranchFilter()
  const [filters, setFilters] = useState<OrderFilters>(() => ({ ...defaultDateFilters(), branch: '0' }))
  const [emptied, setEmptied] = useState(false)
  const sites = useDeliverySites(withBranches)
  const backOrders = useBackOrders(filters)
  usePageFailures(backOrders, (kind) => {
    if (kind === 'more') {
      notify.error('An error occured loading more orders.')
      setEmptied(true)
    } else notify.error('An error occured loading your orders.')
  })

  const apply = (next: Partial<OrderFilters>) => {
    setEmptied(false)
    setFilters((current) => ({ ...current, ...next }))
  }
  const rows = emptied ? [] : (backOrders.data?.pages.flat() ?? [])

  return (
    <section className="page" aria-labelledby="back-orders-heading">
      <title>Items on Back Order</title>
      <h1 id="back-orders-heading">Items on Back Order</h1>
      <DateFilters
        initial={defaultDateFilters()}
        onSearch={(values: DateFilterValues) => apply(values)}
        searchLabel="Search"
        searchPlaceholder="Product, code or order #"
      >
        {withBranches && <BranchFilter sites={sites.data} value={filters.branch} onChange={(branch) => apply({ branch })} />}
      </DateFilters>

      {backOrders.isPending ? (
        <div className={table.loading}>
          <Spinner label="Loading your back orders" size="large" />
        </div>
      ) : rows.length === 0 ? (
        <p className={table.empty}>No results</p>
      ) : (
        <table className={`${table.table} ${table.compact}`}>
          <thead>
            <tr>
              <th scope="col">Product Name</th>
              <th scope="col">Order #</th>
              <th scope="col">Date Ordered</th>
              <th scope="col" className={table.num}>
                Qty Ordered
              </th>
              <th scope="col" className={table.num}>
                Qty on BackOrder
              </th>
              <th scope="col">Expected Shipment Date</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((item, index) => (
              <tr key={`${item.OrderID}-${index}`}>
                <td data-label="Product Name" data-wide="">
                  {item.Description}
                </td>
                <td data-label="Order #">
                  <Link to={`/orders/${encodeURIComponent(item.SalesOrder)}`}>{item.SalesOrder}</Link>
                </td>
                <td data-label="Date Ordered" className={table.nowrap}>
                  {formatDate(item.EnterDate)}
                </td>
                <td data-label="Qty Ordered" className={table.num}>
                  {item.QtyOrdered}
                </td>
                <td data-label="Qty on BackOrder" className={table.num}>
                  {item.QtyOnorder}
                </td>
                <td data-label="Expected Shipment Date" data-wide="" className={table.nowrap}>
                  {item.dueDate ? formatDate(item.dueDate) : 'To be advised'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {!emptied && backOrders.hasNextPage && (
        <div className={table.more}>
          <Button variant="secondary" onClick={() => void backOrders.fetchNextPage()} disabled={backOrders.isFetchingNextPage}>
            {backOrders.isFetchingNextPage ? 'Loading...' : 'Load more orders'}
          </Button>
        </div>
      )}
    </section>
  )
}
