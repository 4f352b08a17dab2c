import { useState } from 'react'
import type { StaffChange } from '@portal/contract/back-office-accounts'
import type { SubUser } from '@portal/contract/users'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { Modal } from '../../../components/ui/modal'
import { Spinner } from '../../../components/ui/spinner'
import { notify } from '../../../components/ui/toast'
import { ApiError, serverMessage } from '../../../lib/api'
import { useSession } from '../../../lib/session'
import { useCreateUser } from '../api/create-user'
import { useDeleteUser } from '../api/delete-user'
import { useUpdateUser } from '../api/update-user'
import { useStaffChanges } from '../api/get-staff-changes'
import { useUsers } from '../api/get-users'
import { LimitsForm } from './limits-form'
import { limitsText } from './limits-text'
import { MayPayInvoices } from './may-pay-invoices'
import { CREATE_FAILED, createFailed, UserForm, type UserFormValues } from './user-form'

/** Why a user was not created: the server's own reason (a taken username, the rule a field broke). */
function createError(error: unknown): string {
  if (!(error instanceof ApiError)) return createFailed('Please try again.')
  if (error.status === 409) return serverMessage(error, CREATE_FAILED)
  const field = error.fields?.find((f) => f.field === 'body.password') ?? error.fields?.[0]
  return createFailed(field?.message ?? error.serverMessage ?? 'Please try again.')
}
import styles from './users.module.css'

type Editing = { mode: 'create' } | { mode: 'edit'; user: SubUser } | null

/** The account's users: Administrators list, create, edit and delete them; nobody else sees the list. */
export function UsersScreen() {
  const session = useSession()
  const isAdministrator = session?.user.Role === 'Administrator'
  const users = useUsers(isAdministrator)
  const staffChanges = useStaffChanges(isAdministrator)
  const create = useCreateUser()
  const update = useUpdateUser()
  const remove = useDeleteUser()
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<SubUser | null>(null)
  const [limiting, setLimiting] = useState<SubUser | null>(null)

  if (!isAdministrator) {
    return (
      <section className="page" aria-labelledby="users-heading">
        <title>Users</title>
        <h1 id="users-heading">Users</h1>
        <p>Only an Administrator of your account can manage its users.</p>
      </section>
    )
  }

  const rows = users.data?.pages.flat() ?? []
  // Spending limits hold a User's orders for approval (on a cash-sale account, the approver pays by card); a reseller
  // orders through its branch.
  const limitsOffered = !session.user.isElders
  const loadingMoreFailed = users.isFetchNextPageError
  const firstPageFailed = users.isError && !loadingMoreFailed

  const save = (values: UserFormValues) => {
    if (editing?.mode === 'edit') {
      update.mutate(
        {
          username: editing.user.UserName,
          email: values.email.trim(),
          role: values.role,
          ...(values.name.trim() ? { name: values.name.trim() } : {}),
          ...(values.password ? { password: values.password } : {}),
        },
        {
          onSuccess: () => {
            notify.success('User successfully updated')
            setEditing(null)
          },
          onError: (error) => notify.error(serverMessage(error, 'There was an error updating this user.')),
        },
      )
      return
    }
    create.mutate(
      {
        email: values.email.trim(),
        username: values.username.trim(),
        password: values.password,
        role: values.role,
        ...(values.name.trim() ? { name: values.name.trim() } : {}),
      },
      {
        onSuccess: () => {
          notify.success('User successfully created')
          setEditing(null)
        },
        // A taken username says so; a refused field says which rule failed (the contract's wording for the number rule).
        onError: (error) => notify.error(createError(error)),
      },
    )
  }

  const confirmDelete = () => {
    if (!deleting) return
    remove.mutate(
      { username: deleting.UserName },
      {
        onSuccess: () => notify.success('User successfully deleted!'),
        onError: () => notify.error('There was an error deleting this user.'),
        onSettled: () => setDeleting(null),
      },
    )
  }

  return (
    <section className="page" aria-labelledby="users-heading">
      <div className={styles.header}>
        <title>Users</title>
        <h1 id="users-heading">Users</h1>
        <Button onClick={() => setEditing({ mode: 'create' })}>Add User</Button>
      </div>
      <p className={styles.lead}>The people who can sign in and order for {session.user.AccountName}.</p>

      {users.isPending && <Spinner label="Loading users" />}
      {firstPageFailed && <p role="alert">An error occured loading your users.</p>}
      {rows.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Invoices</th>
                {limitsOffered && <th scope="col">Spending limits</th>}
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((user) => {
                const self = user.UserName.toLowerCase() === session.user.username.toLowerCase()
                return (
                  <tr key={user.ExtUserID}>
                    <td data-label="Username">
                      {user.UserName}
                      {self && <span className={styles.you}> (you)</span>}
                      <StaffChangeNote change={Array.isArray(staffChanges.data) ? staffChanges.data.find((c) => c.username === user.UserName) : undefined} />
                    </td>
                    <td data-label="Name">{user.Name}</td>
                    <td data-label="Email">{user.Email}</td>
                    <td data-label="Role">{user.Role}</td>
                    <td data-label="Invoices">
                      <MayPayInvoices user={user} />
                    </td>
                    {limitsOffered && (
                      <td data-label="Spending limits">
                        <span className={styles.limits}>{limitsText(user)}</span>
                      </td>
                    )}
                    <td className={styles.actionsCell}>
                      <div className={styles.actions}>
                        {limitsOffered && user.Role === 'User' && (
                          <Button variant="secondary" onClick={() => setLimiting(user)} aria-label={`Spending limits for ${user.UserName}`}>
                            Limits
                          </Button>
                        )}
                        <Button variant="secondary" onClick={() => setEditing({ mode: 'edit', user })} aria-label={`Edit ${user.UserName}`}>
                          Edit
                        </Button>
                        <Button variant="secondary" onClick={() => setDeleting(user)} disabled={self} aria-label={`Delete ${user.UserName}`}>
                          Delete
                        </Button>
                      </div>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      {loadingMoreFailed && <p role="alert">An error occured loading more users.</p>}
      {users.hasNextPage && !loadingMoreFailed && (
        <div className={styles.more}>
          <Button variant="secondary" onClick={() => void users.fetchNextPage()} disabled={users.isFetchingNextPage}>
            {users.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}

      <Modal
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing?.mode === 'edit' ? `Edit ${editing.user.UserName}` : 'Add User'}
      >
        {editing && (
          <UserForm
            key={editing.mode === 'edit' ? editing.user.ExtUserID : 'new'}
            {...(editing.mode === 'edit' ? { user: editing.user } : {})}
            busy={create.isPending || update.isPending}
            onSubmit={save}
            onCancel={() => setEditing(null)}
            onInvalid={(message) => notify.error(message)}
          />
        )}
      </Modal>
      <Modal
        open={limiting !== null}
        onOpenChange={(open) => !open && setLimiting(null)}
        title={limiting ? `Spending limits for ${limiting.UserName}` : 'Spending limits'}
        description="An order on account over a limit is not placed: it waits under Approvals until it is approved or rejected."
      >
        {limiting && (
          <LimitsForm
            key={limiting.ExtUserID}
            user={limiting}
            others={rows.filter((other) => other.ExtUserID !== limiting.ExtUserID)}
            onDone={() => setLimiting(null)}
          />
        )}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete user?"
        description={deleting ? `${deleting.UserName} will no longer be able to sign in. This cannot be undone.` : ''}
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        busy={remove.isPending}
      />
    </section>
  )
}

/** When the distributor's staff last changed this user, and what (decision 0092). */
export function StaffChangeNote({ change }: { change: StaffChange | undefined }) {
  if (!change) return null
  const on = new Date(change.at).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <span className={styles.staffChange}>
      {change.change} by the distributor’s staff, {on}
    </span>
  )
}
