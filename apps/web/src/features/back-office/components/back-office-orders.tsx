import { ORDER_CHANNELS, ERP_STATES, type ErpState, type OrderChannel, type StaffOrdersPage } from '@portal/contract/back-office-orders'
import { ORDER_STATUS_WORDS } from '@portal/contract/order-status'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '../../../components/ui/button'
import { SelectField, TextField } from '../../../components/ui/field'
import { formatDate, formatMoney } from '../../../lib/format'
import { ApiError, serverMessage, type Query } from '../../../lib/api'
import { backOfficeKeys, staffApi } from '../api'
import styles from './back-office.module.css'

export const dollars = (cents: number) => `${cents < 0 ? '-' : ''}$${formatMoney(Math.abs(cents) / 100)}`

/** How an order came to be, in the staff's words. */
export const CHANNEL_WORDS: Record<OrderChannel, string> = {
  web: 'Portal, on account',
  card: 'Portal, paid by card',
  rep: 'Portal, entered by staff (rep)',
  erp: 'ERP history',
}

/** Where a portal order stands with the ERP. */
export const ERP_WORDS: Record<ErpState, string> = {
  waiting: 'Waiting for the ERP',
  late: 'Late: not yet taken by the ERP',
  acknowledged: 'Acknowledged by the ERP',
}

/** The filters the desk keeps in the page's address, so a filtered list can be reloaded, shared and gone back to. */
const FILTERS = ['q', 'branch', 'from', 'to', 'status', 'channel', 'erp'] as const
type Filter = (typeof FILTERS)[number]
type Filters = Record<Filter, string>

const filtersOf = (params: URLSearchParams): Filters => Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])) as Filters

/** /staff/orders: every order of the accounts the user may see (a rep: their own), newest first, filtered. */
export function BackOfficeOrdersScreen() {
  const [params, setParams] = useSearchParams()
  const filters = filtersOf(params)
  const page = Math.max(1, Number(params.get('page')) || 1)
  const [draft, setDraft] = useState<Filters>(filters)
  // The form follows the address when it changes under it (Back, the navigation's Orders link).
  const [shown, setShown] = useState(params.toString())
  if (shown !== params.toString()) {
    setShown(params.toString())
    setDraft(filters)
  }
  const query: Query = { ...Object.fromEntries(FILTERS.filter((f) => filters[f]).map((f) => [f, filters[f]])), page }
  const orders = useQuery({
    queryKey: backOfficeKeys.orders(query),
    queryFn: () => staffApi.get<StaffOrdersPage>('orders', query),
    placeholderData: keepPreviousData,
  })
  const set = (field: Filter) => (event: { target: { value: string } }) => setDraft({ ...draft, [field]: event.target.value })
  const show = (next: Filters, nextPage = 1) => {
    const kept = Object.entries(next).filter(([, v]) => v.trim() !== '')
    setParams(new URLSearchParams([...kept.map(([k, v]) => [k, v.trim()]), ...(nextPage > 1 ? [['page', String(nextPage)]] : [])]))
  }
  const apply = (event: FormEvent) => {
    event.preventDefault()
    show(draft)
  }
  const clear = () => {
    const none = Object.fromEntries(FILTERS.map((f) => [f, ''])) as Filters
    setDraft(none)
    show(none)
  }
  const data = orders.data
  /** The server's word on a filter it refused, shown at the field. */
  const wrong = (field: Filter) => {
    const at = orders.error instanceof ApiError ? orders.error.fields?.find((f) => f.field === `querystring.${field}`) : undefined
    return at?.message.replace(new RegExp(`^${field}: `), '')
  }
  const branches = data?.branches ?? []
  const atAField = FILTERS.some((f) => wrong(f))

  return (
    <>
      <title>Orders</title>
      <h1>Orders</h1>
      <form className={styles.panel} onSubmit={apply} aria-label="Filter the orders">
        <div className={styles.grid}>
          <TextField
            label="Account code or order number"
            type="search"
            value={draft.q}
            maxLength={40}
            onChange={set('q')}
            autoComplete="off"
            error={wrong('q')}
          />
          <SelectField label="Branch" value={draft.branch} onChange={set('branch')} error={wrong('branch')}>
            <option value="">Every branch</option>
            {/* The branch asked for stays shown while the branches are not known (the first answer was a refusal). */}
            {draft.branch && !branches.some((b) => b.code === draft.branch) && <option value={draft.branch}>{draft.branch}</option>}
            {branches.map((b) => (
              <option key={b.code} value={b.code}>
                {b.name} ({b.code})
              </option>
            ))}
          </SelectField>
          <TextField label="Entered from" type="date" value={draft.from} onChange={set('from')} error={wrong('from')} />
          <TextField label="Entered to" type="date" value={draft.to} onChange={set('to')} error={wrong('to')} />
          <SelectField label="Status" value={draft.status} onChange={set('status')}>
            <option value="">Every status</option>
            {ORDER_STATUS_WORDS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </SelectField>
          <SelectField label="Placed" value={draft.channel} onChange={set('channel')}>
            <option value="">Anywhere</option>
            {ORDER_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {CHANNEL_WORDS[c]}
              </option>
            ))}
          </SelectField>
          <SelectField label="ERP" value={draft.erp} onChange={set('erp')}>
            <option value="">Any</option>
            {ERP_STATES.map((s) => (
              <option key={s} value={s}>
                {ERP_WORDS[s]}
              </option>
            ))}
          </SelectField>
        </div>
        <div className={styles.actions}>
          <Button type="submit">Filter</Button>
          <Button variant="secondary" onClick={clear}>
            Clear filters
          </Button>
        </div>
      </form>
      {orders.isPending ? (
        <p>Loading...</p>
      ) : orders.isError ? (
        <p role="alert">{atAField ? 'Check the filter marked above.' : serverMessage(orders.error, 'The orders could not be loaded.')}</p>
      ) : data!.orders.length === 0 ? (
        <p>No order matches these filters.</p>
      ) : (
        <>
          {data!.erpAlertMinutes > 0 && (
            <p className={styles.note}>A portal order is late when the ERP has not taken it {data!.erpAlertMinutes} minutes after it was placed.</p>
          )}
          <div className={styles.tableWrap} role="region" aria-label="Orders found" tabIndex={0}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Entered</th>
                  <th scope="col">Account</th>
                  <th scope="col">Branch</th>
                  <th scope="col">Status</th>
                  <th scope="col">Placed</th>
                  <th scope="col">ERP</th>
                  <th scope="col">Purchase order</th>
                  <th scope="col">Total inc GST</th>
                </tr>
              </thead>
              <tbody>
                {data!.orders.map((o) => (
                  <tr key={o.id}>
                    <td>
                      <Link to={`/staff/orders/${o.id}`}>{o.salesOrder}</Link>
                      {o.portalOrderId && o.portalOrderId !== o.salesOrder && <span className={styles.aside}> (placed as {o.portalOrderId})</span>}
                    </td>
                    <td data-label="Entered">{formatDate(o.enterDate)}</td>
                    <td data-label="Account">
                      {o.accountName} ({o.accountCode})
                    </td>
                    <td data-label="Branch">{o.branch}</td>
                    <td data-label="Status">{o.status}</td>
                    <td data-label="Placed">{CHANNEL_WORDS[o.channel]}</td>
                    <td data-label="ERP" className={o.erpState === 'late' ? styles.late : undefined}>
                      {o.erpState ? ERP_WORDS[o.erpState] : ''}
                    </td>
                    <td data-label="Purchase order">{o.purchaseOrder}</td>
                    <td data-label="Total inc GST">{dollars(o.totalIncCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {data && (page > 1 || data.hasMore) && (
        <div className={styles.actions}>
          <Button variant="secondary" disabled={page === 1} onClick={() => show(filters, page - 1)}>
            Newer
          </Button>
          <Button variant="secondary" disabled={!data.hasMore} onClick={() => show(filters, page + 1)}>
            Older
          </Button>
        </div>
      )}
    </>
  )
}
