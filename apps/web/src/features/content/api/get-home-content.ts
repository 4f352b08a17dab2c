import { queryOptions, useQuery } from '@tanstack/react-query'
import { useContentBase } from '../content-source'
import { CONTENT_ERROR } from '../messages'
import { readHomePage, type HomeContent } from '../wordpress'
import { fetchContent } from './content-fetch'
import { contentKeys } from './query-keys'

/** GET pages?slug=home: the banner slider and promo banners. */
export async function getHomeContent(base: string, signal?: AbortSignal): Promise<HomeContent> {
  const { data } = await fetchContent(base, 'pages', { slug: 'home' }, signal)
  return readHomePage(data, base)
}

export const homeContentQuery = (base: string) =>
  queryOptions({
    queryKey: contentKeys.home(base),
    queryFn: ({ signal }) => getHomeContent(base, signal),
    staleTime: 5 * 60_000,
    meta: { errorMessage: CONTENT_ERROR },
  })

export function useHomeContent() {
  const base = useContentBase()
  return useQuery({ ...homeContentQuery(base ?? ''), enabled: base !== undefined })
}
