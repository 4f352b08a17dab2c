import { queryOptions, useQuery } from '@tanstack/react-query'
import { useContentBase } from '../content-source'
import { CONTENT_ERROR } from '../messages'
import { useSession } from '../../../lib/session'
import { newsGroup, readHomePage, type HomeContent } from '../wordpress'
import { fetchContent } from './content-fetch'
import { contentKeys } from './query-keys'

/**
 * GET pages?slug=home&filter[group]={group}: the banner slider and promo banners; the group keeps the banners
 * written in the back office for other groups out (decision 0096). WordPress ignores the filter.
 */
export async function getHomeContent(base: string, group: string, signal?: AbortSignal): Promise<HomeContent> {
  const { data } = await fetchContent(base, 'pages', { slug: 'home', ...(group ? { 'filter[group]': group } : {}) }, signal)
  return readHomePage(data, base)
}

export const homeContentQuery = (base: string, group: string) =>
  queryOptions({
    queryKey: contentKeys.home(base, group),
    queryFn: ({ signal }) => getHomeContent(base, group, signal),
    staleTime: 5 * 60_000,
    meta: { errorMessage: CONTENT_ERROR },
  })

export function useHomeContent() {
  const base = useContentBase()
  const session = useSession()
  const group = session ? newsGroup(session.user) : ''
  return useQuery({ ...homeContentQuery(base ?? '', group), enabled: base !== undefined })
}
