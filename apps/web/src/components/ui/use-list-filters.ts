import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { useInfiniteQuery, type DefaultError, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query'
import { usePageFailures } from '../../lib/paged-list'
import { defaultDateFilters, type DateFilterValues } from './date-filters'
import { notify } from './toast'

/** A list's query options for the given filters, as the features' api files write them. */
export type PagedQuery<Filters, Row, Key extends QueryKey> = (
  filters: Filters,
) => UseInfiniteQueryOptions<Row[], DefaultError, InfiniteData<Row[]>, Key, number>

/** The address's names for the date filters (the rest keep their own names: search, branch). */
const URL_NAMES: Record<string, string> = { startDate: 'from', endDate: 'to' }
const urlName = (key: string) => URL_NAMES[key] ?? key

/**
 * The state of a history list (orders, back orders, invoices): its filters, starting at six months ago
 * to today with no search text (plus the screen's own, such as a branch), and the pages loaded for them.
 * A failed first page and a failed Load more each toast the screen's message; a failed Load more also
 * empties the list. Any new filter starts again at page 1.
 *
 * With `inUrl`, the filters that differ from the starting ones live in the address (?search=…&from=…&to=…
 * &branch=…): a search is a new history entry, so a reload keeps it and Back returns to the one before.
 */
export function useListFilters<Extra extends Record<string, string>, Row, Key extends QueryKey>(
  query: PagedQuery<DateFilterValues & Extra, Row, Key>,
  extra: Extra,
  messages: { first: string; more: string },
  options: { inUrl?: boolean } = {},
) {
  const [initial] = useState(defaultDateFilters)
  const [defaults] = useState(() => ({ ...initial, ...extra }))
  const [localFilters, setLocalFilters] = useState(defaults)
  const [params, setParams] = useSearchParams()
  type Filters = DateFilterValues & Extra
  const fromAddress = (): Filters => {
    const read = { ...defaults } as Record<string, string>
    for (const key of Object.keys(defaults)) {
      const value = params.get(urlName(key))
      if (value !== null) read[key] = value
    }
    return read as Filters
  }
  const filters: Filters = options.inUrl ? fromAddress() : localFilters
  const [emptied, setEmptied] = useState(false)
  const list = useInfiniteQuery(query(filters))
  usePageFailures(list, (kind) => {
    notify.error(messages[kind])
    if (kind === 'more') setEmptied(true)
  })

  const apply = (next: Partial<Filters>) => {
    setEmptied(false)
    if (!options.inUrl) {
      setLocalFilters((current) => ({ ...current, ...next }))
      return
    }
    const merged = { ...filters, ...next } as Record<string, string>
    const address = new URLSearchParams(params)
    for (const key of Object.keys(defaults)) {
      const value = merged[key] ?? ''
      if (value === (defaults as Record<string, string>)[key]) address.delete(urlName(key))
      else address.set(urlName(key), value)
    }
    setParams(address)
  }

  const rows = emptied ? [] : (list.data?.pages.flat() ?? [])
  return {
    filters,
    apply,
    rows,
    /** What the screen's DateFilters bar takes: in the address, the filters it shows follow Back and Forward. */
    dateFilters: { initial: options.inUrl ? (filters as DateFilterValues) : initial, onSearch: apply },
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
