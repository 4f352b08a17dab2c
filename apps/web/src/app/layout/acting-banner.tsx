import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/dialog'
import { useCartQueue } from '../../features/offline/cart-changes'
import type { Session } from '../../lib/session'
import styles from './layout.module.css'

/** The banner's words, word for word (decision 0101). */
export const actingWords = (session: Pick<Session, 'user' | 'acting'>) =>
  `Ordering for ${session.user.AccountName} as ${session.user.Name}, by ${session.acting?.staffName ?? ''}`

/**
 * Above every customer screen while a back office user orders for the customer (decision 0101): who for, as whom, by
 * whom, and Stop, which ends that session only (the customer's own stay) and goes back to the account's page. Stopping
 * clears what the session left on the device, the installable app's waiting cart changes too: with changes still
 * waiting to send (no connection), Stop asks first.
 */
export function ActingBanner({ session }: { session: Session }) {
  const navigate = useNavigate()
  const { waiting } = useCartQueue()
  const [asking, setAsking] = useState(false)
  if (!session.acting) return null
  const code = session.user.Abbreviation
  // The back office's frame ends the session once there (useStopActing): no customer screen is left to read with it.
  const stop = () => void navigate(`/staff/accounts/${encodeURIComponent(code)}`, { state: { stopActing: true } })
  const count = waiting.length
  return (
    <div className={styles.actingBanner} role="region" aria-label="Ordering for a customer">
      <p>
        <strong>{actingWords(session)}</strong>
      </p>
      <Button variant="secondary" onClick={() => (count > 0 ? setAsking(true) : stop())}>
        Stop
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Stop ordering for this account?"
        description={`${count === 1 ? '1 cart change is' : `${count} cart changes are`} still waiting to send on this device. Stopping discards ${count === 1 ? 'it' : 'them'}: the customer's cart will not get ${count === 1 ? 'it' : 'them'}.`}
        confirmLabel="Stop and discard"
        cancelLabel="Keep ordering"
        onConfirm={stop}
      />
    </div>
  )
}
