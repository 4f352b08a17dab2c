import { useParams } from 'react-router'
import { BrandProducts } from '../../features/catalogue/components/product-lists'
import { useBrands } from '../../features/catalogue-menu/api/get-brands'

/** /brand/{code}: the title comes from the menu's brands, the products from the catalogue. */
export function BrandRoute() {
  const { code = '' } = useParams()
  const { data: brands } = useBrands()
  return <BrandProducts code={code} title={brands?.find((b) => b.BrandCode === code)?.Description ?? code} />
}
