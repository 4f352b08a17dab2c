import { zodResolver } from '@hookform/resolvers/zod'
import { FormProvider, useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { ChangePasswordBody } from '@portal/contract/auth'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/field'
import { notify } from '../../../components/ui/toast'
import { useChangePassword } from '../api/change-password'
import { NewPasswordFields } from './new-password-fields'
import { newPasswordAcceptable, newPasswordFields, repeatMatches } from './password-rules'

const ChangePasswordFields = z.object({ currentPassword: ChangePasswordBody.shape.currentPassword, ...newPasswordFields }).refine(...repeatMatches)
type ChangePasswordValues = z.infer<typeof ChangePasswordFields>

export function ChangePasswordForm() {
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(ChangePasswordFields),
    defaultValues: { currentPassword: '', newPassword: '', repeatPassword: '' },
  })
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors },
  } = form
  const [currentPassword, newPassword, repeatPassword] = useWatch({
    control,
    name: ['currentPassword', 'newPassword', 'repeatPassword'],
  })
  const change = useChangePassword()
  const canSubmit = currentPassword.length > 0 && newPasswordAcceptable(newPassword, repeatPassword)

  const submit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          notify.success('Your password has been reset successfully')
          reset()
        },
        onError: () => notify.error('Failed to update password. Please make sure that the current password provided is correct'),
      },
    ),
  )

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate style={{ maxWidth: 420 }}>
        <TextField
          label="Current Password"
          required
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <NewPasswordFields />
        <Button type="submit" disabled={!canSubmit || change.isPending}>
          {change.isPending ? 'Updating...' : 'Update Password'}
        </Button>
      </form>
    </FormProvider>
  )
}
