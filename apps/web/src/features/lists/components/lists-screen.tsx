import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/field'
import { Spinner } from '../../../components/ui/spinner'
import table from '../../../components/ui/table.module.css'
import { serverMessage } from '../../../lib/api'
import { formatDate } from '../../../lib/format'
import { useCreateList } from '../api/create-list'
import { useLists } from '../api/get-lists'
import styles from './lists.module.css'

/** /lists: the account's saved order lists, shared by its users, and a way to start an empty one. */
export function ListsScreen() {
  const lists = useLists()
  const create = useCreateList()
  const navigate = useNavigate()
  const [name, setName] = useState('')
  const [error, setError] = useState<string | undefined>()

  const startList = (event: FormEvent) => {
    event.preventDefault()
    if (name.trim() === '') {
      setError('Give the list a name')
      return
    }
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (list) => void navigate(`/lists/${list.id}`),
        onError: (failure) => setError(serverMessage(failure, 'The list could not be made.')),
      },
    )
  }

  return (
    <section className="page" aria-labelledby="lists-heading">
      <title>Saved Lists</title>
      <div className={styles.header}>
        <div>
          <h1 id="lists-heading">Saved Lists</h1>
          <p className={styles.lead}>
            Lists of products you order again and again, shared by everyone on your account. Save one from your cart, an order or the quick order grid, or start
            one here and add products from their pages.
          </p>
        </div>
      </div>

      <form className={styles.newList} onSubmit={startList} noValidate>
        <TextField label="New list name" value={name} onChange={(e) => (setName(e.target.value), setError(undefined))} maxLength={80} error={error} />
        <Button type="submit" disabled={create.isPending}>
          Create list
        </Button>
      </form>

      {lists.isPending ? (
        <div className={table.loading}>
          <Spinner label="Loading your lists" size="large" />
        </div>
      ) : lists.isError ? (
        <p className={table.empty}>Your lists could not be loaded.</p>
      ) : lists.data.length === 0 ? (
        <p className={table.empty}>You have no saved lists yet.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={table.table}>
            <thead>
              <tr>
                <th scope="col">List</th>
                <th scope="col" className={table.num}>
                  Products
                </th>
                <th scope="col">Made by</th>
                <th scope="col">Last changed</th>
              </tr>
            </thead>
            <tbody>
              {lists.data.map((list) => (
                <tr key={list.id}>
                  <td data-label="List">
                    <Link to={`/lists/${list.id}`}>{list.name}</Link>
                  </td>
                  <td data-label="Products" className={table.num}>
                    {list.lineCount}
                  </td>
                  <td data-label="Made by">{list.createdBy ?? '—'}</td>
                  <td data-label="Last changed" className={table.nowrap}>
                    {formatDate(list.updatedAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
