import type { SiteInfo } from '@portal/contract/reference'
import { Link } from 'react-router'
import { PriceListLink } from '../../features/price-list/components/price-list-link'
import styles from './layout.module.css'

export function Footer({ warehouse, site }: { warehouse: string; site: SiteInfo | undefined }) {
  return (
    <footer className={styles.footer}>
      <div className="page">
        <nav aria-label="Footer">
          <ul className={styles.footerLinks}>
            <li>
              <Link to="/blog">Promo's &amp; News</Link>
            </li>
            <li>
              <PriceListLink warehouse={warehouse} />
            </li>
            <li>
              <Link to="/orders">Order History</Link>
            </li>
            <li>
              <Link to="/invoices">Invoice History</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy Notification</Link>
            </li>
            <li>
              <Link to="/terms">Terms &amp; Conditions</Link>
            </li>
          </ul>
        </nav>
        {site && (
          <p className={styles.footerContact}>
            © {new Date().getFullYear()} {site.name} · ABN {site.abn} · Orders <a href={`tel:${site.phone.replace(/\s/g, '')}`}>{site.phone}</a> · Accounts{' '}
            <a href={`tel:${site.accountsPhone.replace(/\s/g, '')}`}>{site.accountsPhone}</a> · <a href={`mailto:${site.email}`}>{site.email}</a> ·{' '}
            {site.address}
          </p>
        )}
      </div>
    </footer>
  )
}
