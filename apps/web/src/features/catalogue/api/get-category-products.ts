import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { CATEGORY_PAGE_SIZE, type Product } from '@portal/contract/catalogue'
import { api } from '../../../lib/api'
import { catalogueKeys } from './query-keys'
import { nextPage, PAGED_LIST_GC_MS } from './product-pages'

export const getCategoryProducts = (name: string, warehouse: string, page: number, signal?: AbortSignal) =>
  api.get<Product[]>(`categories/${encodeURIComponent(name)}/products`, { warehouse, page, size: CATEGORY_PAGE_SIZE }, signal)

export const categoryProductsQuery = (name: string, warehouse: string) =>
  infiniteQueryOptions({
    queryKey: catalogueKeys.category(name, warehouse),
    queryFn: ({ pageParam, signal }) => getCategoryProducts(name, warehouse, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage(CATEGORY_PAGE_SIZE),
    gcTime: PAGED_LIST_GC_MS,
  })

export const useCategoryProducts = (name: string, warehouse: string) => useInfiniteQuery(categoryProductsQuery(name, warehouse))
