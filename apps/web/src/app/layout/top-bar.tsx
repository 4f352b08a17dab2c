import { Link } from 'react-router'
import type { Session } from '../../lib/session'
import { BranchSwitcher } from './branch-switcher'
import { Logo } from './logo'
import styles from './layout.module.css'

export function TopBar({ session, siteName, logoUrl }: { session: Session; siteName: string | undefined; logoUrl?: string | null }) {
  return (
    <div className={styles.topBar}>
      <div className={`page ${styles.topBarInner}`}>
        <Logo name={siteName} logoUrl={logoUrl} />
        <div className={styles.account}>
          <span className={styles.greeting}>Hi, {session.user.Name}!</span>
          <BranchSwitcher current={session.currentWarehouse} />
          {/* Staff ordering for the customer end with the banner's Stop (decision 0101). */}
          {!session.acting && (
            <Link to="/logout" className={styles.logout}>
              Logout
            </Link>
          )}
        </div>
      </div>
    </div>
  )
}
