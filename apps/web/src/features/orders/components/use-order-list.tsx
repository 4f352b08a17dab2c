import type { QueryKey } from '@tanstack/react-query'
import { useListFilters, type PagedQuery } from '../../../components/ui/use-list-filters'
import { useSession } from '../../../lib/session'
import { useDeliverySites } from '../api/get-delivery-sites'
import type { OrderFilters } from '../api/get-orders'
import { BranchFilter } from './branch-filter'

/** What a failed first page, or a failed further one, says (kept word for word). */
const failures = { first: 'An error occured loading your orders.', more: 'An error occured loading more orders.' }

/**
 * The state of an order list (Order History, Items on Back Order): the history filters, plus the branch
 * filter that branch-group (reseller) users get (decision 0021), 'All Branches' at first.
 */
export function useOrderList<Row, Key extends QueryKey>(query: PagedQuery<OrderFilters, Row, Key>) {
  const session = useSession()
  const withBranches = Boolean(session && (session.user.isElders || session.settings.BranchGroup.length > 0))
  const sites = useDeliverySites(withBranches)
  // The search is kept in the address: a reload or Back keeps it.
  const list = useListFilters(query, { branch: '0' }, failures, { inUrl: true })
  const branchFilter = withBranches && <BranchFilter sites={sites.data} value={list.filters.branch} onChange={(branch) => list.apply({ branch })} />
  return { ...list, withBranches, sites: sites.data, branchFilter }
}
