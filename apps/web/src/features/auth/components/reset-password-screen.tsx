import { zodResolver } from '@hookform/resolvers/zod'
import { FormProvider, useForm, useWatch } from 'react-hook-form'
import { useLocation, useNavigate } from 'react-router'
import type { z } from 'zod'
import { Button } from '../../../components/ui/button'
import { notify } from '../../../components/ui/toast'
import { serverMessage } from '../../../lib/api'
import { useCompletePasswordReset } from '../api/complete-password-reset'
import { NewPasswordFields } from './new-password-fields'
import { NewPasswordPair, newPasswordAcceptable } from './password-rules'
import styles from './auth-card.module.css'

type NewPasswordValues = z.infer<typeof NewPasswordPair>

/** The reset link's token travels in the fragment (#token=...), which never reaches server logs. */
function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? ''
}

/** /reset-password, opened from the e-mailed link: choose a new password, then log in. */
export function ResetPasswordScreen() {
  const location = useLocation()
  const navigate = useNavigate()
  const token = tokenFromHash(location.hash)
  const complete = useCompletePasswordReset()
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(NewPasswordPair),
    defaultValues: { newPassword: '', repeatPassword: '' },
  })
  const { handleSubmit, control } = form
  const [newPassword, repeatPassword] = useWatch({ control, name: ['newPassword', 'repeatPassword'] })

  const submit = handleSubmit(({ newPassword }) =>
    complete.mutate(
      { token, newPassword },
      {
        onSuccess: () => {
          notify.success('Your password has been reset successfully')
          void navigate('/login', { replace: true })
        },
        onError: (error) => notify.error(serverMessage(error, 'An unknown error has occurred')),
      },
    ),
  )

  return (
    <div className={styles.card}>
      <title>Reset Password</title>
      <h1>Reset Password</h1>
      {token ? (
        <>
          <p className={styles.lead}>Choose a new password for your account.</p>
          <FormProvider {...form}>
            <form onSubmit={submit} noValidate>
              <NewPasswordFields />
              <div className={styles.actions}>
                <Button type="submit" block disabled={!newPasswordAcceptable(newPassword, repeatPassword) || complete.isPending}>
                  {complete.isPending ? 'Saving...' : 'Reset Password'}
                </Button>
              </div>
            </form>
          </FormProvider>
        </>
      ) : (
        <p className={styles.lead} role="alert">
          This link has no reset token. Ask for a new link with the forgotten password option on the login screen.
        </p>
      )}
      <p className={styles.switch}>
        <Button variant="link" onClick={() => void navigate('/login')}>
          Back to login
        </Button>
      </p>
    </div>
  )
}
