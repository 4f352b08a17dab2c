import { useSyncExternalStore } from 'react'
import { afterFirstScreen } from '../../components/ui/after-first-screen'

/**
 * Registers the service worker (src/sw.ts) once the first screen is up, and offers a new release when one
 * is waiting: "A new version is available — Reload". The waiting worker takes over only then, and the page
 * reloads under it, so a page never runs a mix of two releases' chunks (docs/decisions/0031-offline-app.md).
 */
let reload: (() => void) | null = null
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export const useUpdateReady = () =>
  useSyncExternalStore(
    subscribe,
    () => reload,
    () => null,
  )

const HOUR = 3_600_000
let started = false

export function registerServiceWorker(): () => void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV || import.meta.env.MODE === 'test') return () => undefined
  return afterFirstScreen(() => {
    if (started) return
    started = true
    const registered = import('workbox-window').then(async ({ Workbox }) => {
      const workbox = new Workbox('/sw.js', { scope: '/' })
      workbox.addEventListener('waiting', () => {
        reload = () => workbox.messageSkipWaiting()
        for (const listener of listeners) listener()
      })
      // The new release has taken over (here or in another tab): this page reloads into it at once,
      // before it asks for a chunk the old release had and the new one has not. Only a page that a worker
      // already controlled: the very first worker takes the page it was loaded with, which needs no reload.
      // (Workbox's own 'controlling' event says isUpdate only for a worker it saw installing itself.)
      const controlledAtStart = navigator.serviceWorker.controller !== null
      let reloading = false
      navigator.serviceWorker.addEventListener('controllerchange', () => {
        if (!controlledAtStart || reloading) return
        reloading = true
        window.location.reload()
      })
      // Refused (a browser's setting, a private window): the app works as a plain web page.
      const registration = await workbox.register().catch(() => undefined)
      if (!registration) return
      // Each load asks whether there is a release (registering an existing worker again does not), and a tab
      // left open for days asks every hour.
      if (registration.active) void workbox.update()
      window.setInterval(() => void workbox.update(), HOUR)
    })
    // A chunk missing after a release: the page works on as a plain web page and the next load registers.
    registered.catch(() => undefined)
  })
}
