import { useParams } from 'react-router'
import { ProductScreen } from '../../features/catalogue/components/product-screen'
import { AddToListButton } from '../../features/lists/components/add-to-list-button'

export function ProductRoute() {
  const { productId = '' } = useParams()
  return <ProductScreen productId={Number(productId)} addToList={(product) => <AddToListButton productId={product.ProductID} />} />
}
