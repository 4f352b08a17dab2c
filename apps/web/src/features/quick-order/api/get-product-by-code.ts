import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Product, ProductDetail } from '@portal/contract/catalogue'
import { ApiError, api } from '../../../lib/api'

export const getProductByCode = (code: string, warehouse: string, signal?: AbortSignal) =>
  api.get<ProductDetail>('products/by-code', { code, warehouse }, signal)

/** The product a typed or pasted code (or barcode) names at the branch; null when there is none this user may buy. */
export const productByCodeQuery = (code: string, warehouse: string) =>
  queryOptions({
    queryKey: ['quick-order', 'by-code', code.toUpperCase(), warehouse],
    // The grid shows a product's list fields only, so a product picked from the typeahead seeds this query.
    queryFn: async ({ signal }): Promise<Product | null> => {
      try {
        return await getProductByCode(code, warehouse, signal)
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null
        throw error
      }
    },
    enabled: code.trim() !== '',
    staleTime: 60_000,
  })

export const useProductByCode = (code: string, warehouse: string) => useQuery(productByCodeQuery(code, warehouse))
