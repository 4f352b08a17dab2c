import { useEffect } from 'react'
import { Outlet, useNavigate } from 'react-router'
import { setUnauthorizedHandler } from '../../lib/api'
import { useScrollToTop } from './use-scroll-to-top'

/** Around every route: a 401 from any call sends the user to /logout; new screens scroll to the top. */
export function RootLayout() {
  const navigate = useNavigate()
  useScrollToTop()
  useEffect(() => {
    setUnauthorizedHandler(() => void navigate('/logout', { replace: true }))
    return () => setUnauthorizedHandler(undefined)
  }, [navigate])
  return <Outlet />
}
