import { useCartSummary } from '../../features/cart/api/get-cart-summary'
import { CardPaymentScreen } from '../../features/payments/components/card-payment-screen'
import { useSite } from '../../features/site/api/get-site'

/** /card-payment: the total comes from the cart summary, the provider's settings from GET /api/site. */
export function CardPaymentRoute() {
  const { data: summary } = useCartSummary()
  const { data: site } = useSite()
  return <CardPaymentScreen payments={site?.payments} total={summary?.Value} />
}
