import { useState, type FormEvent } from 'react'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/field'
import { notify } from '../../../components/ui/toast'
import { useSendInvoice } from '../api/send-invoice'
import styles from './invoice-detail.module.css'

/** E-mail a copy: the button stays disabled while the address is blank or a send is under way. */
export function SendInvoiceForm({ invoice, defaultEmail }: { invoice: string; defaultEmail: string }) {
  const [email, setEmail] = useState(defaultEmail)
  const send = useSendInvoice()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!email.trim() || send.isPending) return
    send.mutate(
      { id: invoice, email: email.trim() },
      {
        onSuccess: () => notify.success('This invoice has been emailed to the address provided.'),
        onError: () => notify.error('An error occured sending this invoice'),
      },
    )
  }

  return (
    <form className={styles.send} onSubmit={submit} aria-label="Email a copy of this invoice">
      <TextField
        label="Email Address"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        hint="We will e-mail a PDF copy of this tax invoice."
        className={styles.sendField}
      />
      <Button type="submit" disabled={!email.trim() || send.isPending} className={styles.sendButton}>
        {send.isPending ? 'Sending...' : 'Email Invoice'}
      </Button>
    </form>
  )
}
