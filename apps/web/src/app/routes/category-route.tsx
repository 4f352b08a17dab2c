import { useParams } from 'react-router'
import { CategoryProducts } from '../../features/catalogue/components/product-lists'
import { useCategories } from '../../features/catalogue-menu/api/get-categories'
import { findCategoryTitle } from '../../features/catalogue-menu/categories'

/** /category/{name}: the title comes from the menu's categories, the products from the catalogue. */
export function CategoryRoute() {
  const { name = '' } = useParams()
  const { data: categories } = useCategories()
  return <CategoryProducts name={name} title={findCategoryTitle(categories, name) ?? name} />
}
