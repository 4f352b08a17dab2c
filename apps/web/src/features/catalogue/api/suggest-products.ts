import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { Suggestions } from '@portal/contract/catalogue'
import { SUGGESTION_MIN_LENGTH } from '@portal/contract/constants'
import { api } from '../../../lib/api'

export const suggestProducts = (text: string, warehouse: string, signal?: AbortSignal) => api.get<Suggestions>('search/suggest', { text, warehouse }, signal)

/** Instant suggestions for what has been typed so far (from the second letter); the last answer stays while the next loads. */
export const suggestionsQuery = (text: string, warehouse: string) =>
  queryOptions({
    queryKey: ['catalogue', 'suggest', text, warehouse],
    queryFn: ({ signal }) => suggestProducts(text, warehouse, signal),
    enabled: text.trim().length >= SUGGESTION_MIN_LENGTH && warehouse !== '',
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  })

export const useSuggestions = (text: string, warehouse: string) => useQuery(suggestionsQuery(text, warehouse))
