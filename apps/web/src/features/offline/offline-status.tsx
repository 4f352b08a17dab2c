import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { Button } from '../../components/ui/button'
import { afterFirstScreen } from '../../components/ui/after-first-screen'
import { forgetKeptAnswers, useKeptSince, useOnline } from '../../lib/connection'
import { useSession } from '../../lib/session'
import { dismissResults, flushQueue, startQueue, useCartQueue } from './cart-changes'
import { useUpdate } from './register'
import styles from './offline.module.css'

const asOf = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' })

/**
 * Tells the truth about the connection, under the header of every signed-in screen: offline, or answers
 * from the device's saved copies ("as of" when they were saved: prices and stock then, never charged);
 * cart changes waiting to send, being sent, and what became of each (docs/decisions/0031-offline-app.md).
 * `readHistoryAhead` saves the latest orders and invoices for offline use; the app shell gives it, so that the
 * offline feature depends on neither orders nor invoices (features never import each other in a loop).
 */
export function OfflineStatus({ readHistoryAhead }: { readHistoryAhead?: (username: string, signal: AbortSignal) => Promise<unknown> }) {
  const online = useOnline()
  const keptSince = useKeptSince()
  const { waiting, sending, results } = useCartQueue()
  const client = useQueryClient()
  const { pathname } = useLocation()
  const username = useSession()?.user.username

  // A new screen starts with nothing shown from the saved copies.
  useEffect(() => forgetKeptAnswers(), [pathname])

  // Changes left waiting (a reload, a closed tab) go once the screen is up; later ones when the connection is back.
  useEffect(() => {
    const cancel = afterFirstScreen(() => void startQueue(client))
    const back = () => {
      void flushQueue(client)
      // What the screen shows was read while offline: it is read again, so the banner never marks fresh data as saved.
      void client.invalidateQueries({ refetchType: 'active' })
    }
    window.addEventListener('online', back)
    return () => {
      cancel()
      window.removeEventListener('online', back)
    }
  }, [client])

  // The latest 100 orders and invoices are read ahead, in the background, so that they open offline too.
  // Not while a new release takes over: the outgoing worker must fall idle for the new one to take the page.
  const { updating } = useUpdate()
  useEffect(() => {
    if (!username || updating || !readHistoryAhead) return
    const stop = new AbortController()
    const cancel = afterFirstScreen(() => void readHistoryAhead(username, stop.signal).catch(() => undefined))
    return () => {
      cancel()
      stop.abort()
    }
  }, [username, updating, readHistoryAhead])

  const saved = keptSince === null ? null : asOf.format(keptSince)
  const show = !online || saved !== null || waiting.length > 0 || sending || results.length > 0
  if (!show) return null

  return (
    <div className={[styles.banner, online ? '' : styles.offline].join(' ')} role="status" data-testid="connection-status">
      {!online && (
        <p>
          <strong>You are offline.</strong> {saved ? `Showing what was saved: prices and stock as of ${saved}.` : 'Showing what this device has saved.'} Cart
          changes wait here and are sent when you are back online.
        </p>
      )}
      {online && saved && <p>Slow connection: showing what was saved, prices and stock as of {saved}.</p>}
      {sending && <p>Sending {waiting.length === 1 ? '1 change' : `${waiting.length} changes`} to your cart...</p>}
      {!sending && waiting.length > 0 && (
        <div>
          <p>
            <strong>Waiting to send</strong> ({waiting.length}):
          </p>
          <ul className={styles.list} aria-label="Waiting to send">
            {waiting.map((change) => (
              <li key={change.id}>
                {change.kind === 'bulk' ? change.label : `${change.label}: ${change.kind === 'add' ? 'add' : 'quantity'} ${change.body.qty}`}
              </li>
            ))}
          </ul>
        </div>
      )}
      {results.length > 0 && (
        <div>
          <ul className={styles.list} aria-label="Sent from this device">
            {results.map((result) => (
              <li key={result.id} className={result.ok ? undefined : styles.refused}>
                {result.message}
              </li>
            ))}
          </ul>
          <Button variant="link" onClick={dismissResults}>
            Dismiss
          </Button>
        </div>
      )}
    </div>
  )
}

/** "A new version is available — Reload": the waiting release takes over and the page reloads into it. */
export function UpdatePrompt({ reload, updating = false }: { reload: () => void; updating?: boolean }) {
  return (
    <div className={styles.update} role="status">
      <span>A new version is available</span>
      {/* The new release takes over once the old one has finished what it was doing: busy, never a dead button. */}
      <Button variant="secondary" onClick={reload} disabled={updating} aria-busy={updating || undefined}>
        {updating ? 'Reloading…' : 'Reload'}
      </Button>
    </div>
  )
}
