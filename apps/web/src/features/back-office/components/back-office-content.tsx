import { CONTENT_KINDS, CONTENT_STATES, type ContentKind, type ContentState, type StaffContentPage } from '@portal/contract/back-office-content'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { Button, ButtonLink } from '../../../components/ui/button'
import { SelectField } from '../../../components/ui/field'
import { serverMessage, type Query } from '../../../lib/api'
import { formatDate } from '../../../lib/format'
import { backOfficeKeys, staffApi } from '../api'
import styles from './back-office.module.css'

export const KIND_WORDS: Record<ContentKind, string> = { news: 'News post', banner: 'Banner', promotion: 'Promotion' }
export const STATE_WORDS: Record<ContentState, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
  expired: 'Expired',
}

/** /staff/content: the news posts, banners and promotions, newest change first, filtered by kind and state (kept in the address). */
export function BackOfficeContentScreen() {
  const [params, setParams] = useSearchParams()
  const kind = CONTENT_KINDS.find((k) => k === params.get('kind')) ?? ''
  const state = CONTENT_STATES.find((s) => s === params.get('state')) ?? ''
  const page = Math.max(1, Number(params.get('page')) || 1)
  const query: Query = { ...(kind ? { kind } : {}), ...(state ? { state } : {}), page }
  const list = useQuery({
    queryKey: backOfficeKeys.contentList(query),
    queryFn: () => staffApi.get<StaffContentPage>('content', query),
    placeholderData: keepPreviousData,
  })
  const show = (next: { kind?: string; state?: string; page?: number }) => {
    const merged = { kind, state, ...next }
    const entries = [
      ...(merged.kind ? [['kind', merged.kind]] : []),
      ...(merged.state ? [['state', merged.state]] : []),
      ...(next.page && next.page > 1 ? [['page', String(next.page)]] : []),
    ]
    setParams(new URLSearchParams(entries))
  }
  const data = list.data
  const groupName = (slug: string) => data?.groups.find((g) => g.slug === slug)?.name ?? slug.toUpperCase()

  return (
    <>
      <title>Content</title>
      <h1>Content</h1>
      <p className={styles.note}>News posts, banners and promotions on the customers&apos; home and news pages, for the groups you choose.</p>
      <div className={styles.actions}>
        {CONTENT_KINDS.map((k) => (
          <ButtonLink key={k} variant={k === 'news' ? 'primary' : 'secondary'} to={`/staff/content/new?kind=${k}`}>
            New {KIND_WORDS[k].toLowerCase()}
          </ButtonLink>
        ))}
      </div>
      <form className={styles.panel} aria-label="Filter the content" onSubmit={(event) => event.preventDefault()}>
        <div className={styles.grid}>
          <SelectField label="Kind" value={kind} onChange={(event) => show({ kind: event.target.value })}>
            <option value="">Every kind</option>
            {CONTENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_WORDS[k]}
              </option>
            ))}
          </SelectField>
          <SelectField label="State" value={state} onChange={(event) => show({ state: event.target.value })}>
            <option value="">Every state</option>
            {CONTENT_STATES.map((s) => (
              <option key={s} value={s}>
                {STATE_WORDS[s]}
              </option>
            ))}
          </SelectField>
        </div>
      </form>
      {list.isPending ? (
        <p>Loading...</p>
      ) : list.isError ? (
        <p role="alert">{serverMessage(list.error, 'The content could not be loaded.')}</p>
      ) : data!.items.length === 0 ? (
        <p>Nothing matches these filters.</p>
      ) : (
        <div className={styles.tableWrap} role="region" aria-label="Content found" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Kind</th>
                <th scope="col">State</th>
                <th scope="col">For</th>
                <th scope="col">Shown</th>
                <th scope="col">Changed</th>
              </tr>
            </thead>
            <tbody>
              {data!.items.map((item) => (
                <tr key={item.id}>
                  <td>
                    <Link to={`/staff/content/${item.id}`}>{item.title}</Link>
                    {item.imported && <span className={styles.aside}> (from content:import)</span>}
                  </td>
                  <td data-label="Kind">{KIND_WORDS[item.kind]}</td>
                  <td data-label="State">{STATE_WORDS[item.state]}</td>
                  <td data-label="For">{item.groups.map(groupName).join(', ')}</td>
                  <td data-label="Shown">{`${formatDate(item.appearOn)}${item.disappearOn ? ` to ${formatDate(item.disappearOn)}` : ' onwards'}`}</td>
                  <td data-label="Changed">{formatDate(item.modifiedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (page > 1 || data.hasMore) && (
        <div className={styles.actions}>
          <Button variant="secondary" disabled={page === 1} onClick={() => show({ page: page - 1 })}>
            Newer
          </Button>
          <Button variant="secondary" disabled={!data.hasMore} onClick={() => show({ page: page + 1 })}>
            Older
          </Button>
        </div>
      )}
    </>
  )
}
