import type { BackOfficeRole, BackOfficeUserDetail } from '@portal/contract/back-office'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link, useParams } from 'react-router'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/field'
import { notify } from '../../../components/ui/toast'
import { serverMessage } from '../../../lib/api'
import { backOfficeKeys, staffApi } from '../api'
import { useBackOfficeUser } from './back-office-frame'
import { STATE_WORDS, when } from './back-office-users'
import { RolesFieldset } from './roles-fieldset'
import styles from './back-office.module.css'

/** /staff/users/:id (Administrators): roles, disable or enable, second factor, invitation, a rep's accounts. */
export function BackOfficeUserScreen() {
  const id = Number(useParams().id)
  const user = useQuery({ queryKey: backOfficeKeys.user(id), queryFn: () => staffApi.get<BackOfficeUserDetail>(`users/${id}`) })
  if (user.isPending) return <p>Loading...</p>
  if (user.isError) return <p role="alert">{serverMessage(user.error, 'This user could not be loaded.')}</p>
  return <UserDetail user={user.data} />
}

function useUserAction(id: number, success: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (call: () => Promise<unknown>) => call(),
    onSuccess: () => {
      notify.success(success)
      void queryClient.invalidateQueries({ queryKey: backOfficeKeys.users })
    },
    onError: (error) => notify.error(serverMessage(error, 'That did not work.')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backOfficeKeys.user(id) }),
  })
}

function UserDetail({ user }: { user: BackOfficeUserDetail }) {
  const me = useBackOfficeUser()
  const [roles, setRoles] = useState<BackOfficeRole[]>(user.roles)
  const saveRoles = useUserAction(user.id, 'Roles saved')
  const toggle = useUserAction(user.id, user.state === 'disabled' ? 'User enabled' : 'User disabled')
  const reset = useUserAction(user.id, 'Second factor reset: they set it up again at their next sign-in')
  const resend = useUserAction(user.id, 'Invitation sent again')
  const rolesChanged = roles.join() !== user.roles.join()

  return (
    <>
      <title>{user.name}</title>
      <p>
        <Link to="/staff/users">Back office users</Link>
      </p>
      <h1>{user.name}</h1>
      <section className={styles.panel} aria-labelledby="about-heading">
        <h2 id="about-heading">Login</h2>
        <dl>
          <dt>E-mail</dt>
          <dd>{user.email}</dd>
          <dt>State</dt>
          <dd>{STATE_WORDS[user.state]}</dd>
          <dt>Last sign-in</dt>
          <dd>{when(user.lastSignInAt)}</dd>
        </dl>
        <div className={styles.actions}>
          {user.id !== me.id && (
            <Button
              variant="secondary"
              disabled={toggle.isPending}
              onClick={() => toggle.mutate(() => staffApi.post(`users/${user.id}/${user.state === 'disabled' ? 'enable' : 'disable'}`))}
            >
              {user.state === 'disabled' ? 'Enable' : 'Disable'}
            </Button>
          )}
          {(user.state === 'active' || user.state === 'enrolling') && (
            <Button variant="secondary" disabled={reset.isPending} onClick={() => reset.mutate(() => staffApi.post(`users/${user.id}/second-factor/reset`))}>
              Reset second factor
            </Button>
          )}
          {user.state === 'invited' && (
            <Button variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate(() => staffApi.post(`users/${user.id}/invitation`))}>
              Send the invitation again
            </Button>
          )}
        </div>
      </section>
      <section className={styles.panel} aria-labelledby="roles-heading">
        <h2 id="roles-heading">Roles</h2>
        <form
          onSubmit={(event: FormEvent) => {
            event.preventDefault()
            saveRoles.mutate(() => staffApi.put(`users/${user.id}/roles`, { roles }))
          }}
        >
          <RolesFieldset legend="Roles of this user" value={roles} onChange={setRoles} />
          <Button type="submit" disabled={!rolesChanged || roles.length === 0 || saveRoles.isPending}>
            Save roles
          </Button>
        </form>
      </section>
      {user.roles.includes('Sales representative') && <Assignments user={user} />}
    </>
  )
}

function Assignments({ user }: { user: BackOfficeUserDetail }) {
  const [code, setCode] = useState('')
  const assign = useUserAction(user.id, 'Account assigned')
  const unassign = useUserAction(user.id, 'Account unassigned')
  return (
    <section className={styles.panel} aria-labelledby="accounts-heading">
      <h2 id="accounts-heading">Accounts looked after</h2>
      {user.assignments.length === 0 ? (
        <p>No accounts yet.</p>
      ) : (
        <ul>
          {user.assignments.map((a) => (
            <li key={a.accountId}>
              {a.code} · {a.name}
              {/* The ERP's SalesRep assigns it again at its next import that names this rep: say so beside the button. */}
              {a.fromErp ? ' (from the ERP)' : ''}{' '}
              <Button
                variant="link"
                aria-label={`Unassign ${a.code}`}
                onClick={() => unassign.mutate(() => staffApi.delete(`users/${user.id}/assignments/${a.accountId}`))}
              >
                Unassign
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault()
          assign.mutate(() => staffApi.post(`users/${user.id}/assignments`, { accountCode: code.trim() }), { onSuccess: () => setCode('') })
        }}
      >
        <div className={styles.grid}>
          <TextField label="Account code" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" autoCapitalize="characters" />
          <div>
            <Button type="submit" disabled={!code.trim() || assign.isPending}>
              Assign
            </Button>
          </div>
        </div>
      </form>
    </section>
  )
}
