import { Button } from '../../../components/ui/button'
import { notify } from '../../../components/ui/toast'
import { useRequestCodeSetup } from '../api/request-code-setup'
import styles from './product-screen.module.css'

/**
 * Resellers ask the distributor to set the product up under their code: the
 * button is disabled once asked, for this product at this branch; another product or branch
 * starts afresh, because the state comes from the product as loaded for that branch.
 */
export function CodeSetupButton({ productId, warehouse, requested }: { productId: number; warehouse: string; requested: boolean }) {
  const request = useRequestCodeSetup()
  const done = requested || (request.isSuccess && request.variables.id === productId && request.variables.warehouse === warehouse)

  const ask = () =>
    request.mutate(
      { id: productId, warehouse },
      {
        onSuccess: () => notify.success('Code successfully requested.'),
        onError: () => notify.error('Oops, something went wrong. Please try again.'),
      },
    )

  return (
    <Button variant="secondary" className={styles.codeSetup} onClick={ask} disabled={done || request.isPending}>
      {done ? 'Code Requested' : request.isPending ? 'Requesting Code...' : 'Request Code Setup'}
    </Button>
  )
}
