import { useLayoutEffect } from 'react'
import { useLocation } from 'react-router'

/** The keys that scroll the page. */
const SCROLL_KEYS = new Set(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'End', 'Home', ' '])

/**
 * A screen opens at the top: one opened from a scrolled screen is taken there before it is painted, and the
 * scroll to the top 200 ms after a screen opens (decision 0027) follows unless the page has been moved
 * on purpose in the meantime: scrolled by the user (wheel, touch, a scrolling key), or moved down from the top,
 * which the browser never does by itself (it only pulls a page up when its content gets shorter, and does not
 * anchor a page at the top): a scrollbar dragged, Tab to a field below the fold, an element scrolled into view
 * to be tapped. On a busy device the 200 ms can end well after the screen has appeared, and a screen must not
 * jump back from under the user, nor move what they are about to tap
 * (docs/decisions/0027-scroll-to-top-yields-to-the-user.md).
 */
export function useScrollToTop(delay = 200) {
  const { pathname, search } = useLocation()
  // A layout effect: nothing (a tap, a script) can come between the screen's first paint and these listeners.
  useLayoutEffect(() => {
    // The browser does not restore a reloaded page's place after the screen has opened: it opens at the top.
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual'
    if (window.scrollY !== 0) window.scrollTo({ top: 0, left: 0 })
    let last = window.scrollY
    const stop = () => {
      window.clearTimeout(timer)
      window.removeEventListener('wheel', stop)
      window.removeEventListener('touchmove', stop)
      window.removeEventListener('keydown', onKey)
      window.removeEventListener('scroll', onScroll)
    }
    const onKey = (event: KeyboardEvent) => {
      if (SCROLL_KEYS.has(event.key)) stop()
    }
    const onScroll = () => {
      if (last === 0 && window.scrollY > 0) stop()
      else last = window.scrollY
    }
    const timer = window.setTimeout(() => {
      stop()
      window.scrollTo({ top: 0, left: 0 })
    }, delay)
    window.addEventListener('wheel', stop, { passive: true })
    window.addEventListener('touchmove', stop, { passive: true })
    window.addEventListener('keydown', onKey)
    window.addEventListener('scroll', onScroll, { passive: true })
    return stop
  }, [pathname, search, delay])
}
