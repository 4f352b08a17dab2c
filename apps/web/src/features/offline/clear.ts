import { RUNTIME_CACHE_PREFIX } from '../../lib/offline-cache'
import { forgetQueue } from './cart-changes'
import { forgetHistoryMark } from './history-mark'

/**
 * Logout and a 401 (both end at /logout): what the user read (the service worker's runtime caches) and
 * their waiting cart changes leave the device, for a shared farm-office PC. The app itself (the precache)
 * stays: it holds nobody's data.
 */
export async function clearOfflineData(): Promise<void> {
  forgetHistoryMark()
  const jobs: Array<Promise<unknown>> = [forgetQueue()]
  if (typeof caches !== 'undefined') {
    const names = await caches.keys()
    jobs.push(...names.filter((name) => name.startsWith(RUNTIME_CACHE_PREFIX)).map((name) => caches.delete(name)))
  }
  await Promise.allSettled(jobs)
}
