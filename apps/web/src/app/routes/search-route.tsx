import { useSearchParams } from 'react-router'
import { SearchResults } from '../../features/catalogue/components/product-lists'

export function SearchRoute() {
  const [params] = useSearchParams()
  return <SearchResults text={params.get('text') ?? ''} />
}
