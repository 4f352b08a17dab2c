import {
  APPLICATION_STATUS_WORDS,
  APPLICATION_STATUSES,
  BUSINESS_KIND_WORDS,
  type ApplicationStatus,
  type StaffApplicationsPage,
} from '@portal/contract/applications'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { Button } from '../../../components/ui/button'
import { SelectField } from '../../../components/ui/field'
import { serverMessage, type Query } from '../../../lib/api'
import { backOfficeKeys, staffApi } from '../api'
import { when } from './back-office-users'
import styles from './back-office.module.css'

/** /staff/applications: trade account applications, newest first, by status (kept in the address). */
export function BackOfficeApplicationsScreen() {
  const [params, setParams] = useSearchParams()
  const status = (params.get('status') ?? '') as ApplicationStatus | ''
  const page = Math.max(1, Number(params.get('page')) || 1)
  const query: Query = { ...(status ? { status } : {}), page }
  const list = useQuery({
    queryKey: backOfficeKeys.applications(query),
    queryFn: () => staffApi.get<StaffApplicationsPage>('applications', query),
    placeholderData: keepPreviousData,
  })
  const show = (next: string, nextPage = 1) =>
    setParams(new URLSearchParams([...(next ? [['status', next]] : []), ...(nextPage > 1 ? [['page', String(nextPage)]] : [])]))
  const data = list.data
  return (
    <>
      <title>Applications</title>
      <h1>Trade account applications</h1>
      <div className={styles.panel}>
        <SelectField label="Status" value={status} onChange={(event) => show(event.target.value)}>
          <option value="">Every status</option>
          {APPLICATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {APPLICATION_STATUS_WORDS[s]}
            </option>
          ))}
        </SelectField>
      </div>
      {list.isPending ? (
        <p>Loading...</p>
      ) : list.isError ? (
        <p role="alert">{serverMessage(list.error, 'The applications could not be loaded.')}</p>
      ) : data!.applications.length === 0 ? (
        <p>No application has this status.</p>
      ) : (
        <div className={styles.tableWrap} role="region" aria-label="Applications" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Business</th>
                <th scope="col">Reference</th>
                <th scope="col">Received</th>
                <th scope="col">Contact</th>
                <th scope="col">Kind</th>
                <th scope="col">Branch</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {data!.applications.map((a) => (
                <tr key={a.id}>
                  <td>
                    <Link to={`/staff/applications/${a.id}`}>{a.businessName}</Link>
                  </td>
                  <td data-label="Reference">{a.reference}</td>
                  <td data-label="Received">{when(a.submittedAt)}</td>
                  <td data-label="Contact">{a.contactName}</td>
                  <td data-label="Kind">{BUSINESS_KIND_WORDS[a.kind]}</td>
                  <td data-label="Branch">{a.branch}</td>
                  <td data-label="Status">{APPLICATION_STATUS_WORDS[a.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (page > 1 || data.hasMore) && (
        <div className={styles.actions}>
          <Button variant="secondary" disabled={page === 1} onClick={() => show(status, page - 1)}>
            Newer
          </Button>
          <Button variant="secondary" disabled={!data.hasMore} onClick={() => show(status, page + 1)}>
            Older
          </Button>
        </div>
      )}
    </>
  )
}
