import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { Product } from '@portal/contract/catalogue'
import { api } from '../../../lib/api'

const SUGGESTIONS = 8

/** The typeahead's choices: the catalogue's search over code, description, brand and barcode, best first. */
export const suggestProducts = (text: string, warehouse: string, signal?: AbortSignal) =>
  api.post<Product[]>('search', { search: text }, { query: { warehouse, page: 1, size: SUGGESTIONS }, signal })

export const suggestionsQuery = (text: string, warehouse: string) =>
  queryOptions({
    queryKey: ['quick-order', 'suggest', text.trim().toLowerCase(), warehouse],
    queryFn: ({ signal }) => suggestProducts(text.trim(), warehouse, signal),
    enabled: text.trim().length >= 2,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  })

export const useSuggestions = (text: string, warehouse: string) => useQuery(suggestionsQuery(text, warehouse))
