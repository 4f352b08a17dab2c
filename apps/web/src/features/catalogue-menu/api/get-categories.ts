import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Category } from '@portal/contract/reference'
import { api } from '../../../lib/api'
import { menuKeys } from './query-keys'
import { sortCategories } from '../categories'

export const getCategories = async (signal?: AbortSignal) => sortCategories(await api.get<Category[]>('categories', undefined, signal))

export const categoriesQuery = () =>
  queryOptions({
    queryKey: menuKeys.categories(),
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 15 * 60_000,
    meta: { errorMessage: 'An error occured fetching a list of product categories' },
  })

export const useCategories = () => useQuery(categoriesQuery())
