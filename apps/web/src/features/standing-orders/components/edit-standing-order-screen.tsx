import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import type { StandingOrderDetail } from '@portal/contract/standing-orders'
import { DocumentStatus } from '../../../components/ui/document'
import doc from '../../../components/ui/document.module.css'
import table from '../../../components/ui/table.module.css'
import { notify } from '../../../components/ui/toast'
import { useSession } from '../../../lib/session'
import { deliveryValuesOf } from '../../checkout'
import { useStandingOrder, useUpdateStandingOrder } from '../api/standing-orders'
import { changesOf, valuesOf } from '../standing-order-values'
import { StandingOrderForm } from './standing-order-form'
import styles from './standing-orders.module.css'

const TITLE = 'Change standing order'

/** /standing-orders/{id}/edit: its branch, schedule, first run, purchase order prefix and delivery; only what changed is sent. */
export function EditStandingOrderScreen({ id }: { id: number }) {
  const { data: order, isPending, error } = useStandingOrder(id)
  if (!order) {
    return (
      <DocumentStatus
        title={TITLE}
        headingId="edit-standing-order-heading"
        pending={isPending}
        error={error}
        loadingLabel="Loading the standing order"
        notFound="There is no such standing order on your account."
        failed="The standing order could not be loaded."
        back={{ to: '/standing-orders', label: 'Standing Orders' }}
      />
    )
  }
  return <EditStandingOrder key={order.id} order={order} />
}

function EditStandingOrder({ order }: { order: StandingOrderDetail }) {
  const navigate = useNavigate()
  const session = useSession()
  const update = useUpdateStandingOrder()
  // The values the form starts from, kept as they were while the order is read again behind it.
  const [start] = useState(() => valuesOf(order, deliveryValuesOf(order.delivery)))

  return (
    <section className="page" aria-labelledby="edit-standing-order-heading">
      <title>{TITLE}</title>
      <Link to={`/standing-orders/${order.id}`} className={doc.back}>
        ← Standing order: {order.listName}
      </Link>
      <h1 id="edit-standing-order-heading">{TITLE}</h1>
      <p className={styles.lead}>
        For the products ordered, change the list &ldquo;<Link to={`/lists/${order.listId}`}>{order.listName}</Link>&rdquo;.
      </p>
      {!order.canChange ? (
        <p className={table.empty}>Only its owner or an Administrator can change this standing order.</p>
      ) : (
        <StandingOrderForm
          initialValues={start}
          start={start}
          submitLabel="Save changes"
          busyLabel="Saving…"
          cancelTo={`/standing-orders/${order.id}`}
          isCash={session?.user.SalesCategory.trim().toUpperCase() === 'CAS'}
          onSend={async (body) => {
            const changes = changesOf(body, start)
            if (Object.keys(changes).length > 0) await update.mutateAsync({ id: order.id, body: changes })
            notify.success(Object.keys(changes).length > 0 ? 'Standing order saved' : 'Nothing was changed')
            void navigate(`/standing-orders/${order.id}`)
          }}
        />
      )}
    </section>
  )
}
