import type { ActingStart, PortalUser, PortalUserAction, StaffAccount, StaffMessage } from '@portal/contract/back-office-accounts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { SelectField } from '../../../components/ui/field'
import { notify } from '../../../components/ui/toast'
import { formatDate, formatMoney } from '../../../lib/format'
import { serverMessage } from '../../../lib/api'
import { signIn } from '../../../lib/session'
import { backOfficeKeys, forgetActingHere, staffApi } from '../api'
import { when } from './back-office-users'
import styles from './back-office.module.css'

const dollars = (cents: number) => `${cents < 0 ? '-' : ''}$${formatMoney(Math.abs(cents) / 100)}`

export const PORTAL_STATE_WORDS: Record<PortalUser['state'], string> = {
  invited: 'Invited',
  active: 'Active',
  locked: 'Locked (too many failed sign-ins)',
  disabled: 'Disabled',
}

/** Each action on a portal user: its button, the question asked first, and the toast after. */
export const USER_ACTIONS: Record<PortalUserAction, { label: string; question: (u: PortalUser) => string; done: string }> = {
  invitation: { label: 'Resend invitation', question: (u) => `E-mail ${u.email} a new link to choose a password?`, done: 'Invitation sent again' },
  'password-reset': { label: 'Send password reset', question: (u) => `E-mail ${u.email} a link to choose a new password?`, done: 'Password reset link sent' },
  unlock: { label: 'Clear sign-in lock', question: (u) => `Let ${u.name} try signing in again at once?`, done: 'Sign-in lock cleared' },
  disable: { label: 'Disable', question: (u) => `${u.name} will be signed out and will not be able to sign in until enabled again.`, done: 'Login disabled' },
  enable: { label: 'Enable', question: (u) => `Let ${u.name} sign in again?`, done: 'Login enabled' },
}

/** The actions that make sense for a user in this state. */
export function actionsFor(user: PortalUser): PortalUserAction[] {
  if (user.state === 'disabled') return ['enable']
  const out: PortalUserAction[] = user.state === 'invited' ? ['invitation'] : ['password-reset']
  if (user.state === 'locked') out.unshift('unlock')
  return [...out, 'disable']
}

/** /staff/accounts/:code: the account whole, read only but for its users' logins and documents sent again. */
export function BackOfficeAccountScreen() {
  const code = useParams().code ?? ''
  const account = useQuery({ queryKey: backOfficeKeys.account(code), queryFn: () => staffApi.get<StaffAccount>(`accounts/${encodeURIComponent(code)}`) })
  if (account.isPending) return <p>Loading...</p>
  if (account.isError) return <p role="alert">{serverMessage(account.error, 'This account could not be loaded.')}</p>
  return <AccountPage account={account.data} />
}

function AccountPage({ account: a }: { account: StaffAccount }) {
  return (
    <>
      <title>{a.name}</title>
      <p>
        <Link to="/staff/accounts">Accounts</Link>
      </p>
      <h1>
        {a.name} ({a.code})
      </h1>
      <OrderForAccount account={a} />
      <section className={styles.panel} aria-labelledby="terms-heading">
        <h2 id="terms-heading">Account</h2>
        <dl>
          <dt>Sales category</dt>
          <dd>{a.salesCategory}</dd>
          <dt>ABN</dt>
          <dd>{a.abn ?? 'None'}</dd>
          <dt>Terms</dt>
          <dd>{a.termsDays === 0 ? 'Pays at order' : `${a.termsDays} days`}</dd>
          <dt>Credit limit</dt>
          <dd>{dollars(a.creditLimitCents)}</dd>
          <dt>Balance</dt>
          <dd>{dollars(a.balanceCents)}</dd>
          <dt>State</dt>
          <dd>{!a.active ? 'Inactive' : a.onHold ? 'On credit hold' : 'Trading'}</dd>
          <dt>Branch</dt>
          <dd>{a.defaultBranch}</dd>
          <dt>Branch group</dt>
          <dd>{a.branchGroup.length ? a.branchGroup.join(', ') : 'None'}</dd>
        </dl>
      </section>
      <UsersSection account={a} />
      <section className={styles.panel} aria-labelledby="sites-heading">
        <h2 id="sites-heading">Delivery sites</h2>
        {a.deliverySites.length === 0 ? (
          <p>No delivery sites.</p>
        ) : (
          <ul>
            {a.deliverySites.map((s) => (
              <li key={s.siteCode}>
                <strong>{s.name}</strong> ({s.siteCode}): {s.address}
                {s.contact && `. ${s.contact}`}
                {s.phone && `, ${s.phone}`}
                {s.email && `, ${s.email}`}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.panel} aria-labelledby="carts-heading">
        <h2 id="carts-heading">Current carts</h2>
        {a.carts.length === 0 ? (
          <p>No user has anything in their cart.</p>
        ) : (
          a.carts.map((c) => (
            <div key={c.userId}>
              <h3>
                {c.userName}, at {c.branch} ({when(c.updatedAt)})
              </h3>
              <ul>
                {c.lines.map((l, i) => (
                  <li key={i}>
                    {l.quantity} x {l.productCode} {l.description}
                  </li>
                ))}
              </ul>
            </div>
          ))
        )}
      </section>
      <section className={styles.panel} aria-labelledby="lists-heading">
        <h2 id="lists-heading">Saved lists</h2>
        {a.lists.length === 0 ? (
          <p>No saved lists.</p>
        ) : (
          <ul>
            {a.lists.map((l) => (
              <li key={l.id}>
                {l.name}: {l.lineCount} {l.lineCount === 1 ? 'product' : 'products'}, changed {formatDate(l.updated)}
                {l.creator && ` (made by ${l.creator})`}
              </li>
            ))}
          </ul>
        )}
      </section>
      <OrdersSection account={a} />
      <section className={styles.panel} aria-labelledby="back-orders-heading">
        <h2 id="back-orders-heading">Back orders</h2>
        {a.backOrders.length === 0 ? (
          <p>Nothing on back order.</p>
        ) : (
          <ul>
            {a.backOrders.map((b) => (
              <li key={`${b.orderId}-${b.lineNo}`}>
                {b.quantity} x {b.productCode} {b.description}, order {b.salesOrder}
                {b.dueDate ? `, due ${formatDate(b.dueDate)}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
      <InvoicesSection account={a} />
      <StatementSection account={a} />
    </>
  )
}

/**
 * "Order for this account" (decision 0101): picks one of its enabled users and opens the account's own storefront as
 * them, under the banner that says so. The back office session stays; Stop comes back here.
 */
export function OrderForAccount({ account }: { account: StaffAccount }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const users = account.users.filter((u) => u.state !== 'disabled')
  const [userId, setUserId] = useState(String(users[0]?.id ?? ''))
  const start = useMutation({
    mutationFn: (id: string) => staffApi.post<ActingStart>(`accounts/${encodeURIComponent(account.code)}/users/${id}/act`),
    onSuccess: async (answer) => {
      // Nothing read in another customer session stays: the storefront is read afresh as this user.
      await forgetActingHere(queryClient, { endSession: false })
      signIn(answer)
      await navigate('/')
    },
    onError: (error) => notify.error(serverMessage(error, 'Ordering for this account could not start.')),
  })
  if (!account.active) return null
  return (
    <section className={styles.panel} aria-labelledby="order-for-heading">
      <h2 id="order-for-heading">Order for this account</h2>
      {users.length === 0 ? (
        <p>This account has no enabled portal user to order as.</p>
      ) : (
        <form
          onSubmit={(event: FormEvent) => {
            event.preventDefault()
            if (userId) start.mutate(userId)
          }}
        >
          <div className={styles.grid}>
            <SelectField label="Order as" id="order-as" value={userId} onChange={(event) => setUserId(event.target.value)}>
              {users.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name} ({u.username}, {u.role})
                </option>
              ))}
            </SelectField>
            <div>
              <Button type="submit" disabled={start.isPending || !userId}>
                Order for this account
              </Button>
            </div>
          </div>
        </form>
      )}
    </section>
  )
}

function UsersSection({ account }: { account: StaffAccount }) {
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState<{ user: PortalUser; action: PortalUserAction } | null>(null)
  const act = useMutation({
    mutationFn: ({ user, action }: { user: PortalUser; action: PortalUserAction }) =>
      staffApi.post<PortalUser>(`accounts/${encodeURIComponent(account.code)}/users/${user.id}/${action}`),
    onSuccess: (_, { action }) => notify.success(USER_ACTIONS[action].done),
    onError: (error) => notify.error(serverMessage(error, 'That did not work. Try again.')),
    onSettled: () => {
      setAsking(null)
      void queryClient.invalidateQueries({ queryKey: backOfficeKeys.account(account.code) })
    },
  })
  return (
    <section className={styles.panel} aria-labelledby="users-heading">
      <h2 id="users-heading">Portal users</h2>
      {account.users.length === 0 ? (
        <p>This account has no portal users.</p>
      ) : (
        <div className={styles.tableWrap} role="region" aria-label="Portal users" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">Role</th>
                <th scope="col">State</th>
                <th scope="col">Last sign-in</th>
                <th scope="col">Help</th>
              </tr>
            </thead>
            <tbody>
              {account.users.map((u) => (
                <tr key={u.id}>
                  <td>
                    {u.name} ({u.username})
                    <br />
                    {u.email}
                  </td>
                  <td data-label="Role">{u.role}</td>
                  <td data-label="State">{PORTAL_STATE_WORDS[u.state]}</td>
                  <td data-label="Last sign-in">{when(u.lastSignInAt)}</td>
                  <td>
                    <div className={styles.actions}>
                      {actionsFor(u).map((action) => (
                        <Button
                          key={action}
                          variant="secondary"
                          aria-label={`${USER_ACTIONS[action].label}: ${u.name}`}
                          onClick={() => setAsking({ user: u, action })}
                        >
                          {USER_ACTIONS[action].label}
                        </Button>
                      ))}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking ? `${USER_ACTIONS[asking.action].label}?` : ''}
        description={asking ? USER_ACTIONS[asking.action].question(asking.user) : ''}
        confirmLabel={asking ? USER_ACTIONS[asking.action].label : 'Confirm'}
        onConfirm={() => asking && act.mutate(asking)}
        busy={act.isPending}
      />
    </section>
  )
}

/** Sends a document to one of the account's addresses, after a question; a toast says where it went. */
function useSend() {
  return useMutation({
    mutationFn: (call: () => Promise<StaffMessage>) => call(),
    onSuccess: (answer) => notify.success(answer.message),
    onError: (error) => notify.error(serverMessage(error, 'It could not be sent. Try again.')),
  })
}

function AddressField({ account, value, onChange, id }: { account: StaffAccount; value: string; onChange: (to: string) => void; id: string }) {
  return (
    <SelectField label="Send to" id={id} value={value} onChange={(event) => onChange(event.target.value)}>
      {account.addresses.map((address) => (
        <option key={address}>{address}</option>
      ))}
    </SelectField>
  )
}

function OrdersSection({ account }: { account: StaffAccount }) {
  const [to, setTo] = useState(account.addresses[0] ?? '')
  const [order, setOrder] = useState<StaffAccount['orders'][number] | null>(null)
  const send = useSend()
  return (
    <section className={styles.panel} aria-labelledby="orders-heading">
      <h2 id="orders-heading">Last orders</h2>
      <p>
        <Link to={`/staff/orders?q=${encodeURIComponent(account.code)}`}>Every order of {account.code} on the Orders desk</Link>
      </p>
      {account.orders.length === 0 ? (
        <p>No orders yet.</p>
      ) : (
        <>
          {account.addresses.length > 0 && <AddressField account={account} value={to} onChange={setTo} id="order-send-to" />}
          <div className={styles.tableWrap} role="region" aria-label="Last orders" tabIndex={0}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Date</th>
                  <th scope="col">Status</th>
                  <th scope="col">Purchase order</th>
                  <th scope="col">Total inc GST</th>
                  <th scope="col">Confirmation</th>
                </tr>
              </thead>
              <tbody>
                {account.orders.map((o) => (
                  <tr key={o.id}>
                    <td>
                      <Link to={`/staff/orders/${o.id}`}>{o.salesOrder}</Link>
                    </td>
                    <td data-label="Date">{formatDate(o.enterDate)}</td>
                    <td data-label="Status">{o.status}</td>
                    <td data-label="Purchase order">{o.purchaseOrder}</td>
                    <td data-label="Total inc GST">{dollars(o.totalIncCents)}</td>
                    <td>
                      <Button variant="secondary" disabled={!to} aria-label={`Resend confirmation of ${o.salesOrder}`} onClick={() => setOrder(o)}>
                        Resend
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <ConfirmDialog
        open={order !== null}
        onOpenChange={(open) => !open && setOrder(null)}
        title="Resend the confirmation?"
        description={order ? `A copy of order ${order.salesOrder} goes to ${to}.` : ''}
        confirmLabel="Send"
        onConfirm={() => {
          if (order) send.mutate(() => staffApi.post(`accounts/${encodeURIComponent(account.code)}/orders/${order.id}/confirmation`, { to }))
          setOrder(null)
        }}
        busy={send.isPending}
      />
    </section>
  )
}

function InvoicesSection({ account }: { account: StaffAccount }) {
  const [to, setTo] = useState(account.addresses[0] ?? '')
  const [invoice, setInvoice] = useState<StaffAccount['invoices'][number] | null>(null)
  const send = useSend()
  return (
    <section className={styles.panel} aria-labelledby="invoices-heading">
      <h2 id="invoices-heading">Invoices</h2>
      {account.invoices.length === 0 ? (
        <p>No invoices yet.</p>
      ) : (
        <>
          {account.addresses.length > 0 && <AddressField account={account} value={to} onChange={setTo} id="invoice-send-to" />}
          <div className={styles.tableWrap} role="region" aria-label="Invoices" tabIndex={0}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Invoice</th>
                  <th scope="col">Date</th>
                  <th scope="col">Due</th>
                  <th scope="col">Total inc GST</th>
                  <th scope="col">Outstanding</th>
                  <th scope="col">Copy</th>
                </tr>
              </thead>
              <tbody>
                {account.invoices.map((i) => (
                  <tr key={i.id}>
                    <td>{i.invoice}</td>
                    <td data-label="Date">{formatDate(i.invoiceDate)}</td>
                    <td data-label="Due">{formatDate(i.dueDate)}</td>
                    <td data-label="Total inc GST">{dollars(i.totalIncCents)}</td>
                    <td data-label="Outstanding">{dollars(i.outstandingCents)}</td>
                    <td>
                      <Button variant="secondary" disabled={!to} aria-label={`Send ${i.invoice}`} onClick={() => setInvoice(i)}>
                        Send
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <ConfirmDialog
        open={invoice !== null}
        onOpenChange={(open) => !open && setInvoice(null)}
        title="Send the invoice?"
        description={invoice ? `${invoice.invoice} goes as a PDF to ${to}.` : ''}
        confirmLabel="Send"
        onConfirm={() => {
          if (invoice) send.mutate(() => staffApi.post(`accounts/${encodeURIComponent(account.code)}/invoices/${invoice.id}/send`, { to }))
          setInvoice(null)
        }}
        busy={send.isPending}
      />
    </section>
  )
}

function StatementSection({ account }: { account: StaffAccount }) {
  const [to, setTo] = useState(account.addresses[0] ?? '')
  const [period, setPeriod] = useState(account.periods[0] ? `${account.periods[0].year}-${account.periods[0].period}` : '')
  const send = useSend()
  if (account.periods.length === 0 || account.addresses.length === 0) return null
  return (
    <section className={styles.panel} aria-labelledby="statement-heading">
      <h2 id="statement-heading">Statement</h2>
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault()
          const [year, number] = period.split('-').map(Number)
          send.mutate(() => staffApi.post(`accounts/${encodeURIComponent(account.code)}/statements`, { to, year, period: number }))
        }}
      >
        <div className={styles.grid}>
          <SelectField label="Period" value={period} onChange={(event) => setPeriod(event.target.value)}>
            {account.periods.map((p) => (
              <option key={`${p.year}-${p.period}`} value={`${p.year}-${p.period}`}>
                {p.description}
              </option>
            ))}
          </SelectField>
          <AddressField account={account} value={to} onChange={setTo} id="statement-send-to" />
          <div>
            <Button type="submit" disabled={send.isPending}>
              Send statement
            </Button>
          </div>
        </div>
      </form>
    </section>
  )
}
