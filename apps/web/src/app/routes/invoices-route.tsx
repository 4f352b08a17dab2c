import { InvoicesScreen } from '../../features/invoices/components/invoices-screen'
import { useSite } from '../../features/site/api/get-site'

/** /invoices: paying invoices by card uses the provider's settings from GET /api/site. */
export function InvoicesRoute() {
  const { data: site } = useSite()
  return <InvoicesScreen payments={site?.payments} />
}
