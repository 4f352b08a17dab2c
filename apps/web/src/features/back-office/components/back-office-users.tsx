import type { BackOfficeRole, BackOfficeUser } from '@portal/contract/back-office'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/field'
import { notify } from '../../../components/ui/toast'
import { serverMessage } from '../../../lib/api'
import { backOfficeKeys, staffApi } from '../api'
import { RolesFieldset } from './roles-fieldset'
import styles from './back-office.module.css'

export const STATE_WORDS: Record<BackOfficeUser['state'], string> = {
  invited: 'Invited',
  enrolling: 'Setting up second factor',
  active: 'Active',
  disabled: 'Disabled',
}

export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never')

/** /staff/users (Administrators): every back office user, and the invitation of a new one. */
export function BackOfficeUsersScreen() {
  const users = useQuery({ queryKey: backOfficeKeys.users, queryFn: () => staffApi.get<BackOfficeUser[]>('users') })
  return (
    <>
      <title>Back office users</title>
      <h1>Back office users</h1>
      <InviteForm />
      <section className={styles.panel} aria-labelledby="users-heading">
        <h2 id="users-heading">Users</h2>
        {users.isPending ? (
          <p>Loading...</p>
        ) : users.isError ? (
          <p role="alert">{serverMessage(users.error, 'The users could not be loaded.')}</p>
        ) : (
          <div className={styles.tableWrap} role="region" aria-label="Back office users" tabIndex={0}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Roles</th>
                  <th scope="col">State</th>
                  <th scope="col">Last sign-in</th>
                </tr>
              </thead>
              <tbody>
                {users.data.map((user) => (
                  <tr key={user.id}>
                    <td data-label="Name">
                      <Link to={`/staff/users/${user.id}`}>{user.name}</Link>
                    </td>
                    <td data-label="E-mail">{user.email}</td>
                    <td data-label="Roles">{user.roles.join(', ')}</td>
                    <td data-label="State">{STATE_WORDS[user.state]}</td>
                    <td data-label="Last sign-in">{when(user.lastSignInAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  )
}

function InviteForm() {
  const queryClient = useQueryClient()
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [roles, setRoles] = useState<BackOfficeRole[]>([])
  const invite = useMutation({
    mutationFn: () => staffApi.post<BackOfficeUser>('users', { name, email, roles }),
    onSuccess: (user) => {
      notify.success(`Invitation sent to ${user.email}`)
      setName('')
      setEmail('')
      setRoles([])
      void queryClient.invalidateQueries({ queryKey: backOfficeKeys.users })
    },
    onError: (error) => notify.error(serverMessage(error, 'The invitation could not be sent.')),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    invite.mutate()
  }
  return (
    <section className={styles.panel} aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite a back office user</h2>
      <form onSubmit={submit} noValidate>
        <div className={styles.grid}>
          <TextField label="Name" required value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
          <TextField label="E-mail" required type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
        </div>
        <RolesFieldset legend="Roles" value={roles} onChange={setRoles} />
        <Button type="submit" disabled={!name.trim() || !email.trim() || roles.length === 0 || invite.isPending}>
          {invite.isPending ? 'Sending...' : 'Send invitation'}
        </Button>
      </form>
    </section>
  )
}
