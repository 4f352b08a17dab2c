import { vi } from 'vitest'

export type Reply = { status?: number; body?: unknown; headers?: Record<string, string> }
type Handler = Reply | ((request: { url: URL; init: RequestInit; body: unknown }) => Reply)

/**
 * Stubs fetch with answers keyed by 'METHOD /path' (query ignored). Unmatched calls answer 404.
 * Returns the spy, whose calls show what the app sent.
 */
export function mockApi(routes: Record<string, Handler>) {
  const spy = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost')
    const key = `${(init.method ?? 'GET').toUpperCase()} ${url.pathname}`
    const handler = routes[key]
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
    const reply: Reply = handler
      ? typeof handler === 'function'
        ? handler({ url, init, body })
        : handler
      : { status: 404, body: { error: 'not_found', message: `No mock for ${key}` } }
    const status = reply.status ?? 200
    return new Response(status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    })
  })
  vi.stubGlobal('fetch', spy)
  return spy
}

/** The JSON bodies sent to one endpoint, in order. */
export function sentTo(spy: ReturnType<typeof mockApi>, method: string, path: string): unknown[] {
  return spy.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost')
      return (init?.method ?? 'GET').toUpperCase() === method && url.pathname === path
    })
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined))
}
