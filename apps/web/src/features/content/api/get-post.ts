import { queryOptions, useQuery } from '@tanstack/react-query'
import { useContentBase } from '../content-source'
import { CONTENT_ERROR } from '../messages'
import { readPost, type Post } from '../wordpress'
import { ContentError, fetchContent } from './content-fetch'
import { contentKeys } from './query-keys'

/** GET posts/{id}?_embed: one post with its featured image. */
export async function getPost(base: string, id: number, signal?: AbortSignal): Promise<Post> {
  const { data } = await fetchContent(base, `posts/${id}`, { _embed: true }, signal)
  const post = readPost(data, base)
  if (!post) throw new ContentError(200, 'not_a_post', 'The content service did not answer with a post.')
  return post
}

export const postQuery = (base: string, id: number) =>
  queryOptions({
    queryKey: contentKeys.post(base, id),
    queryFn: ({ signal }) => getPost(base, id, signal),
    staleTime: 5 * 60_000,
    // A post that does not exist stays missing: no second try.
    retry: (count, error) => !(error instanceof ContentError && error.status >= 400 && error.status < 500) && count < 1,
    meta: { errorMessage: CONTENT_ERROR },
  })

export function usePost(id: number) {
  const base = useContentBase()
  return useQuery({ ...postQuery(base ?? '', id), enabled: base !== undefined && Number.isInteger(id) && id > 0 })
}
