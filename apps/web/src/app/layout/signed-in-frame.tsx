import { PurchaseTracker } from '../../features/payments/components/purchase-tracker'
import { useSite } from '../../features/site/api/get-site'
import { AppShell } from './app-shell'
import { WithContentSource } from './content-source'

/** On every page: reports a card purchase to analytics once the provider's answer has made it an order. */
function PurchaseTracking() {
  const { data: site } = useSite()
  return site ? <PurchaseTracker analyticsHook={site.payments.analyticsHook} /> : null
}

/** The frame of the signed-in screens: the content service's address, the shell, purchase tracking. */
export function SignedInFrame() {
  return (
    <WithContentSource>
      <AppShell />
      <PurchaseTracking />
    </WithContentSource>
  )
}
