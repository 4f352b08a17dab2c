import { useCombobox } from 'downshift'
import { useEffect, useState, type ClipboardEvent } from 'react'
import type { Product } from '@portal/contract/catalogue'
import { formatMoney } from '../../../lib/format'
import { useSuggestions } from '../api/suggest-products'
import styles from './quick-order-screen.module.css'

type CodeComboboxProps = {
  label: string
  value: string
  warehouse: string
  inputId: string
  onChange: (code: string) => void
  /** The code is settled: picked from the list (with its product), typed and confirmed with Enter (`moveOn`), or left. */
  onCommit: (code: string, product: Product | undefined, moveOn: boolean) => void
  onPaste: (event: ClipboardEvent<HTMLInputElement>) => void
  invalid: boolean
  describedBy?: string | undefined
}

/** What the typeahead asks for: the text once typing pauses. */
function useSettled(text: string, ms = 200) {
  const [settled, setSettled] = useState(text)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms)
    return () => clearTimeout(timer)
  }, [text, ms])
  return settled
}

/**
 * A product code with a typeahead on code, barcode and description (downshift's ARIA 1.2 combobox): type,
 * arrows to choose, Enter to take the highlighted product, or Enter alone to take the code as typed.
 */
export function CodeCombobox({ label, value, warehouse, inputId, onChange, onCommit, onPaste, invalid, describedBy }: CodeComboboxProps) {
  const query = useSettled(value)
  const suggestions = useSuggestions(query, warehouse)
  const items = value.trim().length >= 2 ? (suggestions.data ?? []) : []
  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps, getLabelProps } = useCombobox<Product>({
    items,
    inputId,
    selectedItem: null,
    itemToString: (item) => item?.ProductCode ?? '',
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) onCommit(selectedItem.ProductCode, selectedItem, true)
    },
  })
  const open = isOpen && items.length > 0

  return (
    <div className={styles.combobox}>
      <label {...getLabelProps()} className="sr-only">
        {label}
      </label>
      <input
        {...getInputProps({
          // The grid holds the text, updated as each key is typed (downshift reports its own changes a render late).
          value,
          onChange: (event) => onChange(event.currentTarget.value),
          onKeyDown: (event) => {
            // Enter with nothing highlighted takes the code as typed.
            if (event.key === 'Enter' && (!open || highlightedIndex < 0)) {
              ;(event.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true
              event.preventDefault()
              onCommit(value.trim(), undefined, true)
            }
          },
          onBlur: () => {
            if (value.trim() !== '') onCommit(value.trim(), undefined, false)
          },
          onPaste,
        })}
        className={styles.codeInput}
        placeholder="Code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        enterKeyHint="next"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
      <ul {...getMenuProps()} className={open ? styles.suggestions : styles.suggestionsClosed}>
        {open &&
          items.map((item, index) => (
            <li
              key={item.ProductID}
              {...getItemProps({ item, index })}
              className={[styles.suggestion, highlightedIndex === index ? styles.highlighted : ''].join(' ')}
            >
              <span className={styles.suggestionCode}>{item.ProductCode}</span>
              <span className={styles.suggestionText}>{item.Description}</span>
              <span className={`money ${styles.suggestionPrice}`}>${formatMoney(item.SinglePricing.Price)}</span>
            </li>
          ))}
      </ul>
    </div>
  )
}
