import { SaveAsListButton } from '../../features/lists/components/save-as-list-button'
import { QuickOrderScreen } from '../../features/quick-order/components/quick-order-screen'
import { useSession } from '../../lib/session'

/** /quick-order: the quick order grid, told the current branch; its recognised rows can be saved as a list. */
export function QuickOrderRoute() {
  const session = useSession()
  if (!session) return null
  return <QuickOrderScreen warehouse={session.currentWarehouse} saveAsList={(lines) => <SaveAsListButton lines={lines} />} />
}
