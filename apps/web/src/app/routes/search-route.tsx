import { useSearchParams } from 'react-router'
import { ScreenPlaceholder } from './screen-placeholder'

export function SearchRoute() {
  const [params] = useSearchParams()
  return <ScreenPlaceholder title={`Search - ${params.get('text') ?? ''}`} />
}
