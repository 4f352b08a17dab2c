import { queryOptions } from '@tanstack/react-query'
import type { DeliverySite } from '@portal/contract/reference'
import { api } from '../../../lib/api'
import { accountKeys } from './query-keys'

export const getDeliverySites = (signal?: AbortSignal) => api.get<DeliverySite[]>('delivery-sites', undefined, signal)

/**
 * The account's delivery sites: the checkout form's first step and the branch filter of the order lists,
 * fetched once for both. Each screen adds what it says when they fail to load.
 */
export const deliverySitesQuery = () =>
  queryOptions({ queryKey: accountKeys.deliverySites(), queryFn: ({ signal }) => getDeliverySites(signal), staleTime: 5 * 60_000 })
