import { Link } from 'react-router'
import { Spinner } from '../../../components/ui/spinner'
import table from '../../../components/ui/table.module.css'
import { serverMessage } from '../../../lib/api'
import { formatDate } from '../../../lib/format'
import { useQuotes } from '../api/quotes'
import { money, stateWords } from './quote-words'
import styles from './quotes.module.css'

/** /quotes: the account's quotes, newest first: requested, open, accepted, expired and declined (decision 0102). */
export function QuotesScreen() {
  const quotes = useQuotes()
  return (
    <section className="page" aria-labelledby="quotes-heading">
      <title>Quotes</title>
      <h1 id="quotes-heading">Quotes</h1>
      <p className={styles.lead}>
        Ask for a quote from your cart. Once we have priced it, accept it to order at the quoted prices, decline it, or ask us for changes.
      </p>
      {quotes.isPending ? (
        <div className={table.loading}>
          <Spinner label="Loading quotes" size="large" />
        </div>
      ) : quotes.isError ? (
        <p className={table.empty} role="alert">
          {serverMessage(quotes.error, 'Your quotes could not be loaded.')}
        </p>
      ) : quotes.data.quotes.length === 0 ? (
        <p className={table.empty}>No quotes yet. Use “Request a quote” on your cart to ask for one.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={table.table}>
            <thead>
              <tr>
                <th scope="col">Quote</th>
                <th scope="col">Requested</th>
                <th scope="col">By</th>
                <th scope="col">Branch</th>
                <th scope="col" className={table.num}>
                  Total ex GST
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {quotes.data.quotes.map((q) => (
                <tr key={q.id} className={q.state === 'open' || q.state === 'requested' ? undefined : styles.closed}>
                  <td data-label="Quote">
                    <Link to={`/quotes/${q.id}`}>{q.reference}</Link>
                  </td>
                  <td data-label="Requested" className={table.nowrap}>
                    {formatDate(q.requestedAt)}
                  </td>
                  <td data-label="By">{q.requestedBy ?? ''}</td>
                  <td data-label="Branch">{q.branchName}</td>
                  <td data-label="Total ex GST" className={table.num}>
                    {money(q.totalExCents)}
                  </td>
                  <td data-label="Status">{stateWords(q, formatDate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
