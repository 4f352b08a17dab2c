import { useState } from 'react'
import { Link } from 'react-router'
import type { SessionUser } from '@portal/contract/auth'
import { Drawer } from '../../components/ui/dialog'
import { BrandList, CategoryList } from '../../features/catalogue-menu/components/catalogue-lists'
import { useSession } from '../../lib/session'
import { accountLinks } from './account-links'
import styles from './layout.module.css'

/** Under 990 px the Category, Brand and Account menus fold into this drawer. */
export function NavDrawer({ user }: { user: SessionUser }) {
  const acting = Boolean(useSession()?.acting)
  const [open, setOpen] = useState(false)
  const close = () => setOpen(false)
  return (
    <Drawer
      open={open}
      onOpenChange={setOpen}
      title="Menu"
      trigger={
        <button type="button" className={styles.menuButton} aria-label="Open menu">
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span className={styles.menuButtonText}>Menu</span>
        </button>
      }
    >
      <nav aria-label="Menu">
        <h2 className={styles.drawerHeading}>Category</h2>
        <CategoryList onNavigate={close} />
        <h2 className={styles.drawerHeading}>Brand</h2>
        <BrandList onNavigate={close} />
        <h2 className={styles.drawerHeading}>Account</h2>
        <ul className={styles.drawerLinks}>
          {accountLinks(user, acting).map((link) => (
            <li key={link.to}>
              <Link to={link.to} onClick={close}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Drawer>
  )
}
