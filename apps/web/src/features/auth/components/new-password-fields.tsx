import { useFormContext } from 'react-hook-form'
import type { z } from 'zod'
import { TextField } from '../../../components/ui/field'
import type { NewPasswordPair } from './password-rules'

type NewPasswordValues = z.infer<typeof NewPasswordPair>

/**
 * New Password and Repeat New Password, as the change-password and reset-password forms ask for them.
 * Used inside react-hook-form's FormProvider of a form whose values include both fields.
 */
export function NewPasswordFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<NewPasswordValues>()
  return (
    <>
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
    </>
  )
}
