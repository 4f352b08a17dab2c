import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Warehouse } from '@portal/contract/reference'
import { api } from '../../../lib/api'
import { menuKeys } from './query-keys'

/** Every branch; the selector leaves some out (see selectableWarehouses). */
export const getWarehouses = (signal?: AbortSignal) => api.get<Warehouse[]>('warehouses', undefined, signal)

export const warehousesQuery = () =>
  queryOptions({
    queryKey: menuKeys.warehouses(),
    queryFn: ({ signal }) => getWarehouses(signal),
    staleTime: 60 * 60_000,
    // A failed branch list shows the categories message too.
    meta: { errorMessage: 'An error occured fetching a list of product categories' },
  })

export const useWarehouses = () => useQuery(warehousesQuery())
