import type { Product } from '@portal/contract/catalogue'
import { useId } from 'react'
import { Link } from 'react-router'
import { NotifyMe } from '../../stock-alerts'
import type { Shopper } from '../shopper'
import { AddToCartForm } from './add-to-cart-form'
import { ProductImage } from './product-image'
import { ProductPrices } from './product-prices'
import { StockStatus } from './stock-status'
import styles from './product-card.module.css'

/** Four columns, two under 1280 px, one under 650 px: the card is about a quarter, half or all of 1500 px. */
const CARD_SIZES = '(max-width: 649px) 100vw, (max-width: 1279px) 50vw, 360px'

/**
 * A product in a list: picture, title, code, prices with their units, stock at the branch, quantity and add, and
 * "Notify me" when the branch has none (as on the product page, whoever the buyer is).
 */
export function ProductCard({ product, shopper }: { product: Product; shopper: Shopper }) {
  const titleId = useId()
  const to = `/product/${product.ProductID}`
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <Link to={to} className={styles.imageLink} tabIndex={-1} aria-hidden="true">
        <ProductImage productId={product.ProductID} alt="" sizes={CARD_SIZES} />
      </Link>
      <div className={styles.body}>
        <p className={styles.code}>{product.ProductCode}</p>
        <h3 id={titleId} className={styles.title}>
          <Link to={to}>{product.Description}</Link>
        </h3>
        <ProductPrices product={product} onePrice={shopper.isElders} />
        <StockStatus available={product.Availability.Available} branch={shopper.warehouse} />
        <AddToCartForm product={product} shopper={shopper} />
        {product.Availability.Available <= 0 && (
          <NotifyMe productId={product.ProductID} warehouse={shopper.warehouse} compact description={product.Description} />
        )}
      </div>
    </article>
  )
}
