import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Product } from '@portal/contract/catalogue'
import { RELATED_REQUEST_SIZE } from '@portal/contract/constants'
import { api } from '../../../lib/api'
import { catalogueKeys } from './query-keys'

export const getRelatedProducts = (category: string, warehouse: string, signal?: AbortSignal) =>
  api.get<Product[]>(`categories/${encodeURIComponent(category)}/random-products`, { warehouse, size: RELATED_REQUEST_SIZE }, signal)

/** A random pick from the product's category; kept while the page is open so it does not reshuffle. */
export const relatedProductsQuery = (category: string, warehouse: string) =>
  queryOptions({
    queryKey: catalogueKeys.related(category, warehouse),
    queryFn: ({ signal }) => getRelatedProducts(category, warehouse, signal),
    staleTime: Infinity,
    enabled: category.length > 0,
  })

export const useRelatedProducts = (category: string, warehouse: string) => useQuery(relatedProductsQuery(category, warehouse))
