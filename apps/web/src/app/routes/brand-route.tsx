import { useParams } from 'react-router'
import { useBrands } from '../../features/catalogue-menu/api/get-brands'
import { ScreenPlaceholder } from './screen-placeholder'

export function BrandRoute() {
  const { code = '' } = useParams()
  const { data: brands } = useBrands()
  return <ScreenPlaceholder title={brands?.find((b) => b.BrandCode === code)?.Description ?? code} />
}
