import { Link } from 'react-router'
import { DateFilters } from '../../../components/ui/date-filters'
import { ListResults } from '../../../components/ui/list-results'
import table from '../../../components/ui/table.module.css'
import { formatDate } from '../../../lib/format'
import { backOrdersQuery } from '../api/get-back-orders'
import { useOrderList } from './use-order-list'

/** Items on Back Order: loads at once with six months ago to today, then pages of 100. */
export function BackOrdersScreen() {
  const { rows, dateFilters, results, branchFilter } = useOrderList(backOrdersQuery)

  return (
    <section className="page" aria-labelledby="back-orders-heading">
      <title>Items on Back Order</title>
      <h1 id="back-orders-heading">Items on Back Order</h1>
      <DateFilters {...dateFilters} searchLabel="Search" searchPlaceholder="Product, code or order #">
        {branchFilter}
      </DateFilters>

      <ListResults {...results} loadingLabel="Loading your back orders" moreLabel="Load more orders">
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
      </ListResults>
    </section>
  )
}
