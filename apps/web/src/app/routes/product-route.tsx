import { useParams } from 'react-router'
import { ProductScreen } from '../../features/catalogue/components/product-screen'

export function ProductRoute() {
  const { productId = '' } = useParams()
  return <ProductScreen productId={Number(productId)} />
}
