import type { SuggestedGroup, SuggestedProduct, Suggestions } from '@portal/contract/catalogue'
import { formatMoney } from '../../../lib/format'
import { productImageUrl } from '../images'
import styles from './search-suggestions.module.css'

/** One choice of the suggestion list: where it leads and how it is named to a screen reader. */
export interface SuggestionOption {
  id: string
  href: string
  product?: SuggestedProduct
  group?: SuggestedGroup
}

/** The choices in list order: products first, then categories and brands. */
export function suggestionOptions(idPrefix: string, suggestions: Suggestions | undefined): SuggestionOption[] {
  if (!suggestions) return []
  return [
    ...suggestions.products.map((product) => ({ id: `${idPrefix}-p${product.ProductID}`, href: `/product/${product.ProductID}`, product })),
    ...suggestions.groups.map((group) => ({
      id: `${idPrefix}-${group.kind}-${group.key}`,
      href: `/${group.kind}/${encodeURIComponent(group.key)}`,
      group,
    })),
  ]
}

/**
 * The listbox under the search box (ARIA 1.2 combobox pattern): the input keeps the focus and points at
 * the active option with aria-activedescendant; a pointer picks with a click.
 */
export function SuggestionList({
  id,
  label,
  options,
  activeId,
  onPick,
}: {
  id: string
  label: string
  options: SuggestionOption[]
  activeId: string | undefined
  onPick: (option: SuggestionOption) => void
}) {
  const products = options.filter((o) => o.product)
  const groups = options.filter((o) => o.group)
  const item = (option: SuggestionOption) => (
    <li
      key={option.id}
      id={option.id}
      role="option"
      aria-selected={option.id === activeId}
      className={styles.option}
      // The input keeps the focus: a press would blur it and close the list before the click lands.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onPick(option)}
    >
      {option.product ? <ProductOption product={option.product} /> : <GroupOption group={option.group!} />}
    </li>
  )
  return (
    <div className={styles.popup}>
      <ul id={id} role="listbox" aria-label={label} className={styles.list}>
        {products.length > 0 && (
          <li role="presentation">
            <ul role="group" aria-label="Products" className={styles.group}>
              {products.map(item)}
            </ul>
          </li>
        )}
        {groups.length > 0 && (
          <li role="presentation">
            <ul role="group" aria-label="Categories and brands" className={styles.group}>
              {groups.map(item)}
            </ul>
          </li>
        )}
      </ul>
    </div>
  )
}

function ProductOption({ product }: { product: SuggestedProduct }) {
  const available = product.Availability.Available
  return (
    <span className={styles.product}>
      <img className={styles.picture} src={productImageUrl(product.ProductID, 250)} alt="" width={40} height={40} loading="lazy" />
      <span className={styles.text}>
        <span className={styles.description}>{product.Description}</span>
        <span className={styles.meta}>
          <span className={styles.code}>{product.ProductCode}</span>
          <span>${formatMoney(product.SinglePricing.Price)}</span>
          <span data-in-stock={available > 0}>{available > 0 ? `In stock (${available.toLocaleString('en-AU')})` : 'No stock'}</span>
        </span>
      </span>
    </span>
  )
}

function GroupOption({ group }: { group: SuggestedGroup }) {
  return (
    <span className={styles.groupOption}>
      <span className={styles.kind}>{group.kind === 'category' ? 'Category' : 'Brand'}</span> {group.title}
    </span>
  )
}
