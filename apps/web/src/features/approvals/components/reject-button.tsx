import { useState, type FormEvent } from 'react'
import type { Approval } from '@portal/contract/approvals'
import { Button } from '../../../components/ui/button'
import { TextAreaField } from '../../../components/ui/field'
import { Modal } from '../../../components/ui/modal'
import { notify } from '../../../components/ui/toast'
import { ApiError, serverMessage } from '../../../lib/api'
import { useReject } from '../api/approvals'
import styles from './approvals.module.css'

export const REASON_REQUIRED = 'Say why the order is rejected'
const REASON_MAX = 500

/** Reject, in a dialog that asks for the reason (required): the buyer is e-mailed it and sees it under Approvals. */
export function RejectButton({ approval, disabled }: { approval: Approval; disabled: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} disabled={disabled}>
        Reject
      </Button>
      <Modal open={open} onOpenChange={setOpen} title="Reject this order?">
        {open && <RejectForm approval={approval} onDone={() => setOpen(false)} />}
      </Modal>
    </>
  )
}

function RejectForm({ approval, onDone }: { approval: Approval; onDone: () => void }) {
  const reject = useReject()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (reason.trim() === '') return setError(REASON_REQUIRED)
    setError(undefined)
    reject.mutate(
      { id: approval.id, reason: reason.trim() },
      {
        onSuccess: () => {
          notify.success('Order rejected.')
          onDone()
        },
        onError: (failure) => {
          const field = failure instanceof ApiError ? failure.fields?.find((f) => f.field === 'body.reason') : undefined
          setError(field?.message ?? serverMessage(failure, 'The order could not be rejected. Please try again.'))
        },
      },
    )
  }

  return (
    <form onSubmit={submit} noValidate>
      <TextAreaField
        label="Reason"
        required
        maxLength={REASON_MAX}
        hint={`${approval.SubmittedBy} is e-mailed the reason and sees it under Approvals. The order is not placed.`}
        error={error}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value)
          if (error && event.target.value.trim() !== '') setError(undefined)
        }}
      />
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onDone} disabled={reject.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={reject.isPending}>
          {reject.isPending ? 'Rejecting...' : 'Reject order'}
        </Button>
      </div>
    </form>
  )
}
