import { act, waitFor } from '@testing-library/react'
import { vi } from 'vitest'
import type { Reply } from './fetch'
import { aBrand, aCategory, aLogin, aSite, aUser, warehouses } from './factories'
import { mockApi } from './fetch'

/** The frame's own calls, answered; a test adds the catalogue calls it is about. */
export function catalogueApi(routes: Record<string, Reply | ((request: { url: URL; init: RequestInit; body: unknown }) => Reply)>, user = aUser()) {
  return mockApi({
    'GET /api/site': { body: aSite() },
    'GET /api/me': { body: { user, settings: aLogin().settings } },
    'GET /api/warehouses': { body: warehouses },
    'GET /api/categories': {
      body: [
        aCategory({
          name: 'animal-health',
          title: 'Animal Health',
          acf: { order: 1, icon_name: null, child_categories: [{ category: 'drenches', title: 'Drenches' }] },
        }),
      ],
    },
    'GET /api/brands': { body: [aBrand('Ivomec', 'IVOMEC')] },
    'GET /api/cart': { body: { Count: 0, Value: 0, warehouse: null } },
    ...routes,
  })
}

/** IntersectionObserver, driven by the test: `scrollToEnd()` says the observed end came into view. */
export function fakeIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; targets: Element[] }>()
  class FakeObserver {
    private entry: { callback: IntersectionObserverCallback; targets: Element[] }
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: [] }
      observers.add(this.entry)
    }
    observe(target: Element) {
      this.entry.targets.push(target)
    }
    unobserve() {}
    disconnect() {
      observers.delete(this.entry)
    }
    takeRecords() {
      return []
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver)
  return {
    scrollToEnd() {
      act(() => {
        for (const { callback, targets } of [...observers]) {
          callback(
            targets.map((target) => ({ isIntersecting: true, target }) as unknown as IntersectionObserverEntry),
            {} as IntersectionObserver,
          )
        }
      })
    },
    get watching() {
      return observers.size
    },
    /**
     * Resolves once the list watches its end: the grid observes it in an effect after the render that shows the
     * cards, so a scroll before that would find no one watching (a browser tells a new observer at once what
     * is in view; this fake does not).
     */
    async watched() {
      await waitFor(() => {
        if (![...observers].some((o) => o.targets.length > 0)) throw new Error('Nothing watches the end of the list yet')
      })
    },
  }
}
