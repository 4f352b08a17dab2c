import { useSearchParams } from 'react-router'
import { SaveAsListButton } from '../../features/lists/components/save-as-list-button'
import { QuickOrderScreen } from '../../features/quick-order/components/quick-order-screen'
import { useSession } from '../../lib/session'

/** /quick-order: the quick order grid, told the current branch; ?scan=1 (the phone header's Scan) opens the scanner. */
export function QuickOrderRoute() {
  const session = useSession()
  const [params] = useSearchParams()
  if (!session) return null
  return (
    <QuickOrderScreen
      key={params.get('scan') ?? ''}
      warehouse={session.currentWarehouse}
      scanOnOpen={params.get('scan') === '1'}
      saveAsList={(lines) => <SaveAsListButton lines={lines} />}
    />
  )
}
