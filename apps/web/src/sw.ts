/// <reference lib="webworker" />
// The service worker (docs/decisions/0031-offline-app.md), built by vite-plugin-pwa (injectManifest) with
// Workbox: the app shell and built assets precached; what the user has read kept for reading offline.
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { clientsClaim, type WorkboxPlugin } from 'workbox-core'
import { CACHE_NAMES, FROM_CACHE_HEADER, SAVED_AT_HEADER } from './lib/offline-cache'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> }

// A new release waits until the user chooses "Reload" (features/offline/update-prompt.tsx): the page keeps
// the release it started with, chunks and all, until then.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

// The first worker takes the open page at once (it was loaded with this same release); later ones wait as above.
clientsClaim()
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Every client route is the app: index.html from the precache, so a reload offline still opens the frame.
const SERVER_PATHS = [/^\/api(\/|$)/, /^\/content(\/|$)/, /^\/dev(\/|$)/, /^\/sandbox(\/|$)/]
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PATHS }))

/** Marks what is kept with when it was saved, and what is answered from the cache as such, for the page's "as of". */
const stamped: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200) return null
    const headers = new Headers(response.headers)
    headers.set(SAVED_AT_HEADER, new Date().toISOString())
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers })
  },
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse
    const headers = new Headers(cachedResponse.headers)
    headers.set(FROM_CACHE_HEADER, '1')
    return new Response(await cachedResponse.blob(), { status: cachedResponse.status, statusText: cachedResponse.statusText, headers })
  },
}

const DAY = 86_400
/**
 * Network first, then the kept copy: after `timeout` seconds without an answer (what is shown is marked
 * "as of"), or at once with no network. Without a timeout the copy is used only when the network fails.
 */
const networkFirst = (cacheName: string, maxEntries: number, timeout?: number, extra: WorkboxPlugin[] = []) =>
  new NetworkFirst({
    cacheName,
    networkTimeoutSeconds: timeout,
    // The answer depends on the session header, which a cache key does not hold; logout and a 401 empty these caches.
    matchOptions: { ignoreVary: true },
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      stamped,
      new ExpirationPlugin({ maxEntries, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
      ...extra,
    ],
  })

/** The history lists; their default dates move with the calendar (six months ago to today). */
const HISTORY_LIST = /\/api\/(orders|invoices|back-orders)$/
const withoutDates = (url: URL) => {
  const params = new URLSearchParams(url.search)
  params.delete('startDate')
  params.delete('endDate')
  params.sort()
  return `${url.origin}${url.pathname}?${params}`
}

/**
 * Offline, a history list asked for with other dates than any kept copy (the default range ends today; the copy
 * was read yesterday) is answered with the newest kept copy of the same list, search, branch and page, marked
 * as coming from the cache so the page says "as of" when it was read.
 */
const latestListOffline: WorkboxPlugin = {
  handlerDidError: async ({ request }) => {
    const url = new URL(request.url)
    if (!HISTORY_LIST.test(url.pathname)) return undefined
    const cache = await caches.open(CACHE_NAMES.history)
    const wanted = withoutDates(url)
    let newest: { response: Response; savedAt: string } | undefined
    for (const key of await cache.keys()) {
      if (withoutDates(new URL(key.url)) !== wanted) continue
      const response = await cache.match(key, { ignoreVary: true })
      const savedAt = response?.headers.get(SAVED_AT_HEADER) ?? ''
      if (response && (!newest || savedAt > newest.savedAt)) newest = { response, savedAt }
    }
    if (!newest) return undefined
    const headers = new Headers(newest.response.headers)
    headers.set(FROM_CACHE_HEADER, '1')
    return new Response(await newest.response.blob(), { status: 200, headers })
  },
}

/**
 * Files, payments and documents are never kept: a download or a payment needs the connection. Nor is anything of the
 * back office (/api/staff/): it works online only, and what staff read of every account must not stay on a device.
 */
const NEVER_KEPT = /\/(payments|print-cart|price-list|logout|login)(\/|$)|\/pdf$|\/attachment\/|^\/api\/staff\//

const isApiRead = ({ request, url }: { request: Request; url: URL }) =>
  request.method === 'GET' &&
  ((url.origin === self.location.origin && url.pathname.startsWith('/api/')) || request.headers.has('Authorization')) &&
  !NEVER_KEPT.test(url.pathname)

// Pictures: the page asks for them by URL with a version, so a kept copy is good; refreshed in the background.
registerRoute(
  ({ request, url }) => request.method === 'GET' && /\/product\/\d+\/image$/.test(url.pathname),
  new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.pictures,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true })],
  }),
)
// Order and invoice history: the lists' pages, the latest 100 orders (each with its invoices) and 100 invoices,
// read ahead by the page (app/history-prefetch.ts), and whatever else was opened.
registerRoute(
  ({ request, url }) => isApiRead({ request, url }) && /\/(orders|invoices|back-orders)(\/|$)/.test(url.pathname),
  networkFirst(CACHE_NAMES.history, 400, 3, [latestListOffline]),
)
// The cart, the session and the checkout details: the server's answer however slow, the kept copy only
// offline (an older cart shown on a slow line would mislead more than it helps).
registerRoute(({ request, url }) => isApiRead({ request, url }) && /\/api\/(cart|me)(\/|$)/.test(url.pathname), networkFirst(CACHE_NAMES.api, 50))
// The catalogue and the session's settings (branches, categories, site).
registerRoute(isApiRead, networkFirst(CACHE_NAMES.api, 500, 3))
// News, promotions and banners from the content service on this origin.
registerRoute(
  ({ request, url }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/content/'),
  networkFirst(CACHE_NAMES.content, 200, 3),
)
