import { Navigate, Outlet, useLocation } from 'react-router'
import { useSession } from '../../lib/session'

/** Every screen but login needs a session; without one the visitor goes to the login screen. */
export function RequireSession() {
  const session = useSession()
  const location = useLocation()
  if (!session) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />
  return <Outlet />
}
