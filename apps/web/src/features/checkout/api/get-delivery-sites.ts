import { queryOptions, useQuery } from '@tanstack/react-query'
import type { DeliverySite } from '@portal/contract/reference'
import { api } from '../../../lib/api'

export const getDeliverySites = (signal?: AbortSignal) => api.get<DeliverySite[]>('delivery-sites', undefined, signal)

/** The account's delivery sites, to fill the checkout form; a failure reads as no sites. */
export const checkoutDeliverySitesQuery = () =>
  queryOptions({
    queryKey: ['checkout', 'delivery-sites'],
    queryFn: ({ signal }) => getDeliverySites(signal),
    staleTime: 5 * 60_000,
    meta: { errorMessage: 'An error occured retrieving your delivery sites' },
  })

export const useCheckoutDeliverySites = () => useQuery(checkoutDeliverySitesQuery())
