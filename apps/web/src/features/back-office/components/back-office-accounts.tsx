import type { AccountSearchResult } from '@portal/contract/back-office-accounts'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/field'
import { serverMessage } from '../../../lib/api'
import { backOfficeKeys, staffApi } from '../api'
import styles from './back-office.module.css'

/** /staff/accounts: find a customer account by name, code, ABN or a user's e-mail (a rep: among their own). */
export function BackOfficeAccountsScreen() {
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const [typed, setTyped] = useState(q)
  const found = useQuery({ queryKey: backOfficeKeys.accounts(q), queryFn: () => staffApi.get<AccountSearchResult>('accounts', { q }) })
  return (
    <>
      <title>Accounts</title>
      <h1>Accounts</h1>
      <form
        role="search"
        className={styles.panel}
        onSubmit={(event: FormEvent) => {
          event.preventDefault()
          setParams(typed.trim() ? { q: typed.trim() } : {})
        }}
      >
        <div className={styles.grid}>
          <TextField
            label="Name, account code, ABN or a user's e-mail"
            type="search"
            value={typed}
            maxLength={100}
            onChange={(event) => setTyped(event.target.value)}
          />
          <div>
            <Button type="submit">Search</Button>
          </div>
        </div>
      </form>
      <section className={styles.panel} aria-labelledby="results-heading">
        <h2 id="results-heading">{q ? `Accounts matching “${q}”` : 'Accounts'}</h2>
        {found.isPending && <p>Loading...</p>}
        {found.isError && <p role="alert">{serverMessage(found.error, 'The accounts could not be loaded.')}</p>}
        {found.data && found.data.accounts.length === 0 && <p>No account matches. Check the spelling, or try the account code or a user's e-mail.</p>}
        {found.data && found.data.accounts.length > 0 && (
          <div className={styles.tableWrap} role="region" aria-label="Accounts found" tabIndex={0}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Account</th>
                  <th scope="col">Code</th>
                  <th scope="col">ABN</th>
                  <th scope="col">Sales category</th>
                  <th scope="col">Found by</th>
                </tr>
              </thead>
              <tbody>
                {found.data.accounts.map((a) => (
                  <tr key={a.id}>
                    <td>
                      <Link to={`/staff/accounts/${encodeURIComponent(a.code)}`}>{a.name}</Link>
                      {!a.active && ' (inactive)'}
                    </td>
                    <td data-label="Code">{a.code}</td>
                    <td data-label="ABN">{a.abn ?? ''}</td>
                    <td data-label="Sales category">{a.salesCategory}</td>
                    <td data-label="Found by">{a.matchedEmail ? `User ${a.matchedEmail}` : ''}</td>
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
