import { useState, type FormEvent } from 'react'
import { passwordProblem, type Role } from '@portal/contract/auth'
import type { SubUser } from '@portal/contract/users'
import { Button } from '../../../components/ui/button'
import { SelectField, TextField } from '../../../components/ui/field'
import { PasswordRuleList, REPEAT_DIFFERS } from '../../auth'
import styles from './users.module.css'

export const PASSWORDS_DIFFER = 'Please make sure your password and password confirmation match.'
export const CREATE_FAILED = 'There was an error creating your user. Password must contain at least one number.'
/** The fixed wording, with the rule that failed (at least 8 characters and one number, @portal/contract/auth). */
export const createFailed = (rule: string) => `There was an error creating your user. ${rule}`

export type UserFormValues = { name: string; email: string; username: string; password: string; confirm: string; role: Role }

type UserFormProps = {
  /** The user being edited; without one the form creates a user. */
  user?: SubUser
  busy: boolean
  onSubmit: (values: UserFormValues) => void
  onCancel: () => void
  /** Problems found before anything is sent, shown as a toast by the screen. */
  onInvalid: (message: string) => void
}

/** Create: email, username and password are required. Edit: email and role, and a new password only if one is typed. */
export function UserForm({ user, busy, onSubmit, onCancel, onInvalid }: UserFormProps) {
  const editing = user !== undefined
  const [values, setValues] = useState<UserFormValues>({
    name: user?.Name ?? '',
    email: user?.Email ?? '',
    username: user?.UserName ?? '',
    password: '',
    confirm: '',
    role: user?.Role ?? 'User',
  })
  const set = (key: keyof UserFormValues) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }))

  const complete = editing ? values.email.trim() !== '' : values.email.trim() !== '' && values.username.trim() !== '' && values.password !== ''

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (values.password !== '' || !editing) {
      if (values.password !== values.confirm) return onInvalid(PASSWORDS_DIFFER)
      const problem = passwordProblem(values.password)
      if (problem) return onInvalid(createFailed(problem))
    }
    onSubmit(values)
  }

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label="Name"
        autoComplete="off"
        hint="Shown in the portal's greeting; the username when left empty."
        value={values.name}
        onChange={set('name')}
      />
      <TextField label="Email" required type="email" autoComplete="email" value={values.email} onChange={set('email')} />
      {editing ? (
        <p className={styles.fixed}>
          Username: <strong>{user.UserName}</strong>
        </p>
      ) : (
        <TextField label="Username" required autoComplete="off" autoCapitalize="none" value={values.username} onChange={set('username')} />
      )}
      <SelectField label="Role" value={values.role} onChange={set('role')}>
        <option value="User">User</option>
        <option value="Administrator">Administrator</option>
      </SelectField>
      <TextField
        label={editing ? 'New Password' : 'Password'}
        required={!editing}
        type="password"
        autoComplete="new-password"
        hint={
          editing ? (
            <>
              Leave empty to keep the current password.
              <PasswordRuleList password={values.password} />
            </>
          ) : (
            <PasswordRuleList password={values.password} />
          )
        }
        value={values.password}
        onChange={set('password')}
      />
      <TextField
        label={editing ? 'Confirm New Password' : 'Confirm Password'}
        required={!editing}
        type="password"
        autoComplete="new-password"
        error={values.confirm !== '' && values.confirm !== values.password ? REPEAT_DIFFERS : undefined}
        value={values.confirm}
        onChange={set('confirm')}
      />
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={!complete || busy}>
          {busy ? 'Saving...' : editing ? 'Save Changes' : 'Create User'}
        </Button>
      </div>
    </form>
  )
}
