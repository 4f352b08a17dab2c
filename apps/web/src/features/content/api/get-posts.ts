import { queryOptions, useQuery } from '@tanstack/react-query'
import { useContentBase } from '../content-source'
import { CONTENT_ERROR } from '../messages'
import { readPosts, type PostSummary } from '../wordpress'
import { fetchContent } from './content-fetch'
import { contentKeys } from './query-keys'

/** GET posts?per_page={n}&_embed&filter[group]={group}: the newest posts for a group. */
export async function getPosts(base: string, group: string, perPage: number, signal?: AbortSignal): Promise<PostSummary[]> {
  const { data } = await fetchContent(base, 'posts', { per_page: perPage, _embed: true, 'filter[group]': group }, signal)
  return readPosts(data, base)
}

export const postsQuery = (base: string, group: string, perPage: number) =>
  queryOptions({
    queryKey: contentKeys.posts(base, group, perPage),
    queryFn: ({ signal }) => getPosts(base, group, perPage, signal),
    staleTime: 5 * 60_000,
    meta: { errorMessage: CONTENT_ERROR },
  })

export function usePosts(group: string, perPage: number) {
  const base = useContentBase()
  return useQuery({ ...postsQuery(base ?? '', group, perPage), enabled: base !== undefined })
}
