/** The service worker's runtime caches: what the user has read, emptied at logout and on a 401. */
export const CACHE_NAMES = {
  api: 'portal-api',
  history: 'portal-history',
  pictures: 'portal-pictures',
  content: 'portal-content',
} as const

/** Set by the service worker on what it keeps: when the copy was saved (ISO time). */
export const SAVED_AT_HEADER = 'X-Portal-Saved-At'
/** Set by the service worker on an answer that came from its cache rather than the network. */
export const FROM_CACHE_HEADER = 'X-Portal-From-Cache'

/** Every runtime cache this app writes starts with this; the precache (Workbox's own name) holds only the app. */
export const RUNTIME_CACHE_PREFIX = 'portal-'
