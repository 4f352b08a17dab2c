import { useQueries, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type ChangeEvent, type ClipboardEvent, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { Product } from '@portal/contract/catalogue'
import { MAX_BULK_LINES, type BulkAddResult } from '@portal/contract/quick-order'
import { Button } from '../../../components/ui/button'
import { notify } from '../../../components/ui/toast'
import { serverMessage } from '../../../lib/api'
import { isQueued } from '../../offline'
import { useBulkAdd } from '../api/bulk-add'
import { productByCodeQuery } from '../api/get-product-by-code'
import { isBlock, parseLines, readFileLines, type ParsedLine } from './parse-lines'
import { QuickOrderRow, codeInputId, qtyInputId, quantityProblem, type GridRow } from './quick-order-row'
import { ScannerDialog } from './scanner-dialog'
import styles from './quick-order-screen.module.css'

const FIRST_ROWS = 3
let nextId = 1
const emptyRow = (): GridRow => ({ id: nextId++, code: '', settled: '', qty: '1' })
const filled = (row: GridRow) => row.code.trim() !== ''

/** The grid always ends with an empty row: one is added as the last is filled. */
function withTrailingRow(rows: GridRow[]): GridRow[] {
  return rows.length === 0 || filled(rows[rows.length - 1]!) ? [...rows, emptyRow()] : rows
}

/** Puts parsed lines into the grid from row `at` on, over empty rows first, ahead of the rows after them. */
function placeLines(rows: GridRow[], at: number, lines: ParsedLine[]): GridRow[] {
  const before = rows.slice(0, at)
  const after = rows.slice(at).filter(filled)
  const placed = lines.map((l) => ({ ...emptyRow(), code: l.code, settled: l.code, qty: l.qty }))
  return withTrailingRow([...before, ...placed, ...after])
}

/** A scanned product raises the quantity of its row, or gets a row of its own (before the empty last row). */
function withScanned(rows: GridRow[], product: Product): GridRow[] {
  const names = [product.ProductCode, product.Barcode ?? ''].filter(Boolean).map((c) => c.toUpperCase())
  const at = rows.findIndex((r) => filled(r) && names.includes(r.code.trim().toUpperCase()))
  if (at >= 0) {
    const row = rows[at]!
    const qty = /^\d+$/.test(row.qty.trim()) ? String(Number(row.qty) + 1) : row.qty
    return rows.map((r, i) => (i === at ? { ...r, qty, problem: undefined } : r))
  }
  const scanned = { ...emptyRow(), code: product.ProductCode, settled: product.ProductCode }
  return withTrailingRow([...rows.filter(filled), scanned])
}

/** What a bulk add said, for the message above the grid. */
function outcome(result: BulkAddResult): string {
  const added = result.added.length
  const missed = result.notAdded.length
  const addedText = added === 0 ? 'No lines were added to your cart.' : `${added} ${added === 1 ? 'line was' : 'lines were'} added to your cart.`
  return missed === 0
    ? addedText
    : `${addedText} ${missed} ${missed === 1 ? 'line was' : 'lines were'} not added: the reasons are shown on the ${missed === 1 ? 'row' : 'rows'} below.`
}

type QuickOrderScreenProps = {
  /** The branch the customer is shopping at. */
  warehouse: string
  /** "Save as list" for the recognised rows (the saved lists feature, composed by the app). */
  saveAsList?: (lines: Array<{ ProductID: number; Quantity: number }>) => ReactNode
  /** Opens the scanner on arrival (the header's Scan button on phones). */
  scanOnOpen?: boolean
}

/** A quantity as typed, when it is a whole number a list may hold. */
const listQuantity = (text: string) => (/^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 99_999 ? Number(text) : null)

/** /quick-order: order by code. Type or pick codes, paste a block, or upload a .csv or .xlsx, then add it all in one call. */
export function QuickOrderScreen({ warehouse, saveAsList, scanOnOpen = false }: QuickOrderScreenProps) {
  const queryClient = useQueryClient()
  const [rows, setRows] = useState<GridRow[]>(() => Array.from({ length: FIRST_ROWS }, emptyRow))
  const [pasteText, setPasteText] = useState('')
  const [report, setReport] = useState<string | null>(null)
  const [focusTarget, setFocusTarget] = useState<{ id: string; turn: number } | null>(null)
  const bulkAdd = useBulkAdd()
  const [scanning, setScanning] = useState(scanOnOpen)

  /** A scanned or typed code: its product goes into the grid, found the way a typed code is. */
  const scanned = async (code: string): Promise<Product | null> => {
    const product = await queryClient.fetchQuery(productByCodeQuery(code, warehouse)).catch(() => null)
    if (!product) return null
    queryClient.setQueryData(productByCodeQuery(product.ProductCode, warehouse).queryKey, product)
    setReport(null)
    setRows((current) => withScanned(current, product))
    return product
  }

  // Focus moves once the grid has rendered, so that it can move to a row just added. What the box holds is
  // selected, as Tab selects it: the quantity typed next replaces the default 1 instead of joining it.
  useEffect(() => {
    if (!focusTarget) return
    const box = document.getElementById(focusTarget.id)
    box?.focus()
    if (box instanceof HTMLInputElement) box.select()
  }, [focusTarget])
  const focusLater = (rowId: number, field: 'code' | 'qty') =>
    setFocusTarget((previous) => ({ id: field === 'code' ? codeInputId(rowId) : qtyInputId(rowId), turn: (previous?.turn ?? 0) + 1 }))

  const change = (id: number, patch: Partial<GridRow>) => setRows((current) => withTrailingRow(current.map((r) => (r.id === id ? { ...r, ...patch } : r))))

  const commitCode = (row: GridRow, code: string, product: Product | undefined, moveOn: boolean) => {
    if (product) queryClient.setQueryData(productByCodeQuery(code, warehouse).queryKey, product)
    if (moveOn) {
      change(row.id, { code, settled: code })
      if (code !== '') focusLater(row.id, 'qty')
    } else {
      // Leaving the box settles what it holds by then (a choice from the list may have just replaced the text).
      setRows((current) => current.map((r) => (r.id === row.id && r.settled !== r.code.trim() ? { ...r, settled: r.code.trim() } : r)))
    }
  }

  const nextRow = (index: number) => {
    const next = rows[index + 1]
    if (next) focusLater(next.id, 'code')
    else {
      const added = emptyRow()
      setRows((current) => [...current, added])
      focusLater(added.id, 'code')
    }
  }

  const fill = (at: number, lines: ParsedLine[]) => {
    if (lines.length === 0) {
      notify.error('No product codes were found in that text.')
      return
    }
    setReport(null)
    setRows((current) => placeLines(current, at, lines))
  }

  const pasteIntoRow = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text/plain')
    if (!isBlock(text)) return
    event.preventDefault()
    fill(index, parseLines(text))
  }

  const firstFreeRow = () => {
    const lastFilled = rows.findLastIndex(filled)
    return lastFilled + 1
  }

  const fillFromPasteBox = () => {
    fill(firstFreeRow(), parseLines(pasteText))
    setPasteText('')
  }

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const file = input.files?.[0]
    if (!file) return
    try {
      fill(firstFreeRow(), await readFileLines(file))
    } catch (error) {
      notify.error(error instanceof Error && /\.csv or \.xlsx/.test(error.message) ? error.message : 'That file could not be read as a .csv or .xlsx file.')
    } finally {
      input.value = ''
    }
  }

  const addToCart = () => {
    const toSend = rows.filter(filled)
    if (toSend.length === 0) {
      notify.error('Enter at least one product code.')
      return
    }
    if (toSend.length > MAX_BULK_LINES) {
      notify.error(`At most ${MAX_BULK_LINES} lines can be added in one go.`)
      return
    }
    // A quantity that is not a whole number is said on its row; nothing is added until it is put right.
    const badQuantity = toSend.find((r) => quantityProblem(r) !== undefined)
    if (badQuantity) {
      notify.error('Some quantities are not whole numbers of at least 1: they are marked on their rows.')
      focusLater(badQuantity.id, 'qty')
      return
    }
    bulkAdd.mutate(
      { warehouse, lines: toSend.map((r) => ({ code: r.code.trim(), qty: r.qty.trim() })) },
      {
        onSuccess: (result) => {
          if (isQueued(result)) {
            // The lines are safe on the device: a fresh grid, so that they are not added twice by a second click.
            setRows(Array.from({ length: FIRST_ROWS }, emptyRow))
            setReport(`Waiting to send: ${toSend.length === 1 ? '1 line goes' : `${toSend.length} lines go`} into your cart when you are back online.`)
            return
          }
          const added = new Set(result.added.map((a) => toSend[a.index]!.id))
          const problems = new Map(result.notAdded.map((n) => [toSend[n.index]!.id, n.message]))
          setRows((current) => withTrailingRow(current.filter((r) => !added.has(r.id)).map((r) => ({ ...r, problem: problems.get(r.id) }))))
          setReport(outcome(result))
          if (result.added.length > 0) notify.success(result.added.length === 1 ? 'Product added to cart!' : `${result.added.length} products added to cart!`)
        },
        onError: (error) => notify.error(serverMessage(error, 'An error occured adding this product to the cart')),
      },
    )
  }

  const count = rows.filter(filled).length
  // The rows' products, as their lookups found them: the recognised rows can be saved as a list.
  const lookups = useQueries({ queries: rows.map((row) => productByCodeQuery(row.settled, warehouse)) })
  const listLines = rows.flatMap((row, i) => {
    const product = row.settled !== '' ? lookups[i]?.data : undefined
    const quantity = listQuantity(row.qty)
    return product && quantity !== null ? [{ ProductID: product.ProductID, Quantity: quantity }] : []
  })

  return (
    <section className="page" aria-labelledby="quick-order-heading">
      <title>Quick Order</title>
      <div className={styles.header}>
        <h1 id="quick-order-heading">Quick Order</h1>
        <p className={styles.intro}>
          Type a product code or barcode (or part of a description and pick from the list), then the quantity. Enter moves on to the next field.
        </p>
      </div>

      <div className={styles.sources}>
        <details className={styles.pasteBox}>
          <summary>Paste a list</summary>
          <label htmlFor="quick-order-paste">Codes and quantities, one line each (copied from a spreadsheet or an e-mail)</label>
          <textarea
            id="quick-order-paste"
            rows={6}
            value={pasteText}
            onChange={(event) => setPasteText(event.target.value)}
            placeholder={'IVO-PLUS-500\t4\nFMH-SH-18M, 2'}
          />
          <Button variant="secondary" onClick={fillFromPasteBox} disabled={pasteText.trim() === ''}>
            Fill rows
          </Button>
        </details>
        <div className={styles.scan}>
          <Button variant="secondary" onClick={() => setScanning(true)}>
            Scan
          </Button>
          <span className={styles.hint}>Read barcodes with the camera</span>
        </div>
        <div className={styles.upload}>
          <label htmlFor="quick-order-file" className={styles.uploadLabel}>
            Upload a .csv or .xlsx file
          </label>
          <input
            id="quick-order-file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(event) => void upload(event)}
            aria-describedby="quick-order-file-hint"
          />
          <span id="quick-order-file-hint" className={styles.hint}>
            Code in the first column and quantity in the second, or a header row naming them (such as Code, Product Code or SKU, and Qty or Quantity); rows
            above the header, such as a title, are left out.
          </span>
        </div>
      </div>

      {report && (
        <p className={styles.report} role="status">
          {report} <Link to="/cart">View your cart</Link>
        </p>
      )}

      <div className={styles.tableWrap}>
        <table className={styles.grid} aria-label="Quick order lines">
          <thead>
            <tr>
              <th scope="col">Product Code</th>
              <th scope="col">Qty</th>
              <th scope="col">Description</th>
              <th scope="col" className={styles.amount}>
                Unit Price <small>(ex GST)</small>
              </th>
              <th scope="col" className={styles.amount}>
                Available
              </th>
              <th scope="col" className={styles.amount}>
                Total <small>(ex GST)</small>
              </th>
              <th scope="col">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <QuickOrderRow
                key={row.id}
                row={row}
                index={index}
                warehouse={warehouse}
                onChange={(patch) => change(row.id, patch)}
                onCommitCode={(code, product, moveOn) => commitCode(row, code, product, moveOn)}
                onQtyEnter={() => nextRow(index)}
                onPaste={pasteIntoRow(index)}
                onRemove={() => setRows((current) => withTrailingRow(current.filter((r) => r.id !== row.id)))}
              />
            ))}
          </tbody>
        </table>
      </div>

      <ScannerDialog open={scanning} onOpenChange={setScanning} onCode={scanned} />

      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => setRows(Array.from({ length: FIRST_ROWS }, emptyRow))} disabled={count === 0}>
          Clear
        </Button>
        <div className={styles.mainActions}>
          {saveAsList?.(listLines)}
          <Button onClick={addToCart} disabled={bulkAdd.isPending || count === 0}>
            {bulkAdd.isPending ? 'Adding…' : 'Add to cart'}
          </Button>
        </div>
      </div>
    </section>
  )
}
