import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { DELIVERY_TYPES } from '@portal/contract/checkout'
import type { StandingOrderDetail } from '@portal/contract/standing-orders'
import { Button, ButtonLink } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { DocumentStatus } from '../../../components/ui/document'
import doc from '../../../components/ui/document.module.css'
import table from '../../../components/ui/table.module.css'
import { notify } from '../../../components/ui/toast'
import { serverMessage } from '../../../lib/api'
import { formatAvailability, formatDate, formatMoney } from '../../../lib/format'
import { useDeleteStandingOrder, usePauseStandingOrder, useResumeStandingOrder, useSkipRun, useStandingOrder } from '../api/standing-orders'
import { purchaseOrderOf } from '../standing-order-values'
import { PayRun } from './pay-run'
import { RanOn, RunOutcome } from './run-outcome'
import styles from './standing-orders.module.css'

/** A run's day in a pay link: a calendar date, else no banner. */
const payDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null)

/**
 * /standing-orders/{id}: a standing order with its list's lines at today's prices and stock at its branch, its
 * schedule and delivery, its last runs, and (for its owner or an Administrator) skip, pause or resume, edit and
 * delete. The reminder e-mail links here; a cash-sale account's pay e-mail adds `?pay=YYYY-MM-DD`, which puts the
 * run's way to pay at the top.
 */
export function StandingOrderScreen({ id }: { id: number }) {
  const { data: order, isPending, error } = useStandingOrder(id)
  if (!order) {
    return (
      <DocumentStatus
        title="Standing order"
        headingId="standing-order-heading"
        pending={isPending}
        error={error}
        loadingLabel="Loading the standing order"
        notFound="There is no such standing order on your account."
        failed="The standing order could not be loaded."
        back={{ to: '/standing-orders', label: 'Standing Orders' }}
      />
    )
  }
  return <StandingOrderView order={order} />
}

function StandingOrderView({ order }: { order: StandingOrderDetail }) {
  const [params] = useSearchParams()
  const pay = payDay(params.get('pay'))
  const paused = order.status === 'paused' || order.nextRun === null
  const title = `Standing order: ${order.listName}`

  return (
    <section className="page" aria-labelledby="standing-order-heading">
      <title>{title}</title>
      <Link to="/standing-orders" className={doc.back}>
        ← Standing Orders
      </Link>
      <div className={doc.header}>
        <div>
          <h1 id="standing-order-heading">{title}</h1>
          <p className={doc.subtitle}>
            {order.scheduleText} · {paused ? <span className={styles.paused}>Paused</span> : <>Next order {formatDate(order.nextRun)}</>}
          </p>
        </div>
        {order.canChange && <Actions order={order} />}
      </div>

      {pay && <PayRun order={order} runOn={pay} />}

      <div className={doc.panels}>
        <section className={doc.panel} aria-labelledby="so-schedule">
          <h2 id="so-schedule">Schedule</h2>
          <dl className={doc.facts}>
            <dt>How often</dt>
            <dd>{order.scheduleText}</dd>
            <dt>First order</dt>
            <dd>{formatDate(order.firstRun)}</dd>
            <dt>Next order</dt>
            <dd>{paused ? 'Paused: none until it is resumed' : formatDate(order.nextRun)}</dd>
            <dt>Branch</dt>
            <dd>{order.branchName}</dd>
            <dt>For</dt>
            <dd>{order.owner}</dd>
          </dl>
        </section>
        <section className={doc.panel} aria-labelledby="so-delivery-facts">
          <h2 id="so-delivery-facts">Delivery</h2>
          <Delivery order={order} />
        </section>
        <section className={doc.panel} aria-labelledby="so-po">
          <h2 id="so-po">Order detail</h2>
          <dl className={doc.facts}>
            <dt>Purchase order</dt>
            <dd>
              {order.purchaseOrderPrefix} and the order&rsquo;s date
              {order.nextRun && <span className={styles.sub}>next: {purchaseOrderOf(order.purchaseOrderPrefix, order.nextRun)}</span>}
            </dd>
            {order.delivery.OrderDesc && (
              <>
                <dt>Description</dt>
                <dd>{order.delivery.OrderDesc}</dd>
              </>
            )}
          </dl>
        </section>
      </div>

      <Lines order={order} />
      <Runs order={order} paused={paused} />
    </section>
  )
}

/** Skip the next run, pause or resume, edit, edit the lines (on the list's screen), delete. */
function Actions({ order }: { order: StandingOrderDetail }) {
  const navigate = useNavigate()
  const skip = useSkipRun()
  const pause = usePauseStandingOrder()
  const resume = useResumeStandingOrder()
  const remove = useDeleteStandingOrder()
  const [asking, setAsking] = useState<'skip' | 'delete' | null>(null)
  const busy = skip.isPending || pause.isPending || resume.isPending || remove.isPending
  const failed = (fallback: string) => (error: unknown) => notify.error(serverMessage(error, fallback))

  const skipNext = () => {
    const runOn = order.nextRun
    if (!runOn) return
    skip.mutate(
      { id: order.id, runOn },
      {
        onSuccess: (next) =>
          notify.success(`The order of ${formatDate(runOn)} is skipped.${next.nextRun ? ` The next one is on ${formatDate(next.nextRun)}.` : ''}`),
        // A run already placed or skipped meanwhile: the server says so, and the order is read again.
        onError: failed('The order could not be skipped. Please try again.'),
        onSettled: () => setAsking(null),
      },
    )
  }

  const deleteIt = () =>
    remove.mutate(order.id, {
      onSuccess: () => {
        notify.success('Standing order deleted. Its saved list is kept.')
        void navigate('/standing-orders')
      },
      onError: failed('The standing order could not be deleted. Please try again.'),
      onSettled: () => setAsking(null),
    })

  return (
    <div className={doc.actions}>
      {order.status === 'active' && order.nextRun && (
        <Button variant="secondary" onClick={() => setAsking('skip')} disabled={busy}>
          Skip next order
        </Button>
      )}
      {order.status === 'active' ? (
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() =>
            pause.mutate(order.id, {
              onSuccess: () => notify.success('Standing order paused. Nothing is ordered until you resume it.'),
              onError: failed('The standing order could not be paused. Please try again.'),
            })
          }
        >
          Pause
        </Button>
      ) : (
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() =>
            resume.mutate(order.id, {
              onSuccess: (next) => notify.success(`Standing order resumed.${next.nextRun ? ` The next order is on ${formatDate(next.nextRun)}.` : ''}`),
              onError: failed('The standing order could not be resumed. Please try again.'),
            })
          }
        >
          Resume
        </Button>
      )}
      <ButtonLink variant="secondary" to={`/standing-orders/${order.id}/edit`}>
        Edit
      </ButtonLink>
      <ButtonLink variant="secondary" to={`/lists/${order.listId}`}>
        Edit lines
      </ButtonLink>
      <Button variant="secondary" onClick={() => setAsking('delete')} disabled={busy}>
        Delete
      </Button>
      <ConfirmDialog
        open={asking === 'skip'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`Skip the order of ${formatDate(order.nextRun)}?`}
        description="Nothing is ordered that day. The orders after it go ahead as usual."
        confirmLabel="Skip this order"
        cancelLabel="Keep it"
        onConfirm={skipNext}
        busy={skip.isPending}
      />
      <ConfirmDialog
        open={asking === 'delete'}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Delete this standing order?"
        description={`No more orders are placed from “${order.listName}”. The saved list itself is kept.`}
        confirmLabel="Delete standing order"
        cancelLabel="Keep it"
        onConfirm={deleteIt}
        busy={remove.isPending}
      />
    </div>
  )
}

/** Where and how each order goes: the checkout's delivery fields, as kept. */
function Delivery({ order }: { order: StandingOrderDetail }) {
  const d = order.delivery
  const place = [d.City, d.State, d.PostalCode].filter(Boolean).join(' ')
  const address = [d.Address1, d.Address2, place].filter((line) => line.trim() !== '')
  return (
    <dl className={doc.facts}>
      <dt>Deliver to</dt>
      <dd>
        <strong>{d.DeliveryName}</strong>
        {address.map((line) => (
          <span key={line}>
            <br />
            {line}
          </span>
        ))}
      </dd>
      <dt>Contact</dt>
      <dd>
        {d.Contact}
        <br />
        {d.Phone}
        <br />
        {d.Email}
      </dd>
      <dt>Carrier</dt>
      <dd>
        {d.CarrierName} ({DELIVERY_TYPES.find((type) => type.value === d.DeliveryType)?.label ?? 'Delivered'})
        {d.CarrierInstructions && <span className={styles.sub}>{d.CarrierInstructions}</span>}
      </dd>
    </dl>
  )
}

/** The list's lines at today's prices and stock at the standing order's branch, as the list's screen shows them. */
function Lines({ order }: { order: StandingOrderDetail }) {
  return (
    <section className={styles.lines} aria-labelledby="so-lines">
      <h2 id="so-lines">Lines</h2>
      <p className={styles.sectionLead}>
        Today&rsquo;s prices and stock at {order.branchName}. Each order is placed at the prices of its day, from the list &ldquo;
        <Link to={`/lists/${order.listId}`}>{order.listName}</Link>&rdquo; as it is then.
      </p>
      {order.lines.length === 0 ? (
        <p className={table.empty}>The list is empty: nothing is ordered until products are added to it.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={table.table}>
            <thead>
              <tr>
                <th scope="col">Product Code</th>
                <th scope="col">Description</th>
                <th scope="col">Availability</th>
                <th scope="col" className={table.num}>
                  Price <small>(ex GST)</small>
                </th>
                <th scope="col" className={table.num}>
                  Quantity
                </th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <tr key={line.ProductID}>
                  <td data-label="Product Code" className={table.nowrap}>
                    {line.ProductCode}
                  </td>
                  <td data-label="Description">
                    {line.Product ? (
                      <Link to={`/product/${line.ProductID}`}>{line.Description}</Link>
                    ) : (
                      <span className={styles.notSold}>{line.Description}</span>
                    )}
                  </td>
                  <td data-label="Availability">{formatAvailability(line.Product)}</td>
                  <td data-label="Price (ex GST)" className={`money ${table.num}`}>
                    {line.Product ? `$${formatMoney(line.Product.SinglePricing.Price)}` : '—'}
                  </td>
                  <td data-label="Quantity" className={table.num}>
                    {line.Quantity}
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

/** The last runs, newest first: the day each was due, the day it ran (a late one says so), what became of it. */
function Runs({ order, paused }: { order: StandingOrderDetail; paused: boolean }) {
  return (
    <section className={styles.runs} aria-labelledby="so-runs">
      <h2 id="so-runs">Orders so far</h2>
      {order.runs.length === 0 ? (
        <p className={table.empty}>
          {paused ? 'Nothing has been ordered yet.' : `Nothing has been ordered yet. The first order is on ${formatDate(order.nextRun)}.`}
        </p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={table.table}>
            <thead>
              <tr>
                <th scope="col">Due</th>
                <th scope="col">Ran</th>
                <th scope="col">What happened</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {order.runs.map((run) => (
                <tr key={run.RunOn}>
                  <td data-label="Due" className={table.nowrap}>
                    {formatDate(run.RunOn)}
                  </td>
                  <td data-label="Ran">
                    <RanOn run={run} />
                  </td>
                  <td data-label="What happened">
                    <RunOutcome run={run} standingOrderId={order.id} />
                  </td>
                  <td data-label="Details">{run.Message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
