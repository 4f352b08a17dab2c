import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ProductDetail } from '@portal/contract/catalogue'
import { api } from '../../../lib/api'
import { catalogueKeys } from './query-keys'

export const getProduct = (productId: number, warehouse: string, signal?: AbortSignal) => api.get<ProductDetail>(`product/${productId}`, { warehouse }, signal)

export const productQuery = (productId: number, warehouse: string) =>
  queryOptions({
    queryKey: catalogueKeys.product(productId, warehouse),
    queryFn: ({ signal }) => getProduct(productId, warehouse, signal),
    enabled: Number.isInteger(productId) && productId > 0,
    meta: { errorMessage: 'There was an error loading this product' },
  })

export const useProduct = (productId: number, warehouse: string) => useQuery(productQuery(productId, warehouse))
