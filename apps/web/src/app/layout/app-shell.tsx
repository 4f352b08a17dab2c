import { useEffect } from 'react'
import { Outlet } from 'react-router'
import { useMe } from '../../features/auth/api/get-me'
import { OfflineStatus } from '../../features/offline/offline-status'
import { useSite } from '../../features/site/api/get-site'
import { updateSession, useSession } from '../../lib/session'
import { ActingBanner } from './acting-banner'
import { Footer } from './footer'
import { MainNav } from './main-nav'
import { TopBar } from './top-bar'
import styles from './layout.module.css'

/**
 * The latest orders and invoices saved for offline use (app/history-prefetch.ts), loaded only when it runs: the
 * history's API code is no part of the first screen.
 */
const readHistoryAhead = (username: string, signal: AbortSignal) =>
  import('../history-prefetch').then(({ saveHistoryForOffline }) => saveHistoryForOffline(username, signal))

/** The frame of every signed-in screen: top bar, main navigation, the screen, footer. */
export function AppShell() {
  const session = useSession()
  const { data: site } = useSite()
  const { data: me } = useMe()

  // A restored session refreshes the stored user and settings (role or branch group may have changed).
  useEffect(() => {
    if (me) updateSession(me)
  }, [me])

  if (!session) return null
  return (
    <>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <ActingBanner session={session} />
      <header className={styles.header}>
        <TopBar session={session} siteName={site?.name} logoUrl={site?.logoUrl} />
        <MainNav user={session.user} />
      </header>
      <OfflineStatus readHistoryAhead={readHistoryAhead} />
      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <Footer warehouse={session.currentWarehouse} site={site} />
    </>
  )
}
