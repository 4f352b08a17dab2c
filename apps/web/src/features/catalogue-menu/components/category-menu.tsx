import { Menu, MenuContent, MenuGroup, MenuLinkItem, MenuNote, MenuTrigger } from '../../../components/ui/menu'
import { useCategories } from '../api/get-categories'
import styles from './catalogue-menu.module.css'

/** The Category dropdown: each parent category (in menu order) heads a column of its children. */
export function CategoryMenu() {
  const { data: categories, isPending, isError } = useCategories()
  return (
    <Menu modal={false}>
      <MenuTrigger>Category</MenuTrigger>
      <MenuContent wide>
        {isPending && <MenuNote>Loading categories...</MenuNote>}
        {isError && <MenuNote>Categories could not be loaded.</MenuNote>}
        {categories && (
          <div className={styles.categoryGrid}>
            {categories.map((parent) => (
              <MenuGroup key={parent.id} className={styles.categoryGroup}>
                <MenuLinkItem to={`/category/${encodeURIComponent(parent.name)}`} className={styles.parent}>
                  {parent.title}
                </MenuLinkItem>
                {parent.acf.child_categories.map((child) => (
                  <MenuLinkItem key={child.category} to={`/category/${encodeURIComponent(child.category)}`} className={styles.child}>
                    {child.title}
                  </MenuLinkItem>
                ))}
              </MenuGroup>
            ))}
          </div>
        )}
      </MenuContent>
    </Menu>
  )
}
