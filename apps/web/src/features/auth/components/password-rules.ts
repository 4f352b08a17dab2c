import { z } from 'zod'
import { NewPassword } from '@portal/contract/auth'

/**
 * The rule that enables the button for a new password: non-empty, at least one
 * number, same as the repeat. The contract's NewPassword (which adds a minimum length)
 * is checked on submit and reported on the field.
 */
export function newPasswordAcceptable(newPassword: string, repeatPassword: string): boolean {
  return newPassword.length > 0 && /[0-9]/.test(newPassword) && newPassword === repeatPassword
}

export const newPasswordFields = { newPassword: NewPassword, repeatPassword: z.string() }

export const REPEAT_DIFFERS = 'The passwords do not match.'

const sameAsRepeat = (values: { newPassword: string; repeatPassword: string }) => values.newPassword === values.repeatPassword

export const repeatMatches: [typeof sameAsRepeat, { path: string[]; message: string }] = [sameAsRepeat, { path: ['repeatPassword'], message: REPEAT_DIFFERS }]

export const NewPasswordPair = z.object(newPasswordFields).refine(...repeatMatches)
