import { useParams } from 'react-router'
import { useCategories } from '../../features/catalogue-menu/api/get-categories'
import { findCategoryTitle } from '../../features/catalogue-menu/categories'
import { ScreenPlaceholder } from './screen-placeholder'

export function CategoryRoute() {
  const { name = '' } = useParams()
  const { data: categories } = useCategories()
  return <ScreenPlaceholder title={findCategoryTitle(categories, name) ?? name} />
}
