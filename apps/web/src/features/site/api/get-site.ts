import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SiteInfo } from '@portal/contract/reference'
import { api } from '../../../lib/api'

/** Public facts about the distributor: its name for the header, contacts, demo logins. */
export const getSite = (signal?: AbortSignal) => api.get<SiteInfo>('site', undefined, signal)

export const siteQuery = () => queryOptions({ queryKey: ['site'], queryFn: ({ signal }) => getSite(signal), staleTime: Infinity })

export const useSite = () => useQuery(siteQuery())
