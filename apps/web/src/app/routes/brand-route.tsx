import { useParams } from 'react-router'
import { BrandProducts } from '../../features/catalogue/components/product-lists'
import { useBrands } from '../../features/catalogue-menu/api/get-brands'
import { brandName } from '../../features/catalogue-menu/brands'

/** /brand/{code}: the title is the brand's name from the menu's brands (its code only when the menu has no such brand), the products from the catalogue. */
export function BrandRoute() {
  const { code = '' } = useParams()
  const { data: brands, isPending } = useBrands()
  return <BrandProducts code={code} title={brandName(brands, code) ?? (isPending ? 'Brand' : code)} />
}
