import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { Product } from '@portal/contract/catalogue'
import { Spinner } from '../../../components/ui/spinner'
import table from '../../../components/ui/table.module.css'
import { formatAvailability, formatDate, formatMoney } from '../../../lib/format'
import { useBuyAgain } from '../api/get-buy-again'
import styles from './buy-again.module.css'

type BuyAgainScreenProps = {
  /** The branch the customer is shopping at. */
  warehouse: string
  /** The quantity and add button for a product still sold (the catalogue's form, composed by the app). */
  addToCart: (product: Pick<Product, 'ProductID' | 'Description' | 'Availability'>) => ReactNode
}

/** /buy-again: the products this account ordered most in the last 12 months, each ready to add again. */
export function BuyAgainScreen({ warehouse, addToCart }: BuyAgainScreenProps) {
  const items = useBuyAgain(warehouse)
  return (
    <section className="page" aria-labelledby="buy-again-heading">
      <title>Buy Again</title>
      <h1 id="buy-again-heading">Buy Again</h1>
      <p className={styles.lead}>What your account ordered most in the last 12 months, with today’s prices and stock at this branch.</p>
      {items.isPending ? (
        <div className={table.loading}>
          <Spinner label="Loading what you order most" size="large" />
        </div>
      ) : items.isError ? (
        <p className={table.empty}>An error occured loading the products you order most.</p>
      ) : items.data.length === 0 ? (
        <p className={table.empty}>Your account has not ordered anything in the last 12 months.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={table.table}>
            <thead>
              <tr>
                <th scope="col">Product Code</th>
                <th scope="col">Description</th>
                <th scope="col">Last ordered</th>
                <th scope="col" className={table.num}>
                  Last qty
                </th>
                <th scope="col" className={table.num}>
                  Orders
                </th>
                <th scope="col">Availability</th>
                <th scope="col" className={table.num}>
                  Price <small>(ex GST)</small>
                </th>
                <th scope="col">
                  <span className="sr-only">Add to cart</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.data.map((item) => (
                <tr key={item.ProductID}>
                  <td data-label="Product Code" className={table.nowrap}>
                    {item.ProductCode}
                  </td>
                  <td data-label="Description">
                    {item.Product ? (
                      <Link to={`/product/${item.ProductID}`}>{item.Description}</Link>
                    ) : (
                      <span className={styles.notSold}>{item.Description}</span>
                    )}
                  </td>
                  <td data-label="Last ordered" className={table.nowrap}>
                    {formatDate(item.LastOrderDate)}
                  </td>
                  <td data-label="Last qty" className={table.num}>
                    {item.LastQuantity}
                  </td>
                  <td data-label="Orders" className={table.num}>
                    {item.Orders}
                  </td>
                  <td data-label="Availability">{formatAvailability(item.Product)}</td>
                  <td data-label="Price (ex GST)" className={`money ${table.num}`}>
                    {item.Product ? `$${formatMoney(item.Product.SinglePricing.Price)}` : '—'}
                  </td>
                  <td>
                    {item.Product ? (
                      <div className={styles.add}>
                        {addToCart({ ProductID: item.ProductID, Description: item.Description, Availability: item.Product.Availability })}
                      </div>
                    ) : (
                      <span className={styles.notSold}>Not sold</span>
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
