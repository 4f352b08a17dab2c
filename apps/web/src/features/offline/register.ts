import { useSyncExternalStore } from 'react'
import { afterFirstScreen } from '../../components/ui/after-first-screen'

/**
 * Registers the service worker (src/sw.ts) once the first screen is up, and offers a new release when one
 * is waiting: "A new version is available — Reload". The waiting worker takes over only then, and the page
 * reloads under it, so a page never runs a mix of two releases' chunks (docs/decisions/0031-offline-app.md,
 * 0041-offline-lists-release-takeover-category-tbt.md).
 *
 * Everything here waits on the browser's own events, never on the clock:
 * - a release is offered when its worker is `installed` and is the registration's waiting worker behind an
 *   active one, however it was found: already waiting when this page registers, still installing then (its
 *   `updatefound` fired before this page listened), or found later by `update()`, any number of times;
 * - Reload sends SKIP_WAITING to the worker waiting at that moment, and the page reloads when that worker is
 *   `activated` or takes the page (`controllerchange`), whichever the browser reports first;
 * - while it takes over, the page starts no more background reads (app/history-prefetch.ts):
 *   Chromium lets a worker that called skipWaiting() take over only once the outgoing worker has no request
 *   in flight (up to 5 minutes), and a read-ahead two requests at a time never leaves it idle;
 * - `controllerchange` is listened to from the app's first render, not after the first screen, so a takeover
 *   started by another tab while this one loads is not missed.
 */
export type UpdateState = { reload: (() => void) | null; updating: boolean }

let state: UpdateState = { reload: null, updating: false }
const listeners = new Set<() => void>()
const set = (next: Partial<UpdateState>) => {
  state = { ...state, ...next }
  for (const listener of listeners) listener()
}
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

const serverState: UpdateState = { reload: null, updating: false }
/** The release waiting to take over, if any, and whether it is taking over now. */
export const useUpdate = () =>
  useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  )

/** The "Reload" action when a new release waits, else null. */
export const useUpdateReady = () => useUpdate().reload

const HOUR = 3_600_000
let started = false
let listening = false
let reloading = false
let reloadPage = () => window.location.reload()

function reloadOnce() {
  if (reloading) return
  reloading = true
  reloadPage()
}

/** Reload: the waiting worker is told to take over, and the page reloads once it has. */
function takeOver(registration: ServiceWorkerRegistration) {
  const waiting = registration.waiting
  // Already taken over (another tab's Reload): this page reloads into it.
  if (!waiting) {
    reloadOnce()
    return
  }
  set({ updating: true })
  const activated = () => {
    if (waiting.state === 'activated') reloadOnce()
  }
  waiting.addEventListener('statechange', activated)
  activated()
  waiting.postMessage({ type: 'SKIP_WAITING' })
}

/** Offers the worker's release once it is installed and waits behind the active worker. */
function watch(registration: ServiceWorkerRegistration, worker: ServiceWorker | null) {
  if (!worker) return
  const offerIfWaiting = () => {
    // The very first worker has no active one to wait behind: it takes the page by itself, nothing to offer.
    if (worker.state === 'installed' && registration.waiting === worker && registration.active) {
      worker.removeEventListener('statechange', offerIfWaiting)
      set({ reload: () => takeOver(registration) })
    }
  }
  worker.addEventListener('statechange', offerIfWaiting)
  offerIfWaiting()
}

async function start(container: ServiceWorkerContainer) {
  // Refused (a browser's setting, a private window): the app works as a plain web page.
  const registration = await container.register('/sw.js', { scope: '/' }).catch(() => undefined)
  if (!registration) return
  registration.addEventListener('updatefound', () => watch(registration, registration.installing))
  watch(registration, registration.waiting)
  watch(registration, registration.installing)
  // Each load asks whether there is a release (registering an existing worker again does not), and a tab
  // left open for days asks every hour.
  const update = () => void registration.update().catch(() => undefined)
  if (registration.active) update()
  window.setInterval(update, HOUR)
}

/** `reload` is the browser's reload; a test gives its own. */
export function registerServiceWorker(reload?: () => void): () => void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV || import.meta.env.MODE === 'test') return () => undefined
  const container = navigator.serviceWorker
  if (reload) reloadPage = reload
  if (!listening) {
    listening = true
    // A new release has taken over (here or in another tab): this page reloads into it at once, before it
    // asks for a chunk the old release had and the new one has not. Only a page that a worker already
    // controlled: the very first worker takes the page it was loaded with, which needs no reload.
    const controlledAtStart = container.controller !== null
    container.addEventListener('controllerchange', () => {
      if (controlledAtStart) reloadOnce()
    })
  }
  return afterFirstScreen(() => {
    if (started) return
    started = true
    void start(container)
  })
}
