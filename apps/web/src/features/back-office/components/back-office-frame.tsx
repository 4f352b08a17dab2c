import type { BackOfficeMe, BackOfficeRole } from '@portal/contract/back-office'
import { createContext, useContext, useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router'
import { Button } from '../../../components/ui/button'
import { api, ApiError } from '../../../lib/api'
import { clearBackOfficeToken, useBackOfficeToken } from '../../../lib/back-office-session'
import { getSession } from '../../../lib/session'
import { forgetActingHere, useBackOfficeMe, useBackOfficeSignOut } from '../api'
import styles from './back-office.module.css'

const MeContext = createContext<BackOfficeMe | null>(null)

/** The signed-in back office user, inside the frame. */
export function useBackOfficeUser(): BackOfficeMe {
  const me = useContext(MeContext)
  if (!me) throw new Error('useBackOfficeUser outside the back office frame')
  return me
}

export const hasRole = (me: BackOfficeMe, role: BackOfficeRole) => me.roles.includes(role)

/**
 * /staff: the back office's own frame (header with the user's name and Sign out, navigation by role). Without a
 * back office session it goes to the login page; before the second factor, to /staff/sign-in.
 */
/**
 * The banner's Stop (decision 0101) comes here first and ends the session of ordering for a customer once the
 * customer's screens are gone: none of them is left to read with the ended token (a 401 there would send the
 * browser to the login page). What was read as the customer is forgotten.
 */
function useStopActing() {
  const location = useLocation()
  const queryClient = useQueryClient()
  const stopping = (location.state as { stopActing?: boolean } | null)?.stopActing === true
  useEffect(() => {
    const session = getSession()
    if (!stopping || !session?.acting) return
    void api
      .post<void>('acting/stop', undefined, { token: session.token, redirectOnUnauthorized: false })
      .catch(() => undefined)
      .finally(() => void forgetActingHere(queryClient, { endSession: true }))
  }, [stopping, queryClient])
}

export function BackOfficeFrame() {
  useStopActing()
  const token = useBackOfficeToken()
  const me = useBackOfficeMe(token)
  const signOut = useBackOfficeSignOut()
  const navigate = useNavigate()
  const ended = me.error instanceof ApiError && me.error.status === 401

  useEffect(() => {
    if (ended) clearBackOfficeToken()
  }, [ended])

  if (!token || ended) return <Navigate to="/login" replace />
  if (me.isPending) return <p className="page">Loading...</p>
  if (!me.data) return <p className="page">The back office could not be reached. Reload the page to try again.</p>
  if (me.data.secondFactor !== 'done') return <Navigate to="/staff/sign-in" replace />
  const user = me.data
  const admin = hasRole(user, 'Administrator')
  /** Accounts, Orders and Quotes: the roles that help customers (decisions 0092, 0094, 0102). */
  const helpsCustomers = admin || hasRole(user, 'Customer service') || hasRole(user, 'Sales representative')
  /** Trade account applications: Customer service's and Administrators' (decision 0103). */
  const opensAccounts = admin || hasRole(user, 'Customer service')
  /** Content: Marketing's, and Administrators' (decision 0096). */
  const writesContent = admin || hasRole(user, 'Marketing')

  return (
    <MeContext.Provider value={user}>
      <header className={styles.header}>
        <div className={`page ${styles.headerInner}`}>
          <span className={styles.title}>Back office</span>
          <div className={styles.who}>
            <span>{user.name}</span>
            <Button
              variant="link"
              onClick={async () => {
                await signOut()
                void navigate('/login', { replace: true })
              }}
            >
              Sign out
            </Button>
          </div>
        </div>
      </header>
      <nav className={styles.nav} aria-label="Back office">
        <ul className="page">
          <li>
            <NavLink to="/staff" end>
              Home
            </NavLink>
          </li>
          {helpsCustomers && (
            <li>
              <NavLink to="/staff/accounts">Accounts</NavLink>
            </li>
          )}
          {helpsCustomers && (
            <li>
              <NavLink to="/staff/orders">Orders</NavLink>
            </li>
          )}
          {opensAccounts && (
            <li>
              <NavLink to="/staff/applications">Applications</NavLink>
            </li>
          )}
          {helpsCustomers && (
            <li>
              <NavLink to="/staff/quotes">Quotes</NavLink>
            </li>
          )}
          {writesContent && (
            <li>
              <NavLink to="/staff/content">Content</NavLink>
            </li>
          )}
          {admin && (
            <li>
              <NavLink to="/staff/users">Back office users</NavLink>
            </li>
          )}
          {admin && (
            <li>
              <NavLink to="/staff/audit">Audit</NavLink>
            </li>
          )}
        </ul>
      </nav>
      <main id="main" className={`page ${styles.main}`}>
        <Outlet />
      </main>
    </MeContext.Provider>
  )
}
