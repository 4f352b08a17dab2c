import type { SiteInfo } from '@portal/contract/reference'
import { Button } from '../../../components/ui/button'
import styles from './auth-card.module.css'

type DemoLogin = SiteInfo['demoLogins'][number]

/** Demo mode lists the demo accounts; 'Use' fills the form with one. */
export function DemoLogins({ logins, onUse }: { logins: DemoLogin[]; onUse: (login: DemoLogin) => void }) {
  if (logins.length === 0) return null
  return (
    <section className={styles.demo} aria-labelledby="demo-logins-heading">
      <h2 id="demo-logins-heading">Demo accounts</h2>
      <ul className={styles.demoList}>
        {logins.map((login) => (
          <li key={login.username} className={styles.demoItem}>
            <span>
              <code>{login.username}</code> / <code>{login.password}</code>
            </span>
            <span className={styles.description}>{login.description}</span>
            <Button variant="secondary" onClick={() => onUse(login)} aria-label={`Fill in the ${login.username} demo account`}>
              Use
            </Button>
          </li>
        ))}
      </ul>
    </section>
  )
}
