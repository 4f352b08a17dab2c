import { queryOptions, useQuery } from '@tanstack/react-query'
import type { DeliverySite } from '@portal/contract/reference'
import { api } from '../../../lib/api'

export const getDeliverySites = (signal?: AbortSignal) => api.get<DeliverySite[]>('delivery-sites', undefined, signal)

/** The account's delivery sites, for the branch filter of a branch-group account. */
export const deliverySitesQuery = () => queryOptions({ queryKey: ['delivery-sites'], queryFn: ({ signal }) => getDeliverySites(signal), staleTime: 5 * 60_000 })

export const useDeliverySites = (enabled: boolean) => useQuery({ ...deliverySitesQuery(), enabled })
