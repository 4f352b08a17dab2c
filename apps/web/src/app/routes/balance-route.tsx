import { BalanceScreen } from '../../features/account/components/balance-screen'
import { useSite } from '../../features/site/api/get-site'

/** /balance: the credit-limit text names the accounts receivable phone from the site settings. */
export function BalanceRoute() {
  const { data: site } = useSite()
  return <BalanceScreen accountsPhone={site?.accountsPhone} />
}
