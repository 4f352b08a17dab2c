import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { LIST_PAGE_SIZE, type Product, type SearchBody } from '@portal/contract/catalogue'
import { api } from '../../../lib/api'
import { catalogueKeys } from './query-keys'
import { nextPage, PAGED_LIST_GC_MS } from './product-pages'

export const searchProducts = (text: string, warehouse: string, page: number, signal?: AbortSignal) =>
  api.post<Product[]>('search', { search: text } satisfies SearchBody, { query: { warehouse, page, size: LIST_PAGE_SIZE }, signal })

export const searchQuery = (text: string, warehouse: string) =>
  infiniteQueryOptions({
    queryKey: catalogueKeys.search(text, warehouse),
    queryFn: ({ pageParam, signal }) => searchProducts(text, warehouse, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage(LIST_PAGE_SIZE),
    gcTime: PAGED_LIST_GC_MS,
    enabled: text.trim().length > 0,
  })

export const useSearch = (text: string, warehouse: string) => useInfiniteQuery(searchQuery(text, warehouse))
