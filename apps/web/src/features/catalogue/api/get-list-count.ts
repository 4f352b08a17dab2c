import { useQuery } from '@tanstack/react-query'
import type { ListCount } from '@portal/contract/catalogue'
import { api } from '../../../lib/api'
import { catalogueKeys } from './query-keys'

/**
 * How many products a category, brand or specials list holds for this account (`list`: the list's API path, e.g.
 * `categories/drenches/products`), with `inStock` only those in stock at the branch. Without it the list shows
 * no number: a failure shows no message of its own.
 */
export const useListCount = (list: string, warehouse: string, inStock: boolean) =>
  useQuery({
    queryKey: catalogueKeys.count(list, warehouse, inStock),
    queryFn: ({ signal }) => api.get<ListCount>(`${list}/count`, { warehouse, inStock: inStock ? 'true' : undefined }, signal),
    select: (answer) => answer.count,
    retry: false,
  })
