import { Link } from 'react-router'
import { useBrands } from '../api/get-brands'
import { useCategories } from '../api/get-categories'
import { groupBrands } from '../brand-groups'
import styles from './catalogue-menu.module.css'

/** The categories as an expandable list, for the small-screen menu drawer. */
export function CategoryList({ onNavigate }: { onNavigate?: () => void }) {
  const { data: categories, isError } = useCategories()
  if (isError) return <p className={styles.list}>Categories could not be loaded.</p>
  return (
    <ul className={styles.list}>
      {categories?.map((parent) => (
        <li key={parent.id}>
          {parent.acf.child_categories.length === 0 ? (
            <Link to={`/category/${encodeURIComponent(parent.name)}`} onClick={onNavigate}>
              {parent.title}
            </Link>
          ) : (
            <details>
              <summary>{parent.title}</summary>
              <ul className={styles.list}>
                <li>
                  <Link to={`/category/${encodeURIComponent(parent.name)}`} onClick={onNavigate}>
                    All {parent.title}
                  </Link>
                </li>
                {parent.acf.child_categories.map((child) => (
                  <li key={child.category}>
                    <Link to={`/category/${encodeURIComponent(child.category)}`} onClick={onNavigate}>
                      {child.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </details>
          )}
        </li>
      ))}
    </ul>
  )
}

/** The brands by letter group as an expandable list, for the small-screen menu drawer. */
export function BrandList({ onNavigate }: { onNavigate?: () => void }) {
  const { data: brands, isError } = useBrands()
  if (isError) return <p className={styles.list}>Brands could not be loaded.</p>
  const groups = brands ? groupBrands(brands).filter((group) => group.brands.length > 0) : []
  return (
    <ul className={styles.list}>
      {groups.map((group) => (
        <li key={group.label}>
          <details>
            <summary>{group.label}</summary>
            <ul className={styles.list}>
              {group.brands.map((brand) => (
                <li key={brand.BrandCode}>
                  <Link to={`/brand/${encodeURIComponent(brand.BrandCode)}`} onClick={onNavigate}>
                    {brand.Description}
                  </Link>
                </li>
              ))}
            </ul>
          </details>
        </li>
      ))}
    </ul>
  )
}
