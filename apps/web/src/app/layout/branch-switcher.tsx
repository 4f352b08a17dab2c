import { useState } from 'react'
import { ConfirmDialog } from '../../components/ui/dialog'
import { notify } from '../../components/ui/toast'
import { useWarehouses } from '../../features/catalogue-menu/api/get-warehouses'
import { BranchSelect } from '../../features/catalogue-menu/components/branch-select'
import { useCartSummary } from '../../features/cart/api/get-cart-summary'
import { useEmptyCart } from '../../features/cart/api/empty-cart'
import { setCurrentWarehouse, useSession } from '../../lib/session'

/**
 * Switching branch: a cart belongs to one branch, so with items in it the
 * user confirms first and the cart is emptied on the server; an empty cart switches at once.
 */
export function BranchSwitcher({ current }: { current: string }) {
  const { data: warehouses } = useWarehouses()
  const group = useSession()?.settings.BranchGroup
  const { data: cart } = useCartSummary()
  const emptyCart = useEmptyCart()
  const [pending, setPending] = useState<string | null>(null)

  const choose = (code: string) => {
    if (code === current) return
    // Until the summary is known the cart may hold items: ask rather than guess.
    if (cart?.Count === 0) setCurrentWarehouse(code)
    else setPending(code)
  }

  const confirm = () => {
    if (!pending) return
    emptyCart.mutate(undefined, {
      onSuccess: () => setCurrentWarehouse(pending),
      onError: () => notify.error('An error occured emptying your cart.'),
      onSettled: () => setPending(null),
    })
  }

  return (
    <>
      <BranchSelect warehouses={warehouses} group={group} value={current} onChange={choose} disabled={emptyCart.isPending} />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Change branch?"
        description="Changing branch will empty your cart. Your cart belongs to the branch it was filled from."
        confirmLabel="Change branch"
        cancelLabel="Cancel"
        onConfirm={confirm}
        busy={emptyCart.isPending}
      />
    </>
  )
}
