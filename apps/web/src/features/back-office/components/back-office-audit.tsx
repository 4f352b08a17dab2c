import type { AuditPage, BackOfficeUser } from '@portal/contract/back-office'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Button } from '../../../components/ui/button'
import { SelectField, TextField } from '../../../components/ui/field'
import { notify } from '../../../components/ui/toast'
import { saveFile, serverMessage, type Query } from '../../../lib/api'
import { backOfficeKeys, staffApi } from '../api'
import { when } from './back-office-users'
import styles from './back-office.module.css'

type Filters = { user: string; action: string; account: string; from: string; to: string }
const NO_FILTERS: Filters = { user: '', action: '', account: '', from: '', to: '' }

/** /staff/audit (Administrators): what back office users did, filtered, page by page, and as CSV. */
export function BackOfficeAuditScreen() {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS)
  const [filters, setFilters] = useState<Filters>(NO_FILTERS)
  const [page, setPage] = useState(1)
  const query: Query = { ...filters, page }
  const audit = useQuery({ queryKey: backOfficeKeys.audit(query), queryFn: () => staffApi.get<AuditPage>('audit', query) })
  const users = useQuery({ queryKey: backOfficeKeys.users, queryFn: () => staffApi.get<BackOfficeUser[]>('users') })
  const set = (field: keyof Filters) => (e: { target: { value: string } }) => setDraft({ ...draft, [field]: e.target.value })

  const apply = (event: FormEvent) => {
    event.preventDefault()
    setFilters(draft)
    setPage(1)
  }
  const exportCsv = async () => {
    try {
      saveFile(await staffApi.download('audit/csv', { ...filters }, 'back-office-audit.csv'))
    } catch (error) {
      notify.error(serverMessage(error, 'The export could not be made.'))
    }
  }

  return (
    <>
      <title>Audit</title>
      <h1>Audit</h1>
      <form className={styles.panel} onSubmit={apply} aria-label="Filter the audit">
        <div className={styles.grid}>
          <SelectField label="User" value={draft.user} onChange={set('user')}>
            <option value="">Everyone</option>
            {users.data?.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name} ({u.email})
              </option>
            ))}
          </SelectField>
          <SelectField label="Action" value={draft.action} onChange={set('action')}>
            <option value="">Every action</option>
            {audit.data?.actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </SelectField>
          <TextField label="Account code" value={draft.account} onChange={set('account')} autoComplete="off" />
          <TextField label="From" type="date" value={draft.from} onChange={set('from')} />
          <TextField label="To" type="date" value={draft.to} onChange={set('to')} />
        </div>
        <div className={styles.actions}>
          <Button type="submit">Filter</Button>
          <Button variant="secondary" onClick={() => void exportCsv()}>
            Export CSV
          </Button>
        </div>
      </form>
      {audit.isPending ? (
        <p>Loading...</p>
      ) : audit.isError ? (
        <p role="alert">{serverMessage(audit.error, 'The audit could not be loaded.')}</p>
      ) : audit.data.entries.length === 0 ? (
        <p>Nothing recorded matches these filters.</p>
      ) : (
        <div className={styles.tableWrap} role="region" aria-label="Audit entries" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Account</th>
                <th scope="col">About</th>
                <th scope="col">Address</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.entries.map((e) => (
                <tr key={e.id}>
                  <td data-label="When">{when(e.at)}</td>
                  <td data-label="Who">
                    {e.userEmail} ({e.roles.join(', ')})
                  </td>
                  <td data-label="Action">{e.action}</td>
                  <td data-label="Account">{e.accountCode}</td>
                  <td data-label="About">{e.subject}</td>
                  <td data-label="Address">{e.address}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {audit.data && (page > 1 || audit.data.hasMore) && (
        <div className={styles.actions}>
          <Button variant="secondary" disabled={page === 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <Button variant="secondary" disabled={!audit.data.hasMore} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </div>
      )}
    </>
  )
}
