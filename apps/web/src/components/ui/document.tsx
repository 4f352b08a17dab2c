import { Link } from 'react-router'
import type { DocumentItem, OrderDetail } from '@portal/contract/orders'
import { fromWirePart } from '@portal/contract/pricing'
import { describeParts } from '@portal/contract/price-breaks'
import { ApiError } from '../../lib/api'
import { formatDollars } from '../../lib/format'
import { isNetworkFailure, useOnline } from '../../lib/connection'
import { NOT_SAVED_OFFLINE } from './load-failed'
import styles from './document.module.css'
import { Spinner } from './spinner'
import table from './table.module.css'

// The parts the order and tax invoice screens share.

type DocumentStatusProps = {
  /** The screen's title and heading ('Order Details'). */
  title: string
  headingId: string
  pending: boolean
  error: unknown
  loadingLabel: string
  /** Said when the document is not the account's or does not exist (404). */
  notFound: string
  /** Said when it could not be loaded for another reason. */
  failed: string
  back: { to: string; label: string }
}

/** A document screen while its document loads, and when it cannot be shown. */
export function DocumentStatus({ title, headingId, pending, error, loadingLabel, notFound, failed, back }: DocumentStatusProps) {
  const online = useOnline()
  if (pending) {
    return (
      <section className="page" aria-busy="true">
        <title>{title}</title>
        <h1>{title}</h1>
        <div className={table.loading}>
          <Spinner label={loadingLabel} size="large" />
        </div>
      </section>
    )
  }
  return (
    <section className="page" aria-labelledby={headingId}>
      <title>{title}</title>
      <h1 id={headingId}>{title}</h1>
      <p className={styles.muted}>
        {error instanceof ApiError && error.status === 404 ? notFound : !online && isNetworkFailure(error) ? NOT_SAVED_OFFLINE : failed}{' '}
        <Link to={back.to}>{back.label}</Link>
      </p>
    </section>
  )
}

type Delivery = Pick<OrderDetail, 'DeliveryName' | 'DeliveryAddress1' | 'DeliveryAddress2' | 'DeliveryCity' | 'DeliveryState' | 'DeliveryPostalCode'>

/** The name and address a document was delivered to, a line each, blank lines left out. */
export function DeliveryAddress({ to }: { to: Delivery }) {
  const lines = [to.DeliveryAddress1, to.DeliveryAddress2, [to.DeliveryCity, to.DeliveryState, to.DeliveryPostalCode].filter(Boolean).join(' ')].filter(
    (line) => line.trim() !== '',
  )
  return (
    <address className={styles.address}>
      <strong>{to.DeliveryName}</strong>
      {lines.map((line) => (
        <span key={line}>
          <br />
          {line}
        </span>
      ))}
    </address>
  )
}

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

/**
 * The Items section of an order or a tax invoice: one row a line, then the document's totals. A portal order's
 * line charged at carton or pallet prices says how under its description ("2 cartons of 4 at $40.90, 1 at $45.32").
 */
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
                  {item.PriceBreaks && <span className={styles.breakdown}>{describeParts(item.PriceBreaks.map(fromWirePart))} ex GST</span>}
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
