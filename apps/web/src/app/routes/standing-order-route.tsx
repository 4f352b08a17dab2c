import { useParams, useSearchParams } from 'react-router'
import { EditStandingOrderScreen } from '../../features/standing-orders/components/edit-standing-order-screen'
import { NewStandingOrderScreen } from '../../features/standing-orders/components/new-standing-order-screen'
import { StandingOrderUnavailable } from '../../features/standing-orders/components/not-for-resellers'
import { StandingOrderScreen } from '../../features/standing-orders/components/standing-order-screen'
import { useSession } from '../../lib/session'

/** Resellers order through their branch, never online: the standing order screens say so instead of asking. */
const useReseller = () => useSession()?.user.isElders === true

/** /standing-orders/{id}: one standing order (the reminder and pay e-mails link here). */
export function StandingOrderRoute() {
  const { id = '' } = useParams()
  if (useReseller()) return <StandingOrderUnavailable title="Standing order" />
  return <StandingOrderScreen key={id} id={Number(id)} />
}

/** /standing-orders/{id}/edit: its branch, schedule, prefix and delivery. */
export function EditStandingOrderRoute() {
  const { id = '' } = useParams()
  if (useReseller()) return <StandingOrderUnavailable title="Change standing order" />
  return <EditStandingOrderScreen key={id} id={Number(id)} />
}

/** /standing-orders/new?list={id}: a saved list made a standing order (its screen's "Make a standing order"). */
export function NewStandingOrderRoute() {
  const [params] = useSearchParams()
  const list = params.get('list') ?? ''
  if (useReseller()) return <StandingOrderUnavailable title="Make a standing order" />
  return <NewStandingOrderScreen key={list} listId={Number(list)} />
}
