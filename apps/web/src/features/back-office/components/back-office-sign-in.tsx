import type { BackOfficeMe, Enrolment, RecoveryCodes } from '@portal/contract/back-office'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/field'
import { serverMessage } from '../../../lib/api'
import { useBackOfficeToken } from '../../../lib/back-office-session'
import { backOfficeKeys, staffApi, useBackOfficeMe, useBackOfficeSignOut } from '../api'
import styles from './back-office.module.css'

/**
 * /staff/sign-in: the second step of a back office sign-in. The first time, the user enrols an authenticator
 * app (the secret as a QR code and as text) and is given ten recovery codes; every later time, they give the
 * app's code or a recovery code.
 */
export function BackOfficeSignInScreen() {
  const token = useBackOfficeToken()
  const me = useBackOfficeMe(token)
  const [codes, setCodes] = useState<string[] | null>(null)
  if (!token || me.isError) return <Navigate to="/login" replace />
  if (codes) return <RecoveryCodesCard codes={codes} />
  if (me.isPending) return <p className="page">Loading...</p>
  if (me.data.secondFactor === 'done') return <Navigate to="/staff" replace />
  return (
    <main id="main" className={`page ${styles.signInMain}`}>
      {me.data.secondFactor === 'enrol' ? <EnrolCard me={me.data} onEnrolled={setCodes} /> : <VerifyCard />}
    </main>
  )
}

function CodeForm({ label, hint, submitLabel, onCode }: { label: string; hint: string; submitLabel: string; onCode: (code: string) => Promise<void> }) {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      await onCode(code.trim())
    } catch (failure) {
      setError(serverMessage(failure, 'That did not work. Try again.'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label={label}
        hint={hint}
        required
        autoComplete="one-time-code"
        autoCapitalize="none"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
      />
      <div className={styles.actions}>
        <Button type="submit" block disabled={!code.trim() || busy}>
          {busy ? 'Checking...' : submitLabel}
        </Button>
      </div>
    </form>
  )
}

function CancelLink() {
  const signOut = useBackOfficeSignOut()
  const navigate = useNavigate()
  return (
    <p className={styles.switch}>
      <Button
        variant="link"
        onClick={async () => {
          await signOut()
          void navigate('/login', { replace: true })
        }}
      >
        Back to login
      </Button>
    </p>
  )
}

function VerifyCard() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return (
    <div className={styles.card}>
      <title>Back office sign-in</title>
      <h1>Second factor</h1>
      <p className={styles.lead}>Enter the 6-digit code your authenticator app shows for the back office, or one of your recovery codes.</p>
      <CodeForm
        label="Code"
        hint="6 digits, or a recovery code such as ABCDE-FGHJK"
        submitLabel="Sign in"
        onCode={async (code) => {
          await staffApi.post<BackOfficeMe>('second-factor', { code })
          await queryClient.invalidateQueries({ queryKey: backOfficeKeys.me })
          void navigate('/staff', { replace: true })
        }}
      />
      <CancelLink />
    </div>
  )
}

function EnrolCard({ me, onEnrolled }: { me: BackOfficeMe; onEnrolled: (codes: string[]) => void }) {
  const enrolment = useQuery({ queryKey: ['back-office', 'enrolment', me.id], queryFn: () => staffApi.get<Enrolment>('enrolment'), staleTime: Infinity })
  return (
    <div className={styles.card}>
      <title>Set up your second factor</title>
      <h1>Set up your second factor</h1>
      <p className={styles.lead}>
        The back office asks for a code from an authenticator app on your phone at every sign-in. Scan this QR code with the app (or type the key in), then
        enter the 6-digit code it shows.
      </p>
      {enrolment.data ? (
        <>
          <img className={styles.qr} src={enrolment.data.qrCode} alt={`QR code of the key for ${enrolment.data.issuer}`} />
          <p>
            Key (typed in instead): <span className={styles.secret}>{enrolment.data.secret.replace(/(.{4})/g, '$1 ').trim()}</span>
          </p>
          <CodeForm
            label="Code from the app"
            hint="6 digits"
            submitLabel="Confirm"
            onCode={async (code) => onEnrolled((await staffApi.post<RecoveryCodes>('enrolment', { code })).recoveryCodes)}
          />
        </>
      ) : enrolment.isError ? (
        <p role="alert">{serverMessage(enrolment.error, 'The key could not be made. Reload the page to try again.')}</p>
      ) : (
        <p>Loading...</p>
      )}
      <CancelLink />
    </div>
  )
}

function RecoveryCodesCard({ codes }: { codes: string[] }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return (
    <main id="main" className={`page ${styles.signInMain}`}>
      <div className={styles.card}>
        <title>Your recovery codes</title>
        <h1>Your recovery codes</h1>
        <p className={styles.lead}>
          If you lose your phone, each of these codes signs you in once instead of the app's code. Keep them somewhere safe: they are shown only now.
        </p>
        <ol className={styles.codes}>
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        <div className={styles.actions}>
          <Button
            block
            onClick={async () => {
              await queryClient.invalidateQueries({ queryKey: backOfficeKeys.me })
              void navigate('/staff', { replace: true })
            }}
          >
            I have saved my recovery codes
          </Button>
        </div>
      </div>
    </main>
  )
}
