import type { ErrorBody } from '@portal/contract/common'
import { noteAnswer } from './connection'
import { FROM_CACHE_HEADER, SAVED_AT_HEADER } from './offline-cache'
import { pageIsLeaving, reportError } from './error-reporting'
import { getToken } from './session'

/** Every API failure: the HTTP status plus the server's `{error, message, fields?}` body. */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly fields: ErrorBody['fields']
  /** The server's own message, when it sent one. */
  readonly serverMessage: string | undefined

  constructor(status: number, body: Partial<ErrorBody>) {
    super(body.message || `Request failed with status ${status}`)
    this.name = 'ApiError'
    this.status = status
    this.code = body.error ?? 'http_error'
    this.fields = body.fields
    this.serverMessage = body.message || body.error || undefined
  }
}

/** The server's words for a failure, or the fallback when there are none (network down, no JSON). */
export function serverMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback
}

export type Query = Record<string, string | number | boolean | null | undefined>

type RequestOptions = {
  query?: Query
  body?: unknown
  signal?: AbortSignal
  /**
   * A 401 normally means the session died and sends the user to /logout. Calls that
   * expect a 401 as an answer (logout itself) turn that off.
   */
  redirectOnUnauthorized?: boolean
  /** Extra request headers, e.g. Idempotency-Key. */
  headers?: Record<string, string>
  /** The token to send instead of the customer's session's: the back office's (features/back-office). */
  token?: string | null
}

let onUnauthorized: (() => void) | undefined

/** The app registers where a 401 goes (to /logout). */
export function setUnauthorizedHandler(handler: (() => void) | undefined) {
  onUnauthorized = handler
}

/** Where API calls and product pictures go: /api on this origin until the run-time settings say otherwise. */
const bases = { api: '/api', image: '/api' }
let settled: Promise<void> | null = null

/**
 * The run-time settings (GET /api/site, read once at start) name the API and picture bases. API calls made
 * before they are known wait for them; when they cannot be read, the same-origin defaults stay.
 */
export function configureBases(settings: Promise<{ apiBaseUrl: string; imageBaseUrl: string }>) {
  const pending = settings.then(
    (s) => {
      bases.api = s.apiBaseUrl.replace(/\/$/, '')
      bases.image = s.imageBaseUrl.replace(/\/$/, '')
    },
    () => undefined,
  )
  settled = pending
  void pending.then(() => {
    if (settled === pending) settled = null
  })
}

function withQuery(base: string, path: string, query?: Query): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  }
  const qs = search.toString()
  return `${base}/${path.replace(/^\//, '')}${qs ? `?${qs}` : ''}`
}

export const apiUrl = (path: string, query?: Query): string => withQuery(bases.api, path, query)

/** A product picture: the image base (IMAGE_BASE_URL, a proxy or CDN), the API base by default. */
export const imageUrl = (path: string, query?: Query): string => withQuery(bases.image, path, query)

async function send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  if (settled) await settled
  const token = options.token !== undefined ? options.token : getToken()
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  if (token) headers.Authorization = `Bearer ${token}`
  // A form (a picture uploaded) goes as multipart/form-data, its boundary set by the browser.
  const form = options.body instanceof FormData
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json'

  let response: Response
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : form ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    })
  } catch (error) {
    // The network, not the server: worth knowing about unless the app itself cancelled the call, or the browser
    // did because the user is leaving the page.
    if (!options.signal?.aborted && !pageIsLeaving()) reportError(error, { kind: 'api', api: `${method} ${pathOnly(path)}` })
    throw error
  }

  // The service worker marks an answer it gave from its kept copy (offline or a slow network): the screen says "as of".
  if (response.ok && method === 'GET') noteAnswer(path, response.headers.get(FROM_CACHE_HEADER) ? response.headers.get(SAVED_AT_HEADER) : null)

  if (!response.ok) {
    // Server failures are reported; 4xx answers (bad input, no session, not found) are the app working.
    if (response.status >= 500) {
      reportError(new Error(`${method} ${pathOnly(path)} answered ${response.status}`), {
        kind: 'api',
        api: `${method} ${pathOnly(path)}`,
        status: String(response.status),
      })
    }
    // Only a call made with a token can reveal a dead session; a failed login is just a failed login.
    // A late answer for a session that has already ended changes nothing.
    if (response.status === 401 && token && token === getToken() && options.redirectOnUnauthorized !== false) {
      onUnauthorized?.()
    }
    let body: Partial<ErrorBody> = {}
    try {
      body = (await response.json()) as Partial<ErrorBody>
    } catch {
      // not JSON: keep the status only
    }
    throw new ApiError(response.status, body)
  }
  return response
}

async function json<T>(method: string, path: string, options?: RequestOptions): Promise<T> {
  const response = await send(method, path, options)
  if (response.status === 204) return undefined as T
  const text = await response.text()
  return (text ? JSON.parse(text) : undefined) as T
}

export type DownloadedFile = { blob: Blob; filename: string }

function filenameFrom(response: Response, fallback: string): string {
  const disposition = response.headers.get('Content-Disposition') ?? ''
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1]
  if (encoded) return decodeURIComponent(encoded)
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallback
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal, options?: Omit<RequestOptions, 'query' | 'signal'>) =>
    json<T>('GET', path, { ...options, query, signal }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => json<T>('POST', path, { ...options, body }),
  /** A POST whose answer's headers matter too (a search says in one which words it corrected). */
  postWithHeaders: async <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<{ data: T; headers: Headers }> => {
    const response = await send('POST', path, { ...options, body })
    return { data: (await response.json()) as T, headers: response.headers }
  },
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => json<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => json<T>('DELETE', path, { ...options, body }),
  /** A binary download with the session header; the name comes from Content-Disposition. */
  download: async (path: string, query: Query | undefined, fallbackName: string, options?: Pick<RequestOptions, 'token'>): Promise<DownloadedFile> => {
    const response = await send('GET', path, { ...options, query })
    return { blob: await response.blob(), filename: filenameFrom(response, fallbackName) }
  },
}

/** Hands a downloaded file to the browser as if it had been a plain link. */
export function saveFile({ blob, filename }: DownloadedFile) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

const pathOnly = (path: string) => path.replace(/^\//, '').split('?')[0]
