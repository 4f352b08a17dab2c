import { queryOptions, useQuery } from '@tanstack/react-query'
import { useContentBase } from '../content-source'
import { CONTENT_ERROR } from '../messages'
import { readPage, type ContentPage } from '../wordpress'
import { fetchContent } from './content-fetch'
import { contentKeys } from './query-keys'

/** GET pages?slug={slug}: a page of the content service (the privacy notice, the terms); null when there is none. */
export async function getPage(base: string, slug: string, signal?: AbortSignal): Promise<ContentPage | null> {
  const { data } = await fetchContent(base, 'pages', { slug }, signal)
  return readPage(data)
}

export const pageQuery = (base: string, slug: string) =>
  queryOptions({
    queryKey: contentKeys.page(base, slug),
    queryFn: ({ signal }) => getPage(base, slug, signal),
    staleTime: 5 * 60_000,
    meta: { errorMessage: CONTENT_ERROR },
  })

export function usePage(slug: string) {
  const base = useContentBase()
  return useQuery({ ...pageQuery(base ?? '', slug), enabled: base !== undefined })
}
