import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Product } from '@portal/contract/catalogue'
import { api } from '../../../lib/api'
import { catalogueKeys } from './query-keys'

export const getPopular = (warehouse: string, signal?: AbortSignal) => api.get<Product[]>('popular', { warehouse }, signal)

/** One list, no paging: the /popular screen shows it all and the home page its first 4. */
export const popularQuery = (warehouse: string) =>
  queryOptions({
    queryKey: catalogueKeys.popular(warehouse),
    queryFn: ({ signal }) => getPopular(warehouse, signal),
    meta: { errorMessage: 'An error occured fetching the popular products' },
  })

export const usePopular = (warehouse: string) => useQuery(popularQuery(warehouse))
