import { useEffect } from 'react'
import { Outlet, useNavigate } from 'react-router'
import { UpdatePrompt } from '../../features/offline/offline-status'
import { registerServiceWorker, useUpdate } from '../../features/offline/register'
import { setUnauthorizedHandler } from '../../lib/api'
import { useScrollToTop } from './use-scroll-to-top'

/**
 * Around every route: a 401 from any call sends the user to /logout; new screens scroll to the top; the
 * service worker is registered after the first screen and a new release is offered (features/offline).
 */
export function RootLayout() {
  const navigate = useNavigate()
  const update = useUpdate()
  useScrollToTop()
  useEffect(() => {
    setUnauthorizedHandler(() => void navigate('/logout', { replace: true }))
    return () => setUnauthorizedHandler(undefined)
  }, [navigate])
  useEffect(() => registerServiceWorker(), [])
  return (
    <>
      <Outlet />
      {update.reload && <UpdatePrompt reload={update.reload} updating={update.updating} />}
    </>
  )
}
