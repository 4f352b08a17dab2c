import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import type { Quote } from '@portal/contract/quotes'
import { Button } from '../../../components/ui/button'
import { TextAreaField } from '../../../components/ui/field'
import { Spinner } from '../../../components/ui/spinner'
import table from '../../../components/ui/table.module.css'
import { notify } from '../../../components/ui/toast'
import { serverMessage } from '../../../lib/api'
import { formatDate } from '../../../lib/format'
import { useAcceptQuote, useDeclineQuote, useQuote, useQuoteMessage } from '../api/quotes'
import { money, stateWords } from './quote-words'
import styles from './quotes.module.css'

/** /quotes/:id: one quote, its lines, the distributor's note and the thread; accept, decline or ask for changes. */
export function QuoteScreen({ id }: { id: number }) {
  const quote = useQuote(id)
  return (
    <section className="page" aria-labelledby="quote-heading">
      <p>
        <Link to="/quotes">Quotes</Link>
      </p>
      {quote.isPending ? (
        <div className={table.loading}>
          <Spinner label="Loading the quote" size="large" />
        </div>
      ) : quote.isError ? (
        <>
          <h1 id="quote-heading">Quote</h1>
          <p className={table.empty} role="alert">
            {serverMessage(quote.error, 'This quote could not be loaded.')}
          </p>
        </>
      ) : (
        <QuotePage quote={quote.data} />
      )}
    </section>
  )
}

function QuotePage({ quote: q }: { quote: Quote }) {
  return (
    <>
      <title>{`Quote ${q.reference}`}</title>
      <h1 id="quote-heading">Quote {q.reference}</h1>
      <p className={styles.lead}>
        {stateWords(q, formatDate)}. Requested {formatDate(q.requestedAt)}
        {q.requestedBy ? ` by ${q.requestedBy}` : ''}, from {q.branchName}.
      </p>
      {q.order && (
        <p>
          Ordered as <Link to={`/orders/${encodeURIComponent(q.order.salesOrder)}`}>{q.order.salesOrder}</Link>.
        </p>
      )}
      <div className={styles.tableWrap} role="region" aria-label="Quote lines" tabIndex={0}>
        <table className={table.table}>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Description</th>
              <th scope="col" className={table.num}>
                Quantity
              </th>
              <th scope="col" className={table.num}>
                Your price
              </th>
              <th scope="col" className={table.num}>
                Quoted price
              </th>
              <th scope="col" className={table.num}>
                Total ex GST
              </th>
            </tr>
          </thead>
          <tbody>
            {q.lines.map((l) => (
              <tr key={l.lineNo}>
                <td data-label="Product">{l.productCode}</td>
                <td data-label="Description">{l.description}</td>
                <td data-label="Quantity" className={table.num}>
                  {l.quantity}
                </td>
                <td data-label="Your price" className={table.num}>
                  {money(l.accountPriceCents)}
                </td>
                <td data-label="Quoted price" className={table.num}>
                  {l.quotedPriceCents === null ? 'Not priced yet' : money(l.quotedPriceCents)}
                </td>
                <td data-label="Total ex GST" className={table.num}>
                  {money(l.totalExCents)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={5}>
                Total ex GST
              </th>
              <td className={table.num}>{money(q.totalExCents)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className={styles.lead}>A quoted price holds for the quoted quantity: more units are charged your normal price.</p>
      {q.note && (
        <section className={styles.panel} aria-labelledby="note-heading">
          <h2 id="note-heading">Our note</h2>
          <p className={styles.note}>{q.note}</p>
        </section>
      )}
      {q.declineReason && (
        <section className={styles.panel} aria-labelledby="declined-heading">
          <h2 id="declined-heading">Declined</h2>
          <p className={styles.note}>{q.declineReason}</p>
        </section>
      )}
      {q.canAnswer && <Answer quote={q} />}
      <Thread quote={q} />
    </>
  )
}

function Answer({ quote }: { quote: Quote }) {
  const navigate = useNavigate()
  const accept = useAcceptQuote()
  const decline = useDeclineQuote()
  const [declining, setDeclining] = useState(false)
  const [reason, setReason] = useState('')
  return (
    <div className={styles.actions}>
      <Button
        disabled={accept.isPending}
        onClick={() =>
          accept.mutate(quote.id, {
            onSuccess: (answer) => {
              notify.success(answer.message)
              void navigate('/cart')
            },
            onError: (error) => notify.error(serverMessage(error, 'The quote could not be accepted.')),
          })
        }
      >
        Accept and add to cart
      </Button>
      {declining ? (
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault()
            decline.mutate(
              { id: quote.id, reason },
              {
                onSuccess: () => notify.message('The quote was declined.'),
                onError: (error) => notify.error(serverMessage(error, 'The quote could not be declined.')),
              },
            )
          }}
        >
          <TextAreaField label="Why are you declining it?" required value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />
          <div className={styles.actions}>
            <Button type="submit" variant="secondary" disabled={decline.isPending || reason.trim() === ''}>
              Decline the quote
            </Button>
            <Button variant="link" onClick={() => setDeclining(false)}>
              Keep it
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" onClick={() => setDeclining(true)}>
          Decline
        </Button>
      )}
    </div>
  )
}

function Thread({ quote }: { quote: Quote }) {
  const send = useQuoteMessage()
  const [body, setBody] = useState('')
  return (
    <section className={styles.panel} aria-labelledby="thread-heading">
      <h2 id="thread-heading">Messages</h2>
      {quote.messages.length === 0 ? (
        <p className={styles.who}>No messages yet.</p>
      ) : (
        <ul className={styles.thread}>
          {quote.messages.map((m) => (
            <li key={m.id} className={m.fromStaff ? styles.staff : undefined}>
              <div className={styles.who}>
                {m.author}, {formatDate(m.createdAt)}
              </div>
              <div className={styles.note}>{m.body}</div>
            </li>
          ))}
        </ul>
      )}
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault()
          send.mutate(
            { id: quote.id, body },
            {
              onSuccess: () => {
                setBody('')
                notify.success('Your message has been sent.')
              },
              onError: (error) => notify.error(serverMessage(error, 'Your message could not be sent.')),
            },
          )
        }}
      >
        <TextAreaField label="Ask for changes or write to us" value={body} maxLength={2000} onChange={(e) => setBody(e.target.value)} />
        <div>
          <Button type="submit" variant="secondary" disabled={send.isPending || body.trim() === ''}>
            Send message
          </Button>
        </div>
      </form>
    </section>
  )
}
