import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Brand } from '@portal/contract/reference'
import { api } from '../../../lib/api'
import { menuKeys } from './query-keys'

export const getBrands = (signal?: AbortSignal) => api.get<Brand[]>('brands', undefined, signal)

export const brandsQuery = () =>
  queryOptions({
    queryKey: menuKeys.brands(),
    queryFn: ({ signal }) => getBrands(signal),
    staleTime: 15 * 60_000,
    meta: { errorMessage: 'An error occured fetching a list of product brands' },
  })

export const useBrands = () => useQuery(brandsQuery())
