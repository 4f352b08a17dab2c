import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { Spinner } from '../../../components/ui/spinner'
import { signOut } from '../../../lib/session'
import { clearOfflineData } from '../../offline'
import { logout } from '../api/logout'

/** /logout: revoke the token (failures ignored), clear the session, go to / and from there to /login. */
export function LogoutScreen() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    // The device keeps nothing of the user's: saved pages and pictures, waiting cart changes (features/offline).
    void Promise.allSettled([logout(), clearOfflineData()]).then(() => {
      signOut()
      queryClient.clear()
      void navigate('/', { replace: true })
    })
  }, [navigate, queryClient])

  return (
    <p role="status" style={{ padding: 24, textAlign: 'center' }}>
      <title>Logging out</title>
      <Spinner label="Logging out" /> Logging out...
    </p>
  )
}
