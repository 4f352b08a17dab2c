import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, vi } from 'vitest'
import { reloadSession } from '../lib/session'

// A budget, not a wait: findBy and waitFor poll for what they expect and return as soon as it is there. Whole-app
// renders on a busy machine take longer than the default second; a category page's 36 cards rendered in the
// background (useDeferredValue) took over 3 s in jsdom at a load average of 11 on two cores.
configure({ asyncUtilTimeout: 10_000 })

// jsdom lacks a few browser APIs that Radix UI and sonner touch.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList
}

if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}

// Embla (the banner slider) watches its slides with an IntersectionObserver.
if (typeof window.IntersectionObserver === 'undefined') {
  window.IntersectionObserver = class {
    readonly root = null
    readonly rootMargin = ''
    readonly thresholds = []
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return []
    }
  } as unknown as typeof IntersectionObserver
}

for (const method of ['hasPointerCapture', 'releasePointerCapture', 'setPointerCapture', 'scrollIntoView'] as const) {
  if (!(method in Element.prototype)) Object.defineProperty(Element.prototype, method, { value: () => false })
}

window.scrollTo = () => undefined

afterEach(() => {
  cleanup()
  // sonner keeps toasts in a module-wide store and replays them to the next Toaster.
  toast.dismiss()
  localStorage.clear()
  reloadSession()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})
