/**
 * Reads the content service: a WordPress REST API (wp/v2) at the configured base, the embedded one
 * or a real WordPress site. No session token goes there: it is public, and may be another origin.
 */

/** A failed content request, with WordPress's error code when the answer had one. */
export class ContentError extends Error {
  readonly status: number
  readonly code: string

  constructor(status: number, code: string, message: string) {
    super(message)
    this.name = 'ContentError'
    this.status = status
    this.code = code
  }
}

export type ContentQuery = Record<string, string | number | boolean | undefined>

export interface ContentResponse {
  data: unknown
  /** X-WP-Total and X-WP-TotalPages, when the answer is a list. */
  total: number | null
  totalPages: number | null
}

export function contentUrl(base: string, path: string, query: ContentQuery = {}): string {
  const params: string[] = []
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === false) continue
    // `_embed` is a bare flag; `filter[group]` keeps its brackets readable, as WordPress links write it.
    params.push(
      value === true ? encodeURIComponent(key) : `${encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(String(value))}`,
    )
  }
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}${params.length ? `?${params.join('&')}` : ''}`
}

const headerNumber = (response: Response, name: string) => {
  const value = response.headers.get(name)
  return value === null || value === '' || Number.isNaN(Number(value)) ? null : Number(value)
}

export async function fetchContent(base: string, path: string, query?: ContentQuery, signal?: AbortSignal): Promise<ContentResponse> {
  let response: Response
  try {
    response = await fetch(contentUrl(base, path, query), { headers: { Accept: 'application/json' }, signal, credentials: 'omit' })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ContentError(0, 'network_error', 'The content service could not be reached.')
  }
  let data: unknown = null
  try {
    data = await response.json()
  } catch {
    if (response.ok) throw new ContentError(response.status, 'invalid_json', 'The content service did not answer with JSON.')
  }
  if (!response.ok) {
    const body = (data ?? {}) as { code?: unknown; message?: unknown }
    throw new ContentError(
      response.status,
      typeof body.code === 'string' ? body.code : 'http_error',
      typeof body.message === 'string' ? body.message : `Content request failed with status ${response.status}`,
    )
  }
  return { data, total: headerNumber(response, 'X-WP-Total'), totalPages: headerNumber(response, 'X-WP-TotalPages') }
}
