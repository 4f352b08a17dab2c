import { QUOTE_STATE_WORDS, QUOTE_STATES, type QuoteState, type StaffQuoteList } from '@portal/contract/quotes'
import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { SelectField } from '../../../components/ui/field'
import { formatDate } from '../../../lib/format'
import { serverMessage } from '../../../lib/api'
import { backOfficeKeys, staffApi } from '../api'
import { dollars } from './back-office-orders'
import styles from './back-office.module.css'

/** A quote's state as the staff read it. */
export function staffStateWords(q: { state: QuoteState; expiresOn: string | null; order: { salesOrder: string } | null }) {
  if (q.state === 'requested') return 'Requested: to be priced'
  if (q.state === 'open' && q.expiresOn) return `Sent, open until ${formatDate(q.expiresOn)}`
  if (q.state === 'expired' && q.expiresOn) return `Expired on ${formatDate(q.expiresOn)}`
  if (q.state === 'accepted') return q.order ? `Accepted, ordered as ${q.order.salesOrder}` : 'Accepted, not yet ordered'
  return QUOTE_STATE_WORDS[q.state]
}

/** /staff/quotes: the Quotes inbox (decision 0102), newest first; a rep sees their accounts' quotes. */
export function BackOfficeQuotesScreen() {
  const [params, setParams] = useSearchParams()
  const state = QUOTE_STATES.find((s) => s === params.get('state')) ?? ''
  const quotes = useQuery({
    queryKey: backOfficeKeys.quotes(state),
    queryFn: () => staffApi.get<StaffQuoteList>('quotes', state ? { state } : undefined),
  })
  return (
    <>
      <title>Quotes</title>
      <h1>Quotes</h1>
      <p className={styles.note}>
        Quotes customers asked for from their carts. Price each line (never above the account’s price), set an expiry date and send it.
      </p>
      <div className={styles.grid}>
        <SelectField label="Show" value={state} onChange={(e) => setParams(e.target.value ? { state: e.target.value } : {})}>
          <option value="">Every quote</option>
          {QUOTE_STATES.map((s) => (
            <option key={s} value={s}>
              {QUOTE_STATE_WORDS[s]}
            </option>
          ))}
        </SelectField>
      </div>
      {quotes.isPending ? (
        <p>Loading...</p>
      ) : quotes.isError ? (
        <p role="alert">{serverMessage(quotes.error, 'The quotes could not be loaded.')}</p>
      ) : quotes.data.quotes.length === 0 ? (
        <p>No quotes.</p>
      ) : (
        <div className={styles.tableWrap} role="region" aria-label="Quotes" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Quote</th>
                <th scope="col">Account</th>
                <th scope="col">Requested</th>
                <th scope="col">Assigned to</th>
                <th scope="col">Total ex GST</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {quotes.data.quotes.map((q) => (
                <tr key={q.id}>
                  <td data-label="Quote">
                    <Link to={`/staff/quotes/${q.id}`}>{q.reference}</Link>
                    {q.awaitingReply ? ' (new message)' : ''}
                  </td>
                  <td data-label="Account">
                    {q.account.name} ({q.account.code})
                  </td>
                  <td data-label="Requested">{formatDate(q.requestedAt)}</td>
                  <td data-label="Assigned to">{q.assignedTo ?? 'Customer service'}</td>
                  <td data-label="Total ex GST">{dollars(q.totalExCents)}</td>
                  <td data-label="State">{staffStateWords(q)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
