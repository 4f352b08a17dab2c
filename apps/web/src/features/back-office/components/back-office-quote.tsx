import type { SendQuoteBody, StaffQuote } from '@portal/contract/quotes'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link, useParams } from 'react-router'
import { Button } from '../../../components/ui/button'
import { TextAreaField, TextField } from '../../../components/ui/field'
import { ApiError, serverMessage } from '../../../lib/api'
import { formatDate } from '../../../lib/format'
import { backOfficeKeys, staffApi } from '../api'
import { dollars } from './back-office-orders'
import { staffStateWords } from './back-office-quotes'
import { when } from './back-office-users'
import styles from './back-office.module.css'

/** /staff/quotes/:id: one quote; a requested or open one is priced and sent from here; the thread with the customer. */
export function BackOfficeQuoteScreen() {
  const id = useParams().id ?? ''
  const quote = useQuery({ queryKey: backOfficeKeys.quote(id), queryFn: () => staffApi.get<StaffQuote>(`quotes/${encodeURIComponent(id)}`) })
  if (quote.isPending) return <p>Loading...</p>
  if (quote.isError) return <p role="alert">{serverMessage(quote.error, 'This quote could not be loaded.')}</p>
  return <QuotePage key={quote.data.sentAt ?? 'new'} quote={quote.data} />
}

interface Row {
  productCode: string
  quantity: string
  price: string
  description: string
  accountPriceCents: number | null
}

const cents = (text: string) => Math.round(Number(text.replace(/[$,\s]/g, '')) * 100)
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

function useSaved(id: number) {
  const client = useQueryClient()
  return (quote: StaffQuote) => {
    client.setQueryData(backOfficeKeys.quote(String(id)), quote)
    void client.invalidateQueries({ queryKey: ['back-office', 'quotes', 'list'] })
  }
}

function QuotePage({ quote: q }: { quote: StaffQuote }) {
  const editable = q.state === 'requested' || q.state === 'open' || q.state === 'expired'
  return (
    <>
      <title>{`Quote ${q.reference}`}</title>
      <p>
        <Link to="/staff/quotes">Quotes</Link>
      </p>
      <h1>Quote {q.reference}</h1>
      <section className={styles.panel} aria-labelledby="quote-heading">
        <h2 id="quote-heading">Quote</h2>
        <dl>
          <dt>Account</dt>
          <dd>
            <Link to={`/staff/accounts/${encodeURIComponent(q.account.code)}`}>
              {q.account.name} ({q.account.code})
            </Link>
          </dd>
          <dt>State</dt>
          <dd>{staffStateWords(q)}</dd>
          <dt>Requested</dt>
          <dd>
            {when(q.requestedAt)}
            {q.requestedBy ? ` by ${q.requestedBy}` : ''}, from {q.branchName} ({q.branch})
          </dd>
          <dt>Assigned to</dt>
          <dd>{q.assignedTo ?? 'Customer service'}</dd>
          {q.sentAt && (
            <>
              <dt>Sent</dt>
              <dd>{when(q.sentAt)}</dd>
            </>
          )}
          {q.declineReason && (
            <>
              <dt>Declined because</dt>
              <dd>{q.declineReason}</dd>
            </>
          )}
        </dl>
      </section>
      {editable ? <PriceForm quote={q} /> : <Lines quote={q} />}
      <Thread quote={q} />
    </>
  )
}

function Lines({ quote: q }: { quote: StaffQuote }) {
  return (
    <section className={styles.panel} aria-labelledby="lines-heading">
      <h2 id="lines-heading">Lines</h2>
      <div className={styles.tableWrap} role="region" aria-label="Quote lines" tabIndex={0}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Quantity</th>
              <th scope="col">Account price</th>
              <th scope="col">Quoted price</th>
            </tr>
          </thead>
          <tbody>
            {q.lines.map((l) => (
              <tr key={l.lineNo}>
                <td data-label="Product">
                  {l.productCode} {l.description}
                </td>
                <td data-label="Quantity">{l.quantity}</td>
                <td data-label="Account price">{dollars(l.accountPriceCents)}</td>
                <td data-label="Quoted price">{l.quotedPriceCents === null ? 'Not priced' : dollars(l.quotedPriceCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {q.note && <p className={styles.note}>Note: {q.note}</p>}
      {q.expiresOn && <p className={styles.note}>Expires on {formatDate(q.expiresOn)}</p>}
    </section>
  )
}

/** The lines priced (each at most the account's price; the server says which line is above it), a note, an expiry date. */
function PriceForm({ quote: q }: { quote: StaffQuote }) {
  const saved = useSaved(q.id)
  const [rows, setRows] = useState<Row[]>(
    q.lines.map((l) => ({
      productCode: l.productCode,
      quantity: String(l.quantity),
      price: ((l.quotedPriceCents ?? l.accountPriceCents) / 100).toFixed(2),
      description: l.description,
      accountPriceCents: l.accountPriceCents,
    })),
  )
  const [note, setNote] = useState(q.note)
  const [expiresOn, setExpiresOn] = useState(q.expiresOn && q.state !== 'expired' ? q.expiresOn : inDays(14))
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const send = useMutation({
    mutationFn: (body: SendQuoteBody) => staffApi.post<StaffQuote>(`quotes/${q.id}/send`, body),
    onSuccess: (quote) => {
      setFieldErrors({})
      saved(quote)
    },
    onError: (error) => {
      if (error instanceof ApiError) setFieldErrors(Object.fromEntries((error.fields ?? []).map((f) => [f.field, f.message])))
    },
  })
  const change = (i: number, patch: Partial<Row>) => setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    send.mutate({
      lines: rows.map((r) => ({ productCode: r.productCode.trim(), quantity: Number(r.quantity), priceCents: cents(r.price) })),
      note,
      expiresOn,
    })
  }
  return (
    <section className={styles.panel} aria-labelledby="price-heading">
      <h2 id="price-heading">{q.state === 'requested' ? 'Price and send' : 'Revise and send again'}</h2>
      <form onSubmit={submit} noValidate>
        {rows.map((r, i) => (
          <fieldset key={i} className={styles.grid}>
            <legend>
              Line {i + 1}
              {r.description ? `: ${r.description}` : ''}
              {r.accountPriceCents !== null ? ` (account price ${dollars(r.accountPriceCents)})` : ''}
            </legend>
            <TextField
              label="Product code"
              value={r.productCode}
              onChange={(e) => change(i, { productCode: e.target.value })}
              error={fieldErrors[`body.lines.${i}.productCode`]}
            />
            <TextField
              label="Quantity"
              inputMode="numeric"
              value={r.quantity}
              onChange={(e) => change(i, { quantity: e.target.value })}
              error={fieldErrors[`body.lines.${i}.quantity`]}
            />
            <TextField
              label="Quoted price each, ex GST ($)"
              inputMode="decimal"
              value={r.price}
              onChange={(e) => change(i, { price: e.target.value })}
              error={fieldErrors[`body.lines.${i}.priceCents`]}
            />
            <div className={styles.actions}>
              <Button variant="link" onClick={() => setRows((all) => all.filter((_, j) => j !== i))} disabled={rows.length === 1}>
                Remove line {i + 1}
              </Button>
            </div>
          </fieldset>
        ))}
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => setRows((all) => [...all, { productCode: '', quantity: '1', price: '', description: '', accountPriceCents: null }])}
          >
            Add a product
          </Button>
        </div>
        <TextAreaField label="Note to the customer" value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} error={fieldErrors['body.note']} />
        <TextField label="Expires on" type="date" value={expiresOn} onChange={(e) => setExpiresOn(e.target.value)} error={fieldErrors['body.expiresOn']} />
        {send.isError && !(send.error instanceof ApiError && send.error.fields?.length) && (
          <p role="alert">{serverMessage(send.error, 'The quote could not be sent.')}</p>
        )}
        {send.isError && send.error instanceof ApiError && send.error.fields?.length ? (
          <p role="alert">{serverMessage(send.error, 'Check the lines.')}</p>
        ) : null}
        {send.isSuccess && <p role="status">The quote was sent to the customer.</p>}
        <div className={styles.actions}>
          <Button type="submit" disabled={send.isPending}>
            Send the quote
          </Button>
        </div>
      </form>
    </section>
  )
}

function Thread({ quote: q }: { quote: StaffQuote }) {
  const saved = useSaved(q.id)
  const [body, setBody] = useState('')
  const send = useMutation({
    mutationFn: (text: string) => staffApi.post<StaffQuote>(`quotes/${q.id}/messages`, { body: text }),
    onSuccess: (quote) => {
      setBody('')
      saved(quote)
    },
  })
  return (
    <section className={styles.panel} aria-labelledby="thread-heading">
      <h2 id="thread-heading">Messages</h2>
      {q.messages.length === 0 ? (
        <p className={styles.note}>No messages yet.</p>
      ) : (
        <ul>
          {q.messages.map((m) => (
            <li key={m.id}>
              <strong>{m.author}</strong>, {when(m.createdAt)}: {m.body}
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault()
          send.mutate(body)
        }}
      >
        <TextAreaField label="Write to the customer" value={body} maxLength={2000} onChange={(e) => setBody(e.target.value)} />
        {send.isError && <p role="alert">{serverMessage(send.error, 'The message could not be sent.')}</p>}
        <div className={styles.actions}>
          <Button type="submit" variant="secondary" disabled={send.isPending || body.trim() === ''}>
            Send message
          </Button>
        </div>
      </form>
    </section>
  )
}
