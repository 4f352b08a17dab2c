import { useParams } from 'react-router'
import { InvoiceDetail } from '../../features/invoices/components/invoice-detail'
import { useSite } from '../../features/site/api/get-site'

/** /invoice/{id}: a tax invoice names its supplier and the supplier's ABN. */
export function InvoiceDetailRoute() {
  const { id = '' } = useParams()
  const { data: site } = useSite()
  return <InvoiceDetail key={id} id={id} supplier={site ? { name: site.name, abn: site.abn } : undefined} />
}
