import { Link } from 'react-router'
import styles from './layout.module.css'

/** The distributor's logo (DISTRIBUTOR_LOGO) or the portal's own mark, and its name (from GET /api/site). */
export function Logo({ name, logoUrl }: { name: string | undefined; logoUrl?: string | null }) {
  return (
    <Link to="/" className={styles.logo}>
      {logoUrl ? (
        // The name beside it says whose it is: the picture is decoration to a screen reader.
        <img className={styles.logoPicture} src={logoUrl} alt="" height={32} />
      ) : (
        <svg className={styles.logoMark} viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="7" fill="var(--accent)" />
          <path d="M9 23c0-8 5-13 14-14-1 9-6 14-14 14Zm0 0 8-8" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      )}
      <span className={styles.logoName}>{name ?? 'Trade Portal'}</span>
    </Link>
  )
}
