import { PRODUCT_SORTS, type ProductSort } from '@portal/contract/constants'
import { useId } from 'react'
import { SORT_LABELS, type ListView } from '../list-view'
import fieldStyles from '../../../components/ui/field.module.css'
import styles from './list-toolbar.module.css'

/**
 * Above a category, brand or specials list: how many products it holds (once known), its order and whether
 * only what is in stock at the branch is shown.
 */
export function ListToolbar({ count, view, onChange }: { count: number | undefined; view: ListView; onChange: (change: Partial<ListView>) => void }) {
  const sortId = useId()
  return (
    <div className={styles.toolbar}>
      <p className={styles.count} role="status">
        {count === undefined ? '' : `${count} ${count === 1 ? 'product' : 'products'}`}
      </p>
      <label className={styles.stock}>
        <input type="checkbox" checked={view.inStock} onChange={(e) => onChange({ inStock: e.currentTarget.checked })} />
        <span className={styles.stockLabel}>in stock at my branch</span>
      </label>
      <div className={styles.sort}>
        <label htmlFor={sortId}>Sort by</label>
        <select id={sortId} className={fieldStyles.control} value={view.sort} onChange={(e) => onChange({ sort: e.currentTarget.value as ProductSort })}>
          {PRODUCT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}
