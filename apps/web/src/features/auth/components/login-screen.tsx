import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router'
import type { LoginBody } from '@portal/contract/auth'
import type { SiteInfo } from '@portal/contract/reference'
import { Button } from '../../../components/ui/button'
import { DemoLogins } from './demo-logins'
import { LoginForm } from './login-form'
import styles from './auth-card.module.css'

// Loaded when asked for: it validates with the contract's schema, which the login form itself does without, so the
// login screen comes without the schema library (docs/decisions/0020-first-screen-budget.md).
const ForgottenPasswordForm = lazy(() => import('./forgotten-password-form').then(({ ForgottenPasswordForm }) => ({ default: ForgottenPasswordForm })))

type LoginScreenProps = {
  /** From GET /api/site; absent while it loads. */
  site?: SiteInfo | undefined
}

/** The only screen a visitor without a session sees: login, or the forgotten-password view. */
export function LoginScreen({ site }: LoginScreenProps) {
  const [view, setView] = useState<'login' | 'forgotten'>('login')
  const [demoValues, setDemoValues] = useState<LoginBody>()

  if (view === 'forgotten') {
    return (
      <div className={styles.card}>
        <h1>Forgotten Password</h1>
        <p className={styles.lead}>Enter your username and email address and we will send you a link to reset it.</p>
        <Suspense fallback={<p aria-busy="true">Loading...</p>}>
          <ForgottenPasswordForm onSent={() => setView('login')} />
        </Suspense>
        <p className={styles.switch}>
          <Button variant="link" onClick={() => setView('login')}>
            Back to login
          </Button>
        </p>
      </div>
    )
  }

  return (
    <div className={styles.card}>
      <h1>Login</h1>
      <p className={styles.lead}>{site ? `Sign in to order online from ${site.name}.` : 'Sign in to order online.'}</p>
      <LoginForm values={demoValues} />
      <p className={styles.switch}>
        <Button variant="link" onClick={() => setView('forgotten')}>
          Forgotten password?
        </Button>
      </p>
      <p className={styles.switch}>
        Not a customer yet? <Link to="/apply">Apply for a trade account</Link>
      </p>
      {site?.demo && <DemoLogins logins={site.demoLogins} onUse={({ username, password }) => setDemoValues({ username, password })} />}
    </div>
  )
}
