import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { useLocation, useNavigate } from 'react-router'
import type { z } from 'zod'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/field'
import { notify } from '../../../components/ui/toast'
import { serverMessage } from '../../../lib/api'
import { useCompletePasswordReset } from '../api/complete-password-reset'
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
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<NewPasswordValues>({
    resolver: zodResolver(NewPasswordPair),
    defaultValues: { newPassword: '', repeatPassword: '' },
  })
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
      <h1>Reset Password</h1>
      {token ? (
        <>
          <p className={styles.lead}>Choose a new password for your account.</p>
          <form onSubmit={submit} noValidate>
            <TextField
              label="New Password"
              required
              type="password"
              autoComplete="new-password"
              hint="At least 8 characters, including at least 1 number."
              error={errors.newPassword?.message}
              {...register('newPassword')}
            />
            <TextField
              label="Repeat New Password"
              required
              type="password"
              autoComplete="new-password"
              error={errors.repeatPassword?.message}
              {...register('repeatPassword')}
            />
            <div className={styles.actions}>
              <Button type="submit" block disabled={!newPasswordAcceptable(newPassword, repeatPassword) || complete.isPending}>
                {complete.isPending ? 'Saving...' : 'Reset Password'}
              </Button>
            </div>
          </form>
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
