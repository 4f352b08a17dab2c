import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SiteInfo } from '@portal/contract/reference'
import { api } from '../../../lib/api'
import { siteKeys } from './query-keys'

/** Public facts about the distributor: its name for the header, contacts, demo logins. */
export const getSite = (signal?: AbortSignal) => api.get<SiteInfo>('site', undefined, signal)

export const siteQuery = () => queryOptions({ queryKey: siteKeys.site(), queryFn: ({ signal }) => getSite(signal), staleTime: Infinity })

export const useSite = () => useQuery(siteQuery())

/**
 * The first call the app makes, at start, to its own origin (/api/site there, whatever API_BASE_URL says):
 * the run-time settings every other call and the error reporting depend on.
 */
export async function fetchSiteAtStart(): Promise<SiteInfo> {
  // src/preload-screen.ts asked for it as the page opened; its answer is taken once.
  const early = window as { portalSiteAtStart?: Promise<Response> }
  const asked = early.portalSiteAtStart
  delete early.portalSiteAtStart
  const response = await (asked ?? fetch('/api/site', { headers: { Accept: 'application/json' } }))
  if (!response.ok) throw new Error(`GET /api/site answered ${response.status}`)
  return (await response.json()) as SiteInfo
}
