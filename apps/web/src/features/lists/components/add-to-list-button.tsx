import { useState, type FormEvent } from 'react'
import { Button } from '../../../components/ui/button'
import { SelectField, TextField } from '../../../components/ui/field'
import { Modal } from '../../../components/ui/modal'
import { notify } from '../../../components/ui/toast'
import { serverMessage } from '../../../lib/api'
import { useAddListLine } from '../api/add-list-line'
import { useCreateList } from '../api/create-list'
import { useLists } from '../api/get-lists'
import styles from './lists.module.css'

const NEW_LIST = 'new'

/** "Add to list" on a product page: onto one of the lists this user may change, or a new one. */
export function AddToListButton({ productId }: { productId: number }) {
  const [open, setOpen] = useState(false)
  const lists = useLists(open)
  const changeable = (lists.data ?? []).filter((l) => l.canChange)
  const [choice, setChoice] = useState('')
  const [name, setName] = useState('')
  const [quantity, setQuantity] = useState('1')
  const [error, setError] = useState<{ field: 'name' | 'quantity' | 'list'; message: string } | undefined>()
  const addLine = useAddListLine()
  const create = useCreateList()
  const target = choice || (changeable[0] ? String(changeable[0].id) : NEW_LIST)

  const done = (list: { id: number; name: string }) => {
    setOpen(false)
    notify.success(`Added to list “${list.name}”`)
  }
  const failed = (failure: unknown) => setError({ field: 'list', message: serverMessage(failure, 'The product could not be added to the list.') })

  const save = (event: FormEvent) => {
    event.preventDefault()
    const qty = Number(quantity)
    if (!/^\d+$/.test(quantity.trim()) || qty < 1 || qty > 99_999) {
      setError({ field: 'quantity', message: 'Quantity must be a whole number from 1 to 99,999' })
      return
    }
    if (target === NEW_LIST) {
      if (name.trim() === '') {
        setError({ field: 'name', message: 'Give the list a name' })
        return
      }
      create.mutate({ name: name.trim(), lines: [{ ProductID: productId, Quantity: qty }] }, { onSuccess: done, onError: failed })
    } else {
      addLine.mutate({ id: Number(target), ProductID: productId, Quantity: qty }, { onSuccess: done, onError: failed })
    }
  }

  return (
    <>
      <Button variant="secondary" onClick={() => (setError(undefined), setOpen(true))}>
        Add to list
      </Button>
      <Modal open={open} onOpenChange={setOpen} title="Add to list">
        <form onSubmit={save} className={styles.form} noValidate>
          <SelectField label="List" value={target} onChange={(e) => setChoice(e.target.value)} error={error?.field === 'list' ? error.message : undefined}>
            {changeable.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
            <option value={NEW_LIST}>A new list…</option>
          </SelectField>
          {target === NEW_LIST && (
            <TextField
              label="New list name"
              required
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={80}
              error={error?.field === 'name' ? error.message : undefined}
            />
          )}
          <TextField
            label="Quantity"
            inputMode="numeric"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            error={error?.field === 'quantity' ? error.message : undefined}
          />
          <div className={styles.formActions}>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={addLine.isPending || create.isPending}>
              Add to list
            </Button>
          </div>
        </form>
      </Modal>
    </>
  )
}
