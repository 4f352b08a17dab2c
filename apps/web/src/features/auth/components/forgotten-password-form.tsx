import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { PasswordResetBody } from '@portal/contract/auth'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/field'
import { notify } from '../../../components/ui/toast'
import { serverMessage } from '../../../lib/api'
import { useRequestPasswordReset } from '../api/request-password-reset'
import styles from './auth-card.module.css'

export function ForgottenPasswordForm({ onSent }: { onSent: () => void }) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<PasswordResetBody>({
    resolver: zodResolver(PasswordResetBody),
    defaultValues: { username: '', email: '' },
  })
  const [username, email] = useWatch({ control, name: ['username', 'email'] })
  const reset = useRequestPasswordReset()

  const submit = handleSubmit((body) =>
    reset.mutate(body, {
      onSuccess: () => {
        notify.success('Success! Check your email inbox for instructions on how to reset your password')
        onSent()
      },
      onError: (error) => notify.error(serverMessage(error, 'An unknown error has occurred')),
    }),
  )

  return (
    <form onSubmit={submit} noValidate>
      <TextField label="Username" required autoComplete="username" autoCapitalize="none" error={errors.username?.message} {...register('username')} />
      <TextField label="Email" required type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <div className={styles.actions}>
        <Button type="submit" block disabled={!username || !email || reset.isPending}>
          {reset.isPending ? 'Sending...' : 'Reset Password'}
        </Button>
      </div>
    </form>
  )
}
