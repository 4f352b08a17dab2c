import { useState, type FormEvent } from 'react'
import type { ListLineInput } from '@portal/contract/lists'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/field'
import { Modal } from '../../../components/ui/modal'
import { notify } from '../../../components/ui/toast'
import { serverMessage } from '../../../lib/api'
import { useCreateList } from '../api/create-list'
import styles from './lists.module.css'

type SaveAsListButtonProps = {
  /** The products and quantities the new list starts with. */
  lines: ListLineInput[]
  /** The name offered, e.g. the order's number. */
  suggestedName?: string
  variant?: 'primary' | 'secondary'
}

/** "Save as list": names a new saved order list holding these lines (the cart's, an order's or the quick order grid's). */
export function SaveAsListButton({ lines, suggestedName = '', variant = 'secondary' }: SaveAsListButtonProps) {
  const [open, setOpen] = useState(false)
  const [name, setName] = useState(suggestedName)
  const [error, setError] = useState<string | undefined>()
  const create = useCreateList()

  const save = (event: FormEvent) => {
    event.preventDefault()
    if (name.trim() === '') {
      setError('Give the list a name')
      return
    }
    create.mutate(
      { name: name.trim(), lines },
      {
        onSuccess: (list) => {
          setOpen(false)
          notify.success(`Saved as list “${list.name}”`)
        },
        onError: (failure) => setError(serverMessage(failure, 'The list could not be saved.')),
      },
    )
  }

  return (
    <>
      <Button variant={variant} onClick={() => (setName(suggestedName), setError(undefined), setOpen(true))} disabled={lines.length === 0}>
        Save as list
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Save as list"
        description={`${lines.length} ${lines.length === 1 ? 'product' : 'products'}, with their quantities.`}
      >
        <form onSubmit={save} className={styles.form} noValidate>
          <TextField label="List name" required value={name} onChange={(e) => setName(e.target.value)} maxLength={80} error={error} autoFocus />
          <div className={styles.formActions}>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Saving…' : 'Save list'}
            </Button>
          </div>
        </form>
      </Modal>
    </>
  )
}
