import { useState, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import type { ListDetail, ListLine } from '@portal/contract/lists'
import type { BulkAddResult } from '@portal/contract/quick-order'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { DocumentStatus } from '../../../components/ui/document'
import table from '../../../components/ui/table.module.css'
import { notify } from '../../../components/ui/toast'
import { ApiError, serverMessage } from '../../../lib/api'
import { isQueued } from '../../offline'
import { formatAvailability, formatMoney } from '../../../lib/format'
import { checkQuantity } from '../../../lib/quantity'
import { useAddAllToCart } from '../api/add-all-to-cart'
import { useDeleteList } from '../api/delete-list'
import { useList } from '../api/get-list'
import { useUpdateList } from '../api/update-list'
import styles from './lists.module.css'

type ListScreenProps = {
  id: number
  /** The branch the customer is shopping at: prices, stock and the cart are this branch's. */
  warehouse: string
  /** More ways to use a list its user may change, beside "Delete list" (the route adds "Make a standing order"). */
  actions?: (list: ListDetail) => ReactNode
}

/** The server's refusal to delete a list a standing order orders from: its message says which to change first. */
const LIST_IN_STANDING_ORDER = 'list_in_standing_order'

/** /lists/{id}: a saved list with current prices and stock, its quantities to edit, and "Add all to cart". */
export function ListScreen({ id, warehouse, actions }: ListScreenProps) {
  const list = useList(id, warehouse)
  if (!list.data) {
    return (
      <DocumentStatus
        title="Saved list"
        headingId="list-heading"
        pending={list.isPending}
        error={list.error}
        loadingLabel="Loading the list"
        notFound="There is no such list on your account."
        failed="The list could not be loaded."
        back={{ to: '/lists', label: 'Saved Lists' }}
      />
    )
  }
  return (
    <ListView
      key={list.data.updatedAt + list.data.lines.map((l) => `${l.ProductID}:${l.Quantity}`).join()}
      list={list.data}
      warehouse={warehouse}
      actions={actions}
    />
  )
}

/** The quantities as typed, by product. */
type Quantities = Record<number, string>

const wholeQuantity = (text: string) => (/^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 99_999 ? Number(text) : null)

function ListView({ list, warehouse, actions }: { list: ListDetail; warehouse: string; actions: ListScreenProps['actions'] }) {
  const navigate = useNavigate()
  const [quantities, setQuantities] = useState<Quantities>(() => Object.fromEntries(list.lines.map((l) => [l.ProductID, String(l.Quantity)])))
  const [removed, setRemoved] = useState<Set<number>>(new Set())
  const [problems, setProblems] = useState<Map<number, string>>(new Map())
  const [report, setReport] = useState<string | null>(null)
  const [confirmingDelete, setConfirmingDelete] = useState(false)
  const [undeletable, setUndeletable] = useState<string | null>(null)
  const update = useUpdateList()
  const remove = useDeleteList()
  const addAll = useAddAllToCart()

  const lines = list.lines.filter((l) => !removed.has(l.ProductID))
  const changed = removed.size > 0 || list.lines.some((l) => quantities[l.ProductID] !== String(l.Quantity))
  const invalid = lines.some((l) => wholeQuantity(quantities[l.ProductID] ?? '') === null)

  const save = () =>
    update.mutate(
      { id: list.id, lines: lines.map((l) => ({ ProductID: l.ProductID, Quantity: wholeQuantity(quantities[l.ProductID]!)! })) },
      { onSuccess: () => notify.success('List saved'), onError: (error) => notify.error(serverMessage(error, 'The list could not be saved.')) },
    )

  const addAllToCart = () => {
    const sold = lines.filter((l) => l.Product !== null)
    if (sold.length === 0) {
      notify.error('Nothing on this list can be added to the cart.')
      return
    }
    addAll.mutate(
      { warehouse, listName: list.name, lines: sold.map((l) => ({ code: l.ProductCode, qty: quantities[l.ProductID] ?? String(l.Quantity) })) },
      {
        onSuccess: (result) => {
          if (isQueued(result)) {
            // The lines wait on the device (docs/decisions/0031-offline-app.md); what they become is shown when sent.
            setProblems(new Map())
            setReport(`Waiting to send: ${sold.length === 1 ? '1 line goes' : `${sold.length} lines go`} into your cart when you are back online.`)
            return
          }
          setProblems(new Map(result.notAdded.map((n) => [sold[n.index]!.ProductID, n.message])))
          setReport(outcome(result, lines.length - sold.length))
          if (result.added.length > 0) notify.success(result.added.length === 1 ? 'Product added to cart!' : `${result.added.length} products added to cart!`)
        },
        onError: (error) => notify.error(serverMessage(error, 'An error occured adding this product to the cart')),
      },
    )
  }

  const deleteList = () =>
    remove.mutate(list.id, {
      onSuccess: () => {
        notify.success(`List “${list.name}” deleted`)
        void navigate('/lists')
      },
      onError: (error) => {
        // Kept on the screen, not only toasted: it says which standing order to change or delete first.
        if (error instanceof ApiError && error.code === LIST_IN_STANDING_ORDER) setUndeletable(serverMessage(error, 'A standing order orders from this list.'))
        else notify.error(serverMessage(error, 'The list could not be deleted.'))
      },
      onSettled: () => setConfirmingDelete(false),
    })

  return (
    <section className="page" aria-labelledby="list-heading">
      <title>{list.name}</title>
      <Link to="/lists" className={styles.back}>
        ← Saved Lists
      </Link>
      <div className={styles.header}>
        <div>
          <h1 id="list-heading">{list.name}</h1>
          <p className={styles.lead}>
            {list.lineCount} {list.lineCount === 1 ? 'product' : 'products'}
            {list.createdBy ? ` · made by ${list.createdBy}` : ''}
            {list.canChange ? '' : ' · only its maker or an Administrator can change it'}
          </p>
        </div>
        {list.canChange && (
          <div className={styles.headerActions}>
            {actions?.(list)}
            <Button variant="secondary" onClick={() => setConfirmingDelete(true)}>
              Delete list
            </Button>
          </div>
        )}
      </div>

      {undeletable && (
        <p className={styles.problemNote} role="alert">
          {undeletable} <Link to="/standing-orders">See your standing orders</Link>
        </p>
      )}

      {report && (
        <p className={styles.report} role="status">
          {report}
        </p>
      )}

      {lines.length === 0 ? (
        <p className={table.empty}>This list is empty. Add products from their pages with “Add to list”.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={table.table}>
            <thead>
              <tr>
                <th scope="col">Product Code</th>
                <th scope="col">Description</th>
                <th scope="col">Availability</th>
                <th scope="col" className={table.num}>
                  Price <small>(ex GST)</small>
                </th>
                <th scope="col" className={table.num}>
                  Quantity
                </th>
                {list.canChange && (
                  <th scope="col">
                    <span className="sr-only">Remove</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <LineRow
                  key={line.ProductID}
                  line={line}
                  editable={list.canChange}
                  quantity={quantities[line.ProductID] ?? ''}
                  problem={problems.get(line.ProductID)}
                  onQuantity={(text) => setQuantities((q) => ({ ...q, [line.ProductID]: text }))}
                  onRemove={() => setRemoved((r) => new Set(r).add(line.ProductID))}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}

      <div className={styles.actions}>
        <div>
          {list.canChange && changed && (
            <Button variant="secondary" onClick={save} disabled={invalid || update.isPending}>
              {update.isPending ? 'Saving…' : 'Save changes'}
            </Button>
          )}
        </div>
        <div>
          <Button onClick={addAllToCart} disabled={lines.length === 0 || invalid || addAll.isPending}>
            {addAll.isPending ? 'Adding…' : 'Add all to cart'}
          </Button>
        </div>
      </div>

      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={`Delete “${list.name}”?`}
        description="The list is deleted for everyone on your account. Your cart is not changed."
        confirmLabel="Delete list"
        cancelLabel="Keep List"
        onConfirm={deleteList}
        busy={remove.isPending}
      />
    </section>
  )
}

type LineRowProps = {
  line: ListLine
  editable: boolean
  quantity: string
  problem: string | undefined
  onQuantity: (text: string) => void
  onRemove: () => void
}

function LineRow({ line, editable, quantity, problem, onQuantity, onRemove }: LineRowProps) {
  const qtyId = `list-qty-${line.ProductID}`
  const problemId = `list-problem-${line.ProductID}`
  const qtyErrorId = `list-qty-error-${line.ProductID}`
  const qtyError = editable ? checkQuantity(quantity).error : undefined
  const describedBy = [problem ? problemId : '', qtyError ? qtyErrorId : ''].filter(Boolean).join(' ') || undefined
  return (
    <tr>
      <td data-label="Product Code" className={table.nowrap}>
        {line.ProductCode}
      </td>
      <td data-label="Description">
        {line.Product ? <Link to={`/product/${line.ProductID}`}>{line.Description}</Link> : <span className={styles.notSold}>{line.Description}</span>}
        {problem && (
          <span id={problemId} className={styles.problem}>
            {problem}
          </span>
        )}
      </td>
      <td data-label="Availability">{formatAvailability(line.Product)}</td>
      <td data-label="Price (ex GST)" className={`money ${table.num}`}>
        {line.Product ? `$${formatMoney(line.Product.SinglePricing.Price)}` : '—'}
      </td>
      <td data-label="Quantity" className={table.num}>
        {editable ? (
          <>
            <label className="sr-only" htmlFor={qtyId}>
              Quantity of {line.ProductCode}
            </label>
            <input
              id={qtyId}
              className={styles.qtyInput}
              inputMode="numeric"
              value={quantity}
              onChange={(e) => onQuantity(e.target.value)}
              aria-invalid={qtyError ? true : undefined}
              aria-describedby={describedBy}
            />
            {qtyError && (
              <span id={qtyErrorId} className={styles.problem}>
                {qtyError}
              </span>
            )}
          </>
        ) : (
          quantity
        )}
      </td>
      {editable && (
        <td className={styles.rowActions}>
          <Button variant="secondary" onClick={onRemove} aria-label={`Remove ${line.ProductCode} from the list`}>
            Remove
          </Button>
        </td>
      )}
    </tr>
  )
}

/** What "Add all to cart" did, for the line above the table. */
function outcome(result: BulkAddResult, notSold: number): string {
  const added = result.added.length
  const missed = result.notAdded.length + notSold
  const addedText = added === 0 ? 'Nothing was added to your cart.' : `${added} ${added === 1 ? 'product was' : 'products were'} added to your cart.`
  return missed === 0 ? addedText : `${addedText} ${missed} ${missed === 1 ? 'was' : 'were'} not: the reasons are shown beside ${missed === 1 ? 'it' : 'them'}.`
}
