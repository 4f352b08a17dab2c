import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

// The release takeover (docs/decisions/0041-offline-lists-release-takeover-category-tbt.md) against a stand-in for the browser's service
// worker objects: each step is an event the test fires, as the browser would, never a wait on the clock.

vi.mock('../../components/ui/after-first-screen', () => ({
  afterFirstScreen: (task: () => void) => {
    task()
    return () => undefined
  },
}))

class FakeWorker extends EventTarget {
  readonly messages: unknown[] = []
  constructor(public state: ServiceWorkerState) {
    super()
  }
  postMessage(message: unknown) {
    this.messages.push(message)
  }
  /** The browser moves the worker on and tells the page. */
  become(state: ServiceWorkerState) {
    this.state = state
    this.dispatchEvent(new Event('statechange'))
  }
}

class FakeRegistration extends EventTarget {
  active: FakeWorker | null = null
  waiting: FakeWorker | null = null
  installing: FakeWorker | null = null
  update = vi.fn(async () => undefined)
  /** A new release is found: its worker installs, then waits behind the active one. */
  found(worker = new FakeWorker('installing')) {
    this.installing = worker
    this.dispatchEvent(new Event('updatefound'))
    return worker
  }
  installed(worker: FakeWorker) {
    this.installing = null
    this.waiting = worker
    worker.become('installed')
  }
  /** skipWaiting: the worker activates and takes the pages. */
  takesOver(worker: FakeWorker, container: FakeContainer) {
    this.waiting = null
    this.active = worker
    worker.become('activating')
    container.controller = worker
    container.dispatchEvent(new Event('controllerchange'))
    worker.become('activated')
  }
}

class FakeContainer extends EventTarget {
  controller: FakeWorker | null
  constructor(
    public registration: FakeRegistration,
    controlled: boolean,
  ) {
    super()
    this.controller = controlled ? registration.active : null
  }
  register = vi.fn(async () => this.registration)
}

async function setUp({ controlled = true, active = true }: { controlled?: boolean; active?: boolean } = {}) {
  const registration = new FakeRegistration()
  if (active) registration.active = new FakeWorker('activated')
  const container = new FakeContainer(registration, controlled)
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true })
  vi.stubEnv('MODE', 'production')
  vi.stubEnv('DEV', false)
  // Each test is a fresh page: the module's once-per-page flags start afresh.
  vi.resetModules()
  const { registerServiceWorker, useUpdate } = await import('./register')
  const reload = vi.fn()
  const update = renderHook(() => useUpdate()).result
  registerServiceWorker(reload)
  await settled()
  return { registration, container, reload, update }
}

/** Lets the registration's promise settle. */
const settled = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))

describe('registering the service worker and taking up a new release', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    Reflect.deleteProperty(navigator, 'serviceWorker')
  })

  it('registers /sw.js for the whole site and asks for a release at each load', async () => {
    const { container, registration, update } = await setUp()
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' })
    expect(registration.update).toHaveBeenCalledTimes(1)
    expect(update.current.reload).toBeNull()
  })

  it('offers a release found after registering once its worker is installed and waiting, not before', async () => {
    const { registration, update } = await setUp()
    const next = registration.found()
    expect(update.current.reload).toBeNull()
    act(() => registration.installed(next))
    expect(update.current.reload).toBeTypeOf('function')
  })

  it('offers a release already waiting when the page registers', async () => {
    const registration = new FakeRegistration()
    registration.active = new FakeWorker('activated')
    registration.waiting = new FakeWorker('installed')
    const container = new FakeContainer(registration, true)
    Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true })
    vi.stubEnv('MODE', 'production')
    vi.stubEnv('DEV', false)
    vi.resetModules()
    const { registerServiceWorker, useUpdate } = await import('./register')
    const update = renderHook(() => useUpdate()).result
    registerServiceWorker(vi.fn())
    await settled()
    expect(update.current.reload).toBeTypeOf('function')
  })

  it('offers a release that was still installing when the page registered (its updatefound came before the page listened)', async () => {
    const registration = new FakeRegistration()
    registration.active = new FakeWorker('activated')
    const installing = new FakeWorker('installing')
    registration.installing = installing
    const container = new FakeContainer(registration, true)
    Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true })
    vi.stubEnv('MODE', 'production')
    vi.stubEnv('DEV', false)
    vi.resetModules()
    const { registerServiceWorker, useUpdate } = await import('./register')
    const update = renderHook(() => useUpdate()).result
    registerServiceWorker(vi.fn())
    await settled()
    expect(update.current.reload).toBeNull()
    act(() => registration.installed(installing))
    expect(update.current.reload).toBeTypeOf('function')
  })

  it('offers nothing for the very first worker: it takes the page by itself', async () => {
    const { registration, container, reload, update } = await setUp({ controlled: false, active: false })
    expect(registration.update).not.toHaveBeenCalled()
    const first = registration.found()
    // The first worker installs with no active one to wait behind, and activates at once.
    act(() => {
      registration.installing = null
      first.become('installed')
      registration.takesOver(first, container)
    })
    expect(update.current.reload).toBeNull()
    expect(reload).not.toHaveBeenCalled()
  })

  it('Reload tells the worker waiting at that moment to take over, says it is reloading, and reloads once when it has', async () => {
    const { registration, container, reload, update } = await setUp()
    const next = registration.found()
    act(() => registration.installed(next))
    act(() => update.current.reload!())
    expect(next.messages).toEqual([{ type: 'SKIP_WAITING' }])
    expect(update.current.updating).toBe(true)
    // No reload until the browser says the new worker has taken over, however long the old one takes to finish.
    expect(reload).not.toHaveBeenCalled()
    act(() => registration.takesOver(next, container))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('a page that no worker controlled at its start reloads on the new worker’s activation after Reload', async () => {
    const { registration, container, reload, update } = await setUp({ controlled: false })
    const next = registration.found()
    act(() => registration.installed(next))
    act(() => update.current.reload!())
    act(() => registration.takesOver(next, container))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('offers each release a long-open tab finds, the second as well as the first', async () => {
    const { registration, container, reload, update } = await setUp()
    const second = registration.found()
    act(() => registration.installed(second))
    expect(update.current.reload).toBeTypeOf('function')
    // A third release replaces the waiting second before anyone clicked: the offer takes up the newest.
    const third = registration.found()
    act(() => {
      second.become('redundant')
      registration.installed(third)
    })
    act(() => update.current.reload!())
    expect(third.messages).toEqual([{ type: 'SKIP_WAITING' }])
    expect(second.messages).toEqual([])
    act(() => registration.takesOver(third, container))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('a release taken up in another tab reloads this one too, whether or not it had offered it', async () => {
    const { registration, container, reload } = await setUp()
    const next = registration.found()
    act(() => {
      registration.installed(next)
      registration.takesOver(next, container)
    })
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
