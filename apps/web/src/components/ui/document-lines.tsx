import { Link } from 'react-router'
import type { DocumentItem } from '@portal/contract/orders'
import { formatDollars } from '../../lib/format'
import styles from './document.module.css'
import table from './table.module.css'

type DocumentLinesProps = {
  /** The id of the section's heading, unique on the page. */
  headingId: string
  items: DocumentItem[]
  /** The document's totals, in dollars; a negative total inc GST is a credit. */
  totals: { ex: number; gst: number; inc: number }
  /** Descriptions link to the product page (orders); an invoice prints them as they were billed. */
  linkProducts?: boolean
  /** Said instead of the table when there are no lines; without it an empty table is shown. */
  emptyText?: string
}

const quantityColumns = [
  ['Ordered', 'QuantityOrdered'],
  ['Back Ordered', 'QuantityBackOrdered'],
  ['Supplied', 'QuantitySupplied'],
] as const

const moneyColumns = [
  ['Unit Price', 'UnitPrice'],
  ['Ex GST', 'ExtendedTotalEx'],
  ['GST', 'TaxTotal'],
  ['Total Inc GST', 'ExtendedTotalInc'],
] as const

/** The Items section of an order or a tax invoice: one row a line, then the document's totals. */
export function DocumentLines({ headingId, items, totals, linkProducts = false, emptyText }: DocumentLinesProps) {
  return (
    <section className={styles.lines} aria-labelledby={headingId}>
      <h2 id={headingId}>Items</h2>
      {items.length === 0 && emptyText !== undefined ? (
        <p className={table.empty}>{emptyText}</p>
      ) : (
        <table className={`${table.table} ${table.compact}`}>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Description</th>
              {[...quantityColumns, ...moneyColumns].map(([label]) => (
                <th key={label} scope="col" className={table.num}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.LineNo}>
                <td data-label="Code" data-wide="" className={table.nowrap}>
                  {item.ProductCode}
                </td>
                <td data-label="Description" data-wide="">
                  {linkProducts && item.ProductID ? <Link to={`/product/${item.ProductID}`}>{item.Description}</Link> : item.Description}
                </td>
                {quantityColumns.map(([label, key]) => (
                  <td key={label} data-label={label} className={table.num}>
                    {item[key]}
                  </td>
                ))}
                {moneyColumns.map(([label, key]) => (
                  <td key={label} data-label={label} className={table.num}>
                    {formatDollars(item[key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className={styles.totals}>
        <dt>Total Ex GST</dt>
        <dd>{formatDollars(totals.ex)}</dd>
        <dt>GST</dt>
        <dd>{formatDollars(totals.gst)}</dd>
        <dt className={styles.grand}>{totals.inc < 0 ? 'Total Credit Inc GST' : 'Total Inc GST'}</dt>
        <dd className={styles.grand}>{formatDollars(totals.inc)}</dd>
      </dl>
    </section>
  )
}
