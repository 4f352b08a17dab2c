import type { ReactNode } from 'react'
import { Button } from './button'
import { Spinner } from './spinner'
import table from './table.module.css'

type ListResultsProps = {
  pending: boolean
  empty: boolean
  hasMore: boolean
  loadingMore: boolean
  onLoadMore: () => void
  /** What the spinner says to a screen reader while the first page loads. */
  loadingLabel: string
  /** The Load more button's label ('Load more orders'). */
  moreLabel: string
  /** The table of rows. */
  children: ReactNode
}

/** A history list's results: a spinner while the first page loads, 'No results' when empty, and Load more until the last page. */
export function ListResults({ pending, empty, hasMore, loadingMore, onLoadMore, loadingLabel, moreLabel, children }: ListResultsProps) {
  return (
    <>
      {pending ? (
        <div className={table.loading}>
          <Spinner label={loadingLabel} size="large" />
        </div>
      ) : empty ? (
        <p className={table.empty}>No results</p>
      ) : (
        children
      )}
      {hasMore && (
        <div className={table.more}>
          <Button variant="secondary" onClick={onLoadMore} disabled={loadingMore}>
            {loadingMore ? 'Loading...' : moreLabel}
          </Button>
        </div>
      )}
    </>
  )
}
