import { useNavigate } from 'react-router'
import { Button } from '../../components/ui/button'
import type { Session } from '../../lib/session'
import styles from './layout.module.css'

/** The banner's words, word for word (decision 0101). */
export const actingWords = (session: Pick<Session, 'user' | 'acting'>) =>
  `Ordering for ${session.user.AccountName} as ${session.user.Name}, by ${session.acting?.staffName ?? ''}`

/**
 * Above every customer screen while a back office user orders for the customer (decision 0101): who for, as whom, by
 * whom, and Stop, which ends that session only (the customer's own stay) and goes back to the account's page.
 */
export function ActingBanner({ session }: { session: Session }) {
  const navigate = useNavigate()
  if (!session.acting) return null
  const code = session.user.Abbreviation
  // The back office's frame ends the session once there (useStopActing): no customer screen is left to read with it.
  const stop = () => void navigate(`/staff/accounts/${encodeURIComponent(code)}`, { state: { stopActing: true } })
  return (
    <div className={styles.actingBanner} role="region" aria-label="Ordering for a customer">
      <p>
        <strong>{actingWords(session)}</strong>
      </p>
      <Button variant="secondary" onClick={stop}>
        Stop
      </Button>
    </div>
  )
}
