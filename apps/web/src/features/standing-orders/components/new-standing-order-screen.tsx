import { Link, useNavigate } from 'react-router'
import type { ListDetail } from '@portal/contract/lists'
import { DocumentStatus } from '../../../components/ui/document'
import doc from '../../../components/ui/document.module.css'
import { Spinner } from '../../../components/ui/spinner'
import table from '../../../components/ui/table.module.css'
import { notify } from '../../../components/ui/toast'
import { useSession } from '../../../lib/session'
import { deliveryValuesOf, useCheckoutInfo, type DeliveryValues } from '../../checkout'
import { useList } from '../../lists'
import { useCreateStandingOrder } from '../api/standing-orders'
import type { StandingOrderValues } from '../standing-order-values'
import { StandingOrderForm } from './standing-order-form'
import styles from './standing-orders.module.css'

const TITLE = 'Make a standing order'

/**
 * /standing-orders/new?list={id}: a saved list made a standing order. The delivery starts from the checkout's
 * defaults (the user's last order's site, delivery type and carrier, else the account's default site), the branch
 * from the one the user shops at.
 */
export function NewStandingOrderScreen({ listId }: { listId: number }) {
  const session = useSession()
  const list = useList(listId, session?.currentWarehouse ?? '')
  if (!session) return null
  if (!list.data) {
    return (
      <DocumentStatus
        title={TITLE}
        headingId="new-standing-order-heading"
        pending={list.isPending}
        error={list.error}
        loadingLabel="Loading the list"
        notFound="There is no such list on your account."
        failed="The list could not be loaded."
        back={{ to: '/lists', label: 'Saved Lists' }}
      />
    )
  }
  return <NewStandingOrder list={list.data} warehouse={session.currentWarehouse} isCash={session.user.SalesCategory.trim().toUpperCase() === 'CAS'} />
}

function NewStandingOrder({ list, warehouse, isCash }: { list: ListDetail; warehouse: string; isCash: boolean }) {
  const navigate = useNavigate()
  const checkoutInfo = useCheckoutInfo()
  const create = useCreateStandingOrder()
  // Without the defaults (they could not be read) the form starts empty.
  const delivery: DeliveryValues | null = checkoutInfo.data ? deliveryValuesOf(checkoutInfo.data.defaults) : checkoutInfo.isError ? deliveryValuesOf({}) : null

  return (
    <section className="page" aria-labelledby="new-standing-order-heading">
      <title>{TITLE}</title>
      <Link to={`/lists/${list.id}`} className={doc.back}>
        ← {list.name}
      </Link>
      <h1 id="new-standing-order-heading">{TITLE}</h1>
      <p className={styles.lead}>
        The products on &ldquo;{list.name}&rdquo; ({list.lineCount} {list.lineCount === 1 ? 'product' : 'products'}) are ordered on the days you choose. Changes
        to the list count from the next order.
      </p>
      {!list.canChange ? (
        <p className={table.empty}>Only the list&rsquo;s maker or an Administrator can make it a standing order.</p>
      ) : !delivery ? (
        <div className={table.loading}>
          <Spinner label="Loading your delivery details" size="large" />
        </div>
      ) : (
        <StandingOrderForm
          initialValues={startValues(delivery, warehouse)}
          submitLabel="Make standing order"
          busyLabel="Saving…"
          cancelTo={`/lists/${list.id}`}
          isCash={isCash}
          onSend={async (body) => {
            const order = await create.mutateAsync({ listId: list.id, ...body })
            notify.success('Standing order made')
            void navigate(`/standing-orders/${order.id}`)
          }}
        />
      )}
    </section>
  )
}

/** A new standing order: weekly, at the branch the user shops at, its first day for the user to choose. */
const startValues = (delivery: DeliveryValues, warehouse: string): StandingOrderValues => ({
  ...delivery,
  warehouse,
  firstRun: '',
  scheduleKind: 'weeks',
  everyWeeks: '1',
  days: [],
  purchaseOrderPrefix: 'STANDING-',
})
