import { useQuery } from '@tanstack/react-query'
import { deliverySitesQuery } from '../../account'

/** The account's delivery sites, for the branch filter of a branch-group account. */
export const useDeliverySites = (enabled: boolean) => useQuery({ ...deliverySitesQuery(), enabled })
