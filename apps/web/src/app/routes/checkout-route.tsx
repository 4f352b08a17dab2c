import { useCartSummary } from '../../features/cart/api/get-cart-summary'
import { useWarehouses } from '../../features/catalogue-menu/api/get-warehouses'
import { CheckoutScreen } from '../../features/checkout/components/checkout-screen'
import { CheckoutUnavailable } from '../../features/checkout/components/checkout-unavailable'
import { useSite } from '../../features/site/api/get-site'
import { useSession } from '../../lib/session'

/** /checkout: for everyone but resellers; the cart's branch and total come from the cart summary. */
export function CheckoutRoute() {
  const session = useSession()
  const { data: summary } = useCartSummary()
  const { data: warehouses } = useWarehouses()
  const { data: site } = useSite()
  if (!session) return null
  if (session.user.isElders) return <CheckoutUnavailable />
  const warehouse = summary?.warehouse ?? session.currentWarehouse
  const branchName = warehouses?.find((w) => w.LocationID === warehouse)?.NAME ?? warehouse
  return (
    <CheckoutScreen
      isCash={session.user.SalesCategory.trim().toUpperCase() === 'CAS'}
      accountName={session.user.AccountName}
      warehouse={warehouse}
      branchName={branchName}
      cartCount={summary?.Count}
      cartTotal={summary?.Value}
      analyticsHook={site?.payments.analyticsHook ?? 'dataLayer'}
    />
  )
}
