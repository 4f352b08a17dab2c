import { useEffect } from 'react'
import { useLocation } from 'react-router'

/** The keys that scroll the page. */
const SCROLL_KEYS = new Set(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'End', 'Home', ' '])

/**
 * Opening a screen scrolls to the top after 200 ms (spec section 2), unless the user has started scrolling it
 * in the meantime (wheel, touch or a scrolling key): on a busy device the 200 ms can end well after the screen
 * has appeared, and a screen must not jump back from under the user (docs/decisions/0027-scroll-to-top-yields-to-the-user.md).
 */
export function useScrollToTop(delay = 200) {
  const { pathname, search } = useLocation()
  useEffect(() => {
    const stop = () => {
      window.clearTimeout(timer)
      window.removeEventListener('wheel', stop)
      window.removeEventListener('touchmove', stop)
      window.removeEventListener('keydown', onKey)
    }
    const onKey = (event: KeyboardEvent) => {
      if (SCROLL_KEYS.has(event.key)) stop()
    }
    const timer = window.setTimeout(() => {
      stop()
      window.scrollTo({ top: 0, left: 0 })
    }, delay)
    window.addEventListener('wheel', stop, { passive: true })
    window.addEventListener('touchmove', stop, { passive: true })
    window.addEventListener('keydown', onKey)
    return stop
  }, [pathname, search, delay])
}
