import { QuickOrderScreen } from '../../features/quick-order/components/quick-order-screen'
import { useSession } from '../../lib/session'

/** /quick-order: the quick order grid, told the current branch. */
export function QuickOrderRoute() {
  const session = useSession()
  if (!session) return null
  return <QuickOrderScreen warehouse={session.currentWarehouse} />
}
