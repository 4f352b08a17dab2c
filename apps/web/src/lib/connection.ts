import { useSyncExternalStore } from 'react'

/**
 * What the page knows about the connection: whether the browser says it is online, and which answers on
 * the screen came from the service worker's kept copies rather than the network, with when each was saved
 * (features/offline, docs/decisions/0031-offline-app.md). Small on purpose: it is on the first screen.
 */
type Listener = () => void
const listeners = new Set<Listener>()
const emit = () => {
  for (const listener of listeners) listener()
}
const subscribe = (listener: Listener) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

if (typeof window !== 'undefined') {
  // Back online, the copies the screen showed while offline are no sign of a slow connection: they are forgotten,
  // and the screen reads them again (features/offline). One answered from the cache again says so once more.
  window.addEventListener('online', () => {
    kept.clear()
    oldest = null
    emit()
  })
  window.addEventListener('offline', emit)
}

export const isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine)

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true)
}

/** API path (without query) → when the copy answered from the cache was saved. */
const kept = new Map<string, number>()
let oldest: number | null = null

function recompute() {
  const times = [...kept.values()]
  const next = times.length ? Math.min(...times) : null
  if (next !== oldest) {
    oldest = next
    emit()
  }
}

/** api.ts reports every answer: from the service worker's cache (with its saved time) or from the network. */
export function noteAnswer(path: string, savedAt: string | null) {
  const key = path.split('?')[0] ?? path
  if (savedAt) {
    const time = Date.parse(savedAt)
    if (Number.isFinite(time)) kept.set(key, time)
  } else {
    kept.delete(key)
  }
  recompute()
}

/** A new screen starts with nothing shown from the cache. */
export function forgetKeptAnswers() {
  kept.clear()
  recompute()
}

/** When the oldest kept copy on the screen was saved, or null when everything came from the network. */
export function useKeptSince(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => oldest,
    () => null,
  )
}

/** A failure of the network itself (no answer at all), as opposed to the server's refusal or the app's own cancel. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof DOMException && error.name === 'NetworkError')
}

/** Resolves the next time the browser says it is online. */
export function whenOnline(): Promise<void> {
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }))
}

/**
 * Runs `attempt` until it gets an answer: a network failure (the connection dropped mid-request) is tried
 * again, with the same request and so the same Idempotency-Key, when the browser is online again, or after
 * a growing pause when it thinks it is. Any answer, success or refusal, ends it; so does `giveUpAfterMs`.
 */
export async function untilAnswered<T>(attempt: () => Promise<T>, giveUpAfterMs = 10 * 60_000): Promise<T> {
  const started = Date.now()
  let pause = 1000
  for (;;) {
    try {
      return await attempt()
    } catch (error) {
      if (!isNetworkFailure(error) || Date.now() - started > giveUpAfterMs) throw error
      if (isOnline()) await new Promise((resolve) => setTimeout(resolve, pause))
      else await whenOnline()
      pause = Math.min(pause * 2, 15_000)
    }
  }
}
