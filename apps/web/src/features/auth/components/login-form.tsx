import { useForm, useWatch } from 'react-hook-form'
import { useNavigate } from 'react-router'
import type { LoginBody } from '@portal/contract/auth'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/field'
import { notify } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api'
import { useLogin } from '../api/login'
import styles from './auth-card.module.css'

type LoginFormProps = {
  /** Filled in by a demo login, to save typing. */
  values?: LoginBody | undefined
}

/** Signing in stores the session; the /login route then moves on by itself. */
export function LoginForm({ values }: LoginFormProps) {
  // No schema resolver: the button waits for both fields and the server checks the rest, so the login screen
  // loads without the schema library (docs/decisions/0020-first-screen-budget.md).
  const { register, handleSubmit, control } = useForm<LoginBody>({
    defaultValues: { username: '', password: '' },
    values,
  })
  const [username, password] = useWatch({ control, name: ['username', 'password'] })
  const loginMutation = useLogin()
  const navigate = useNavigate()

  const submit = handleSubmit(async ({ username: typed, password: secret }) => {
    const body = { username: typed.trim(), password: secret }
    if (!body.username || !body.password) return
    try {
      // Awaited rather than passed to mutate(): the screen unmounts as soon as the session exists.
      const answer = await loginMutation.mutateAsync(body)
      // A back office user goes on to their second factor; a customer's session moves the /login route on by itself.
      if ('realm' in answer) void navigate('/staff/sign-in', { replace: true })
      else notify.success(`Welcome back ${answer.user.Name}!`)
    } catch (error) {
      // A throttled login says why and for how long; every other failure reads the same.
      if (error instanceof ApiError && error.status === 429 && error.serverMessage) notify.error(error.serverMessage)
      else notify.error('Username / password provided is incorrect!')
    }
  })

  return (
    <form onSubmit={submit} noValidate>
      <TextField label="Username" required autoComplete="username" autoCapitalize="none" {...register('username')} />
      <TextField label="Password" required type="password" autoComplete="current-password" {...register('password')} />
      <div className={styles.actions}>
        <Button type="submit" block disabled={!username.trim() || !password || loginMutation.isPending}>
          {loginMutation.isPending ? 'Logging in...' : 'Login'}
        </Button>
      </div>
    </form>
  )
}
