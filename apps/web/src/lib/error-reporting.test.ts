import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockApi } from '../test/fetch'

const captured: Array<{ error: unknown; context: Record<string, string> }> = []
const startSentry = vi.fn(() => ({ capture: (error: unknown, context: Record<string, string>) => captured.push({ error, context }) }))
vi.mock('./sentry', () => ({ startSentry }))

const SETTINGS = { dsn: 'https://key@errors.example/1', environment: 'test', release: 'trade-portal@1.2.3' }

// Each test starts from fresh modules: reporting keeps its state per page load.
async function load() {
  vi.resetModules()
  const reporting = await import('./error-reporting')
  const { api, configureBases } = await import('./api')
  reporting.setRouteResolver(() => '/orders/:id')
  return { ...reporting, api, configureBases }
}

beforeEach(() => {
  captured.length = 0
  startSentry.mockClear()
})
afterEach(() => vi.resetModules())

describe('error reporting in the browser', () => {
  it('reports failed API calls (5xx and network errors) with the route and the call, not 4xx answers', async () => {
    const { api, startErrorReporting } = await load()
    await startErrorReporting(SETTINGS)
    expect(startSentry).toHaveBeenCalledWith(SETTINGS, expect.any(Function))

    mockApi({
      'GET /api/orders/42': { status: 503, body: { error: 'internal', message: 'down' } },
      'POST /api/cart': { status: 409, body: { error: 'quantity_not_available', message: 'no' } },
      'GET /api/invoices': { status: 400, body: { error: 'invalid_request', message: 'bad' } },
    })
    await expect(api.get('orders/42', { page: 1 })).rejects.toThrow()
    await expect(api.post('cart', { productID: 1, qty: 1 })).rejects.toThrow()
    await expect(api.get('invoices')).rejects.toThrow()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    await expect(api.get('cart/items', { warehouse: 'WAG' })).rejects.toThrow('Failed to fetch')

    expect(captured.map((c) => c.context)).toEqual([
      { route: '/orders/:id', kind: 'api', api: 'GET orders/42', status: '503' },
      { route: '/orders/:id', kind: 'api', api: 'GET cart/items' },
    ])
    expect(String(captured[0]!.error)).toBe('Error: GET orders/42 answered 503')
  })

  it('does not report a call the app cancelled', async () => {
    const { api, startErrorReporting } = await load()
    await startErrorReporting(SETTINGS)
    const controller = new AbortController()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new DOMException('aborted', 'AbortError'))),
    )
    controller.abort()
    await expect(api.get('orders', undefined, controller.signal)).rejects.toThrow()
    expect(captured).toEqual([])
  })

  it('does not report the calls the browser cancels as the user leaves the page, and reports again once back', async () => {
    const { api, startErrorReporting } = await load()
    await startErrorReporting(SETTINGS)
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    window.dispatchEvent(new Event('pagehide'))
    await expect(api.get('categories/drench/products')).rejects.toThrow('Failed to fetch')
    expect(captured).toEqual([])
    // Back from the back/forward cache: the page's own failures count again.
    window.dispatchEvent(new Event('pageshow'))
    await expect(api.get('cart/items')).rejects.toThrow('Failed to fetch')
    expect(captured.map((c) => c.context.api)).toEqual(['GET cart/items'])
  })

  it('keeps what happens before the settings are known and sends it once reporting starts', async () => {
    const { reportError, startErrorReporting } = await load()
    reportError(new Error('early'), { kind: 'render' })
    expect(captured).toEqual([])
    await startErrorReporting(SETTINGS)
    expect(captured).toEqual([{ error: new Error('early'), context: { route: '/orders/:id', kind: 'render' } }])
  })

  it('keeps an error thrown while the SDK is loading', async () => {
    const { startErrorReporting } = await load()
    const starting = startErrorReporting(SETTINGS)
    const error = new Error('while loading')
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }))
    await starting
    expect(captured).toEqual([{ error, context: { route: '/orders/:id', kind: 'uncaught' } }])
  })

  it('tries the SDK again when its chunk fails to load, and sends what waited meanwhile', async () => {
    const { reportError, startErrorReporting } = await load()
    const sdk = vi
      .fn<() => Promise<{ startSentry: typeof startSentry }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ startSentry })
    reportError(new Error('while the chunk fails'), { kind: 'api' })
    await startErrorReporting(SETTINGS, { load: sdk, retryDelaysMs: [0, 0, 0] })
    expect(sdk).toHaveBeenCalledTimes(3)
    expect(captured).toEqual([{ error: new Error('while the chunk fails'), context: { route: '/orders/:id', kind: 'api' } }])
  })

  it('loads nothing and sends nothing when reporting is off', async () => {
    const { reportError, startErrorReporting } = await load()
    reportError(new Error('early'))
    await startErrorReporting(null)
    reportError(new Error('late'))
    expect(startSentry).not.toHaveBeenCalled()
    expect(captured).toEqual([])
  })
})

describe('the run-time bases', () => {
  it('makes API calls wait for the settings and go to the API base they name; pictures use the image base', async () => {
    const { api, configureBases } = await load()
    const { apiUrl, imageUrl } = await import('./api')
    let answer: (value: { apiBaseUrl: string; imageBaseUrl: string }) => void = () => undefined
    configureBases(new Promise((resolve) => (answer = resolve)))
    const fetch = mockApi({ 'GET /v2/api/cart': { body: { Count: 0 } } })
    const call = api.get('cart')
    await Promise.resolve()
    expect(fetch).not.toHaveBeenCalled()
    answer({ apiBaseUrl: 'https://api.example.com/v2/api/', imageBaseUrl: 'https://images.example.com/api' })
    await expect(call).resolves.toEqual({ Count: 0 })
    expect(String(fetch.mock.calls[0]![0])).toBe('https://api.example.com/v2/api/cart')
    expect(apiUrl('price-list', { warehouse: 'WAG' })).toBe('https://api.example.com/v2/api/price-list?warehouse=WAG')
    expect(imageUrl('product/7/image', { width: 250 })).toBe('https://images.example.com/api/product/7/image?width=250')
  })

  it('keeps the same-origin /api when the settings cannot be read', async () => {
    const { api, configureBases } = await load()
    configureBases(Promise.reject(new Error('offline')))
    const fetch = mockApi({ 'GET /api/cart': { body: { Count: 0 } } })
    await expect(api.get('cart')).resolves.toEqual({ Count: 0 })
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/cart')
  })
})
