import { useParams } from 'react-router'
import { ProductScreen } from '../../features/catalogue/components/product-screen'
import { useBrands } from '../../features/catalogue-menu/api/get-brands'
import { brandName } from '../../features/catalogue-menu/brands'
import { AddToListButton } from '../../features/lists/components/add-to-list-button'
import { NotifyMe } from '../../features/stock-alerts'

/** /product/{id}: the product, its brand named from the menu's brands, the add-to-list button, and "Notify me" when out of stock. */
export function ProductRoute() {
  const { productId = '' } = useParams()
  const { data: brands } = useBrands()
  return (
    <ProductScreen
      productId={Number(productId)}
      addToList={(product) => <AddToListButton productId={product.ProductID} />}
      notifyMe={(product, warehouse) => <NotifyMe productId={product.ProductID} warehouse={warehouse} />}
      brandName={(code) => brandName(brands, code)}
    />
  )
}
