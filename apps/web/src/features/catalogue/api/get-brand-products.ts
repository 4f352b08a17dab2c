import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { CATEGORY_PAGE_SIZE, type Product } from '@portal/contract/catalogue'
import { api } from '../../../lib/api'
import { catalogueKeys } from './query-keys'
import { nextPage, PAGED_LIST_GC_MS } from './product-pages'

export const getBrandProducts = (code: string, warehouse: string, page: number, signal?: AbortSignal) =>
  api.get<Product[]>(`brands/${encodeURIComponent(code)}/products`, { warehouse, page, size: CATEGORY_PAGE_SIZE }, signal)

export const brandProductsQuery = (code: string, warehouse: string) =>
  infiniteQueryOptions({
    queryKey: catalogueKeys.brand(code, warehouse),
    queryFn: ({ pageParam, signal }) => getBrandProducts(code, warehouse, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage(CATEGORY_PAGE_SIZE),
    gcTime: PAGED_LIST_GC_MS,
  })

export const useBrandProducts = (code: string, warehouse: string) => useInfiniteQuery(brandProductsQuery(code, warehouse))
