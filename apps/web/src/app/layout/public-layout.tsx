import { Link, Outlet } from 'react-router'
import { useSite } from '../../features/site/api/get-site'
import { Logo } from './logo'
import styles from './layout.module.css'

/** The frame of the screens a visitor without a session sees: login, the password reset link, the privacy notice and terms. */
export function PublicLayout() {
  const { data: site } = useSite()
  return (
    <>
      <header className={styles.publicHeader}>
        <div className={`page ${styles.publicHeaderInner}`}>
          <Logo name={site?.name} logoUrl={site?.logoUrl} />
        </div>
      </header>
      <main id="main" className={styles.publicMain}>
        <Outlet />
      </main>
      <footer className={styles.footer}>
        <div className={`page ${styles.footerContact}`}>
          <nav aria-label="Footer">
            <ul className={styles.footerLinks}>
              <li>
                <Link to="/privacy">Privacy Notification</Link>
              </li>
              <li>
                <Link to="/terms">Terms &amp; Conditions</Link>
              </li>
            </ul>
          </nav>
          {site && (
            <p>
              {site.name} · ABN {site.abn} · Phone <a href={`tel:${site.phone.replace(/\s/g, '')}`}>{site.phone}</a> ·{' '}
              <a href={`mailto:${site.email}`}>{site.email}</a> · {site.address}
            </p>
          )}
        </div>
      </footer>
    </>
  )
}
