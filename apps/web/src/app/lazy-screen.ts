import type { ComponentType, ReactNode } from 'react'

const RELOADED = 'reloadedForMissingChunk'

function remember(key: string, value: string | null) {
  try {
    if (value === null) sessionStorage.removeItem(key)
    else sessionStorage.setItem(key, value)
  } catch {
    // storage off: no reload guard, the error shows instead
  }
}

function recall(key: string): string | null {
  try {
    return sessionStorage.getItem(key)
  } catch {
    return '1'
  }
}

/**
 * Loads a screen's chunk. After a new release the old chunk names are gone: a page opened before it reloads
 * once (to get the new index.html) instead of showing an error; a second failure is an error.
 */
async function loadChunk<M>(load: () => Promise<M>): Promise<M> {
  try {
    const module = await load()
    remember(RELOADED, null)
    return module
  } catch (error) {
    if (recall(RELOADED)) throw error
    remember(RELOADED, '1')
    window.location.reload()
    return new Promise<M>(() => {})
  }
}

/**
 * A route whose screen is loaded when it is first opened, from a chunk of its own: the first screen loads
 * only what it shows (docs/decisions/0020-first-screen-budget.md). React Router loads the chunks of all the
 * matched routes (frame and screen) at once.
 */
export function screen<M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return async () => ({ Component: (await loadChunk(load))[name] })
}

/** The same, for a screen that takes props: `render` makes its element. */
export function screenElement<M>(load: () => Promise<M>, render: (module: M) => ReactNode) {
  return async () => ({ element: render(await loadChunk(load)) })
}
