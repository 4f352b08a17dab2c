import { useState } from 'react'
import type { Approval } from '@portal/contract/approvals'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { notify } from '../../../components/ui/toast'
import { serverMessage } from '../../../lib/api'
import { useWithdraw } from '../api/approvals'

/** For the buyer, while the order waits: take it back, after a confirmation. */
export function WithdrawButton({ approval }: { approval: Approval }) {
  const withdraw = useWithdraw()
  const [open, setOpen] = useState(false)

  const confirm = () =>
    withdraw.mutate(approval.id, {
      onSuccess: () => notify.success('Order withdrawn.'),
      onError: (error) => notify.error(serverMessage(error, 'The order could not be withdrawn. Please try again.')),
      onSettled: () => setOpen(false),
    })

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} disabled={withdraw.isPending}>
        Withdraw
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Withdraw this order?"
        description="It will not be placed, and nobody can approve it any more. To order these products later, add them to your cart again."
        confirmLabel="Withdraw order"
        cancelLabel="Keep waiting"
        onConfirm={confirm}
        busy={withdraw.isPending}
      />
    </>
  )
}
