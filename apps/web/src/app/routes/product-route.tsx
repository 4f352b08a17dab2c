import { useParams } from 'react-router'
import { ProductScreen } from '../../features/catalogue/components/product-screen'
import { useBrands } from '../../features/catalogue-menu/api/get-brands'
import { brandName } from '../../features/catalogue-menu/brands'
import { AddToListButton } from '../../features/lists/components/add-to-list-button'

/** /product/{id}: the product, its brand named from the menu's brands, and the add-to-list button. */
export function ProductRoute() {
  const { productId = '' } = useParams()
  const { data: brands } = useBrands()
  return (
    <ProductScreen
      productId={Number(productId)}
      addToList={(product) => <AddToListButton productId={product.ProductID} />}
      brandName={(code) => brandName(brands, code)}
    />
  )
}
