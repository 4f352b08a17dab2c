import { Link } from 'react-router'
import styles from './layout.module.css'

/** The distributor's mark and name (from GET /api/site). */
export function Logo({ name }: { name: string | undefined }) {
  return (
    <Link to="/" className={styles.logo}>
      <svg className={styles.logoMark} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="var(--accent)" />
        <path d="M9 23c0-8 5-13 14-14-1 9-6 14-14 14Zm0 0 8-8" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className={styles.logoName}>{name ?? 'Trade Portal'}</span>
    </Link>
  )
}
