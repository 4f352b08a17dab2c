import { useWarehouses } from '../../features/catalogue-menu/api/get-warehouses'
import { CartScreen } from '../../features/cart/components/cart-screen'
import { SaveAsListButton } from '../../features/lists/components/save-as-list-button'
import { useSession } from '../../lib/session'

/** /cart: the cart screen, told the current branch, whether the user is a reseller, and the branches' names; its lines can be saved as a list. */
export function CartRoute() {
  const session = useSession()
  const { data: warehouses } = useWarehouses()
  if (!session) return null
  const branchName = (code: string) => warehouses?.find((w) => w.LocationID === code)?.NAME ?? code
  return (
    <CartScreen
      warehouse={session.currentWarehouse}
      isReseller={session.user.isElders}
      backOrders={session.user.SalesCategory.trim().toUpperCase() !== 'CAS'}
      branchName={branchName}
      saveAsList={(lines) => <SaveAsListButton lines={lines.map((l) => ({ ProductID: l.ProductID, Quantity: l.Quantity }))} />}
    />
  )
}
