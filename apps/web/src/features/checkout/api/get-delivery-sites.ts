import { useQuery } from '@tanstack/react-query'
import { deliverySitesQuery } from '../../account'

/** The account's delivery sites, to fill the checkout form; a failure reads as no sites. */
export const useCheckoutDeliverySites = () => useQuery({ ...deliverySitesQuery(), meta: { errorMessage: 'An error occured retrieving your delivery sites' } })
