import { useState, type FormEvent, type ReactNode } from 'react'
import { addMonths, toWireDate } from '../../lib/format'
import { Button } from './button'
import { TextField } from './field'
import styles from './date-filters.module.css'

export type DateFilterValues = { startDate: string; endDate: string; search: string }

type DateFiltersProps = {
  initial: DateFilterValues
  onSearch: (values: DateFilterValues) => void
  /** The search box's label; without one the bar has dates only. */
  searchLabel?: string
  searchPlaceholder?: string
  /** More filters (a branch dropdown) between the search box and the button. */
  children?: ReactNode
}

/**
 * From and To dates, a search box and the Search button of the history screens. The button is disabled
 * only when the search text and both dates are empty; clearing the search text searches again at once,
 * back on page 1.
 */
export function DateFilters({ initial, onSearch, searchLabel, searchPlaceholder, children }: DateFiltersProps) {
  const [values, setValues] = useState(initial)
  // New starting values (Back or Forward to another search kept in the address) replace what the bar shows.
  const initialKey = `${initial.startDate}|${initial.endDate}|${initial.search}`
  const [shownKey, setShownKey] = useState(initialKey)
  if (shownKey !== initialKey) {
    setShownKey(initialKey)
    setValues(initial)
  }
  const empty = !values.search.trim() && !values.startDate && !values.endDate

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!empty) onSearch({ ...values, search: values.search.trim() })
  }

  const set = (key: keyof DateFilterValues) => (event: { target: { value: string } }) => {
    const next = { ...values, [key]: event.target.value }
    setValues(next)
    if (key === 'search' && next.search === '' && values.search !== '') onSearch(next)
  }

  return (
    <form className={styles.filters} onSubmit={submit} role="search" aria-label="Filters">
      <TextField label="From" type="date" className={styles.date} value={values.startDate} max={values.endDate || undefined} onChange={set('startDate')} />
      <TextField label="To" type="date" className={styles.date} value={values.endDate} min={values.startDate || undefined} onChange={set('endDate')} />
      {searchLabel && (
        <TextField
          label={searchLabel}
          type="search"
          className={styles.search}
          value={values.search}
          placeholder={searchPlaceholder}
          onChange={set('search')}
          autoComplete="off"
        />
      )}
      {children && <div className={styles.extra}>{children}</div>}
      <Button type="submit" className={styles.submit} disabled={empty}>
        Search
      </Button>
    </form>
  )
}

/** The history screens' starting filters: six months ago to today, no search text. */
export function defaultDateFilters(now = new Date()): DateFilterValues {
  return { startDate: toWireDate(addMonths(now, -6)), endDate: toWireDate(now), search: '' }
}
