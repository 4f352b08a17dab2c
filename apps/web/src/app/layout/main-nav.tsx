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
        <div className={styles.cart}>
          <CartSummaryLink />
        </div>
      </div>
    </div>
  )
}
