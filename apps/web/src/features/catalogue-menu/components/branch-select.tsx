import { useId } from 'react'
import type { Warehouse } from '@portal/contract/reference'
import { selectableWarehouses } from '../warehouses'
import styles from './catalogue-menu.module.css'

type BranchSelectProps = {
  warehouses: Warehouse[] | undefined
  value: string
  onChange: (code: string) => void
  disabled?: boolean
  /** The account's branch group; empty or absent for every trading branch. */
  group?: string[] | undefined
}

/** The branch selector: a plain labelled select, without the consignment and Farmers Mailbox locations. */
export function BranchSelect({ warehouses, value, onChange, disabled = false, group }: BranchSelectProps) {
  const id = useId()
  const options = selectableWarehouses(warehouses ?? [], group)
  const known = options.some((w) => w.LocationID === value)
  return (
    <div className={styles.branch}>
      <label htmlFor={id}>Branch</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} disabled={disabled}>
        {!known && <option value={value}>{value || 'Choose a branch'}</option>}
        {options.map((w) => (
          <option key={w.LocationID} value={w.LocationID}>
            {w.NAME}
          </option>
        ))}
      </select>
    </div>
  )
}
