import { useQuery } from '@tanstack/react-query'
import type { ClipboardEvent } from 'react'
import type { Product } from '@portal/contract/catalogue'
import { formatMoney } from '../../../lib/format'
import { checkQuantity } from '../../../lib/quantity'
import { productByCodeQuery } from '../api/get-product-by-code'
import { CodeCombobox } from './code-combobox'
import styles from './quick-order-screen.module.css'

export type GridRow = {
  id: number
  /** The code box as typed. */
  code: string
  /** The code last settled (Enter, a choice, leaving the box, a paste): the one looked up. */
  settled: string
  qty: string
  /** Why the server did not add the row, from the last Add to cart. */
  problem?: string | undefined
}

type RowProps = {
  row: GridRow
  index: number
  warehouse: string
  onChange: (change: Partial<GridRow>) => void
  onCommitCode: (code: string, product: Product | undefined, moveOn: boolean) => void
  onQtyEnter: () => void
  onPaste: (event: ClipboardEvent<HTMLInputElement>) => void
  onRemove: () => void
}

export const codeInputId = (rowId: number) => `quick-order-code-${rowId}`
export const qtyInputId = (rowId: number) => `quick-order-qty-${rowId}`

/** A whole number of at least 1, as the server counts it, or null. */
export function wholeQuantity(text: string): number | null {
  return checkQuantity(text).quantity ?? null
}

/** What is wrong with a row's quantity: said for a row with a code, or for any quantity typed that is not one. */
export function quantityProblem(row: Pick<GridRow, 'code' | 'qty'>): string | undefined {
  if (row.code.trim() === '' && row.qty.trim() === '') return undefined
  return checkQuantity(row.qty).error
}

/** One grid row: code with typeahead, quantity, and once the code is known its description, price, stock and total. */
export function QuickOrderRow({ row, index, warehouse, onChange, onCommitCode, onQtyEnter, onPaste, onRemove }: RowProps) {
  const lookup = useQuery(productByCodeQuery(row.settled, warehouse))
  const product = row.settled !== '' ? lookup.data : undefined
  const unknown = row.settled !== '' && lookup.data === null
  const quantity = wholeQuantity(row.qty)
  const total = product && quantity !== null ? (Math.round(product.SinglePricing.Price * 100) * quantity) / 100 : null
  const n = index + 1
  const problemId = `quick-order-problem-${row.id}`
  const problem = row.problem ?? (unknown ? 'Unknown product code' : undefined)
  const qtyProblemId = `quick-order-qty-problem-${row.id}`
  const qtyProblem = quantityProblem(row)

  return (
    <tr className={problem || qtyProblem ? styles.problemRow : undefined} data-row={n}>
      <td data-label="Code" className={styles.codeCell}>
        <CodeCombobox
          label={`Product code, row ${n}`}
          value={row.code}
          warehouse={warehouse}
          inputId={codeInputId(row.id)}
          onChange={(code) => onChange({ code, problem: undefined })}
          onCommit={onCommitCode}
          onPaste={onPaste}
          invalid={problem !== undefined}
          describedBy={problem ? problemId : undefined}
        />
      </td>
      <td data-label="Qty" className={styles.qtyCell}>
        <label className="sr-only" htmlFor={qtyInputId(row.id)}>
          Quantity, row {n}
        </label>
        <input
          id={qtyInputId(row.id)}
          className={styles.qtyInput}
          value={row.qty}
          inputMode="numeric"
          enterKeyHint="next"
          autoComplete="off"
          onChange={(event) => onChange({ qty: event.target.value, problem: undefined })}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              onQtyEnter()
            }
          }}
          onFocus={(event) => event.currentTarget.select()}
          aria-invalid={qtyProblem ? true : undefined}
          aria-describedby={qtyProblem ? qtyProblemId : undefined}
        />
      </td>
      <td data-label="Description" className={styles.descriptionCell}>
        {product ? <span>{product.Description}</span> : row.settled !== '' && lookup.isPending ? <span className={styles.muted}>Looking up…</span> : null}
        {problem && (
          <span id={problemId} className={styles.problem}>
            {problem}
          </span>
        )}
        {qtyProblem && (
          <span id={qtyProblemId} className={styles.problem}>
            {qtyProblem}
          </span>
        )}
      </td>
      <td data-label="Unit price (ex GST)" className={`money ${styles.amount}`}>
        {product ? `$${formatMoney(product.SinglePricing.Price)}` : ''}
      </td>
      <td data-label="Available" className={styles.amount}>
        {product ? <span className="tabular">{product.Availability.Available}</span> : ''}
      </td>
      <td data-label="Total (ex GST)" className={`money ${styles.amount}`}>
        {total !== null ? `$${formatMoney(total)}` : ''}
      </td>
      <td className={styles.removeCell}>
        {(row.code !== '' || row.qty !== '1') && (
          <button type="button" className={styles.remove} onClick={onRemove} aria-label={`Remove row ${n}`}>
            ×
          </button>
        )}
      </td>
    </tr>
  )
}
