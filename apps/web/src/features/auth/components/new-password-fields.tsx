import { useFormContext, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { TextField } from '../../../components/ui/field'
import { PasswordRuleList } from './password-rule-list'
import { REPEAT_DIFFERS, type NewPasswordPair } from './password-rules'

type NewPasswordValues = z.infer<typeof NewPasswordPair>

/**
 * New Password and Repeat New Password, as the change-password and reset-password forms ask for them.
 * Used inside react-hook-form's FormProvider of a form whose values include both fields.
 */
export function NewPasswordFields() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<NewPasswordValues>()
  const [newPassword = '', repeatPassword = ''] = useWatch({ control, name: ['newPassword', 'repeatPassword'] })
  // Said as soon as the repeat is typed, not only on submit: a mismatch is why the button stays disabled.
  const differs = repeatPassword !== '' && repeatPassword !== newPassword
  return (
    <>
      <TextField
        label="New Password"
        required
        type="password"
        autoComplete="new-password"
        hint={<PasswordRuleList password={newPassword} />}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <TextField
        label="Repeat New Password"
        required
        type="password"
        autoComplete="new-password"
        error={differs ? REPEAT_DIFFERS : errors.repeatPassword?.message}
        {...register('repeatPassword')}
      />
    </>
  )
}
