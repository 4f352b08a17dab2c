import type { ProductDetail } from '@portal/contract/catalogue'
import { RELATED_SHOWN } from '@portal/contract/constants'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Popover } from '../../../components/ui/popover'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError } from '../../../lib/api'
import { useProduct } from '../api/get-product'
import { useRelatedProducts } from '../api/get-related-products'
import { useShopper, type Shopper } from '../shopper'
import { AddToCartForm } from './add-to-cart-form'
import { CodeSetupButton } from './code-setup-button'
import { ProductGrid } from './product-grid'
import { ProductPrices } from './product-prices'
import { ProductTabs } from './product-tabs'
import { StockStatus } from './stock-status'
import { ZoomImage } from './zoom-image'
import styles from './product-screen.module.css'

/** Stock at the branch, and on demand at every other branch (the availability tooltip). */
function Availability({ product, warehouse }: { product: ProductDetail; warehouse: string }) {
  return (
    <div className={styles.availability}>
      <StockStatus available={product.Availability.Available} branch={warehouse} />
      <Popover
        title="Stock at other branches"
        trigger={<>Other branches: {product.QtyAvailableOther > 0 ? `${product.QtyAvailableOther.toLocaleString('en-AU')} in stock` : 'no stock'}</>}
      >
        <table className={styles.branchStock}>
          <thead>
            <tr>
              <th scope="col">Branch</th>
              <th scope="col">Available</th>
            </tr>
          </thead>
          <tbody>
            {product.AvailabilityOther.map((b) => (
              <tr key={b.LocationID}>
                <th scope="row">{b.DESCRIPTION}</th>
                <td className="tabular">{b.QtyAvail > 0 ? b.QtyAvail.toLocaleString('en-AU') : 'No stock'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Popover>
    </div>
  )
}

function RelatedProducts({ product, shopper }: { product: ProductDetail; shopper: Shopper }) {
  const { data } = useRelatedProducts(product.Category, shopper.warehouse)
  const related = (data ?? []).filter((p) => p.ProductID !== product.ProductID).slice(0, RELATED_SHOWN)
  if (related.length === 0) return null
  return (
    <section className={styles.related} aria-labelledby="related-heading">
      <h2 id="related-heading">Related Products</h2>
      <ProductGrid products={related} shopper={shopper} label="Related products" />
    </section>
  )
}

/** /product/{ProductID}: picture with zoom, prices, stock here and elsewhere, add to cart, details, related products. */
export function ProductScreen({
  productId,
  addToList,
  notifyMe,
  brandName,
}: {
  productId: number
  addToList?: (product: ProductDetail) => ReactNode
  /** Shown when the branch has none of the product: a way to hear when it is back. */
  notifyMe?: (product: ProductDetail, warehouse: string) => ReactNode
  /** The brand's name by its code, when known: the brand's link reads it rather than the code. */
  brandName?: (code: string) => string | undefined
}) {
  const shopper = useShopper()
  const { data: product, isPending, error } = useProduct(productId, shopper.warehouse)

  if (isPending) {
    return (
      <div className={`page ${styles.status}`}>
        <Spinner label="Loading product" />
      </div>
    )
  }
  if (!product) {
    const missing = !Number.isInteger(productId) || (error instanceof ApiError && error.status === 404)
    return (
      <section className="page" aria-labelledby="screen-heading">
        <title>Product</title>
        <h1 id="screen-heading">{missing ? 'Product not found' : 'Product'}</h1>
        <p className={styles.muted}>{missing ? 'This product is not available.' : 'There was an error loading this product'}</p>
      </section>
    )
  }

  return (
    <article className="page" aria-labelledby="screen-heading">
      <title>{product.Description}</title>
      <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
        <Link to={`/category/${encodeURIComponent(product.Category)}`}>{product.CategoryTitle}</Link>
      </nav>
      <div className={styles.layout}>
        <div className={styles.picture}>
          <ZoomImage productId={product.ProductID} alt={product.Description} />
        </div>
        <div className={styles.summary}>
          <h1 id="screen-heading">{product.Description}</h1>
          <p className={styles.code}>
            Code <span className="tabular">{product.ProductCode}</span> · Brand{' '}
            <Link to={`/brand/${encodeURIComponent(product.brandcode)}`}>{brandName?.(product.brandcode) ?? product.brandcode}</Link>
          </p>
          <ProductPrices product={product} onePrice={shopper.isElders} size="large" />
          <Availability product={product} warehouse={shopper.warehouse} />
          <AddToCartForm key={`${product.ProductID}-${shopper.warehouse}`} product={product} shopper={shopper} size="large" charge={product} />
          {product.Availability.Available <= 0 && notifyMe?.(product, shopper.warehouse)}
          {addToList?.(product)}
          {shopper.isElders && <CodeSetupButton productId={product.ProductID} warehouse={shopper.warehouse} requested={product.CodeSetupRequested} />}
        </div>
      </div>
      <ProductTabs key={product.ProductID} product={product} />
      <RelatedProducts product={product} shopper={shopper} />
    </article>
  )
}
