import { Navigate, useLocation } from 'react-router'
import { LoginScreen } from '../../features/auth/components/login-screen'
import { useSite } from '../../features/site/api/get-site'
import { useSession } from '../../lib/session'

/** /login: signed in, it moves on (to the page that sent the visitor here, else /). */
export function LoginRoute() {
  const session = useSession()
  const location = useLocation()
  const { data: site } = useSite()
  if (session) {
    const from = (location.state as { from?: string } | null)?.from
    return <Navigate to={from && !from.startsWith('/login') && !from.startsWith('/logout') ? from : '/'} replace />
  }
  return (
    <>
      <title>Login</title>
      <LoginScreen site={site} />
    </>
  )
}
