import { useEffect } from 'react'
import { useLocation } from 'react-router'

/** Opening a screen scrolls to the top after 200 ms (spec section 2). */
export function useScrollToTop(delay = 200) {
  const { pathname, search } = useLocation()
  useEffect(() => {
    const timer = window.setTimeout(() => window.scrollTo({ top: 0, left: 0 }), delay)
    return () => window.clearTimeout(timer)
  }, [pathname, search, delay])
}
