import { useState } from 'react'
import { useInfiniteQuery, type DefaultError, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query'
import { usePageFailures } from '../../lib/paged-list'
import { defaultDateFilters, type DateFilterValues } from './date-filters'
import { notify } from './toast'

/** A list's query options for the given filters, as the features' api files write them. */
export type PagedQuery<Filters, Row, Key extends QueryKey> = (
  filters: Filters,
) => UseInfiniteQueryOptions<Row[], DefaultError, InfiniteData<Row[]>, Key, number>

/**
 * The state of a history list (orders, back orders, invoices): its filters, starting at six months ago
 * to today with no search text (plus the screen's own, such as a branch), and the pages loaded for them.
 * A failed first page and a failed Load more each toast the screen's message; a failed Load more also
 * empties the list (spec section 8). Any new filter starts again at page 1 (spec section 4).
 */
export function useListFilters<Extra extends Record<string, string>, Row, Key extends QueryKey>(
  query: PagedQuery<DateFilterValues & Extra, Row, Key>,
  extra: Extra,
  messages: { first: string; more: string },
) {
  const [initial] = useState(defaultDateFilters)
  const [filters, setFilters] = useState(() => ({ ...initial, ...extra }))
  const [emptied, setEmptied] = useState(false)
  const list = useInfiniteQuery(query(filters))
  usePageFailures(list, (kind) => {
    notify.error(messages[kind])
    if (kind === 'more') setEmptied(true)
  })

  const apply = (next: Partial<DateFilterValues & Extra>) => {
    setEmptied(false)
    setFilters((current) => ({ ...current, ...next }))
  }

  const rows = emptied ? [] : (list.data?.pages.flat() ?? [])
  return {
    filters,
    apply,
    rows,
    /** What the screen's DateFilters bar takes. */
    dateFilters: { initial, onSearch: apply },
    /** What the screen's ListResults takes. */
    results: {
      pending: list.isPending,
      empty: rows.length === 0,
      hasMore: !emptied && list.hasNextPage,
      loadingMore: list.isFetchingNextPage,
      onLoadMore: () => void list.fetchNextPage(),
    },
  }
}
