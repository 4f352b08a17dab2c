import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { Product } from '@portal/contract/catalogue'
import { LIST_PAGE_SIZE } from '@portal/contract/constants'
import { api } from '../../../lib/api'
import { DEFAULT_VIEW, viewQuery, type ListView } from '../list-view'
import { catalogueKeys } from './query-keys'
import { nextPage, PAGED_LIST_GC_MS } from './product-pages'

const errorMessage = 'An error occured fetching the specials'

export const getSpecials = (warehouse: string, page: number, signal?: AbortSignal, view: ListView = DEFAULT_VIEW) =>
  api.get<Product[]>('specials', { warehouse, page, size: LIST_PAGE_SIZE, ...viewQuery(view) }, signal)

export const specialsQuery = (warehouse: string, view: ListView = DEFAULT_VIEW) =>
  infiniteQueryOptions({
    queryKey: catalogueKeys.specials(warehouse, view),
    queryFn: ({ pageParam, signal }) => getSpecials(warehouse, pageParam, signal, view),
    initialPageParam: 1,
    getNextPageParam: nextPage(LIST_PAGE_SIZE),
    gcTime: PAGED_LIST_GC_MS,
    meta: { errorMessage },
  })

export const useSpecials = (warehouse: string, view: ListView = DEFAULT_VIEW) => useInfiniteQuery(specialsQuery(warehouse, view))

/** The home page's 'Web Specials': the first page, of which it shows 4. */
export const specialsPreviewQuery = (warehouse: string) =>
  queryOptions({
    queryKey: catalogueKeys.specialsPreview(warehouse),
    queryFn: ({ signal }) => getSpecials(warehouse, 1, signal),
    meta: { errorMessage },
  })

export const useSpecialsPreview = (warehouse: string) => useQuery(specialsPreviewQuery(warehouse))
