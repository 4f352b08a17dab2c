import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import type { Product } from '@portal/contract/catalogue'
import { CATEGORY_PAGE_SIZE } from '@portal/contract/constants'
import { api } from '../../../lib/api'
import { DEFAULT_VIEW, viewQuery, type ListView } from '../list-view'
import { catalogueKeys } from './query-keys'
import { nextPage, PAGED_LIST_GC_MS } from './product-pages'

export const getCategoryProducts = (name: string, warehouse: string, page: number, signal?: AbortSignal, view: ListView = DEFAULT_VIEW) =>
  api.get<Product[]>(`categories/${encodeURIComponent(name)}/products`, { warehouse, page, size: CATEGORY_PAGE_SIZE, ...viewQuery(view) }, signal)

export const categoryProductsQuery = (name: string, warehouse: string, view: ListView = DEFAULT_VIEW) =>
  infiniteQueryOptions({
    queryKey: catalogueKeys.category(name, warehouse, view),
    queryFn: ({ pageParam, signal }) => getCategoryProducts(name, warehouse, pageParam, signal, view),
    initialPageParam: 1,
    getNextPageParam: nextPage(CATEGORY_PAGE_SIZE),
    gcTime: PAGED_LIST_GC_MS,
  })

export const useCategoryProducts = (name: string, warehouse: string, view: ListView = DEFAULT_VIEW) =>
  useInfiniteQuery(categoryProductsQuery(name, warehouse, view))
