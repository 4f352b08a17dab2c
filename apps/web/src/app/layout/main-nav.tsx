import { Link } from 'react-router'
import type { SessionUser } from '@portal/contract/auth'
import { CartSummaryLink } from '../../features/cart/components/cart-summary'
import { BrandMenu } from '../../features/catalogue-menu/components/brand-menu'
import { CategoryMenu } from '../../features/catalogue-menu/components/category-menu'
import { AccountMenu } from './account-menu'
import { NavDrawer } from './nav-drawer'
import { SearchBox } from './search-box'
import styles from './layout.module.css'

export function MainNav({ user }: { user: SessionUser }) {
  return (
    <div className={styles.navBar}>
      <div className={`page ${styles.navBarInner}`}>
        <div className={styles.drawerOnly}>
          <NavDrawer user={user} />
        </div>
        <nav aria-label="Main" className={styles.menus}>
          <CategoryMenu />
          <BrandMenu />
          <AccountMenu user={user} />
        </nav>
        <SearchBox />
        <Link to="/quick-order?scan=1" className={styles.scanLink}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M4 8V5h3M17 5h3v3M20 16v3h-3M7 19H4v-3M8 9v6M11 9v6M14 9v6M17 9v6"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
          Scan
        </Link>
        <Link to="/quick-order" className={styles.quickOrder}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M4 6h10M4 12h10M4 18h7M17 15v6M14 18h6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          <span>Quick Order</span>
        </Link>
        <div className={styles.cart}>
          <CartSummaryLink />
        </div>
      </div>
    </div>
  )
}
