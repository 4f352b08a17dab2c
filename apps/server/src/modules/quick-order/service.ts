import type { ProductDetail } from '@portal/contract/catalogue'
import { MAX_LINE_QUANTITY } from '@portal/contract/constants'
import { BULK_REASONS, type BulkAddBody, type BulkAddResult, type BulkReason } from '@portal/contract/quick-order'
import type { Deps, Session } from '../../lib/context'
import { notFound } from '../../lib/errors'
import { cart } from '../ordering'
import * as catalogue from '../catalogue/service'
import * as repo from './repo'

type Product = Awaited<ReturnType<typeof repo.productsByCodes>>[number]

/** A quantity as sent: a whole number from 1 (as a number or as text such as "12"), else why not. */
export function quantityOf(raw: unknown): number | 'invalid_quantity' | 'quantity_limit' {
  const text = typeof raw === 'string' ? raw.trim() : undefined
  const n = typeof raw === 'number' ? raw : text !== undefined && /^\+?\d+(\.0*)?$/.test(text) ? Number(text) : NaN
  if (!Number.isSafeInteger(n) || n < 1) return 'invalid_quantity'
  return n > MAX_LINE_QUANTITY ? 'quantity_limit' : n
}

/** The one still sold, then the oldest: which of several products sharing a barcode a line means. */
const preferred = (a: Product, b: Product) => Number(b.active) - Number(a.active) || a.id - b.id

/**
 * Finds products by code (as typed or in capitals), falling back to the barcode, as a scanner or a pasted list
 * gives either; failing both, by the code or barcode without its dashes and spaces (`alike`, from
 * repo.productsByCompactCodes), when that names one product only ('ambiguous' when it names several).
 */
function matcher(products: Product[], alike: Product[] = []) {
  const byCode = new Map(products.map((p) => [p.product_code, p]))
  const byBarcode = new Map<string, Product>()
  // Several products may share a barcode: the one still sold, then the oldest.
  for (const p of [...products].sort(preferred)) {
    if (p.barcode && !byBarcode.has(p.barcode)) byBarcode.set(p.barcode, p)
  }
  const byCompact = new Map<string, Product[]>()
  for (const p of alike) {
    for (const key of new Set([catalogue.normalizeCode(p.product_code), p.barcode ? catalogue.normalizeCode(p.barcode) : ''])) {
      if (key) byCompact.set(key, [...(byCompact.get(key) ?? []), p])
    }
  }
  const compactMatch = (text: string): Product | 'ambiguous' | undefined => {
    const found = text ? byCompact.get(catalogue.normalizeCode(text)) : undefined
    if (!found) return undefined
    // A product sharing its barcode with others is still the one the barcode means; different codes alike are not.
    const codes = new Set(found.map((p) => p.product_code))
    return codes.size === 1 || found.every((p) => p.barcode === found[0]!.barcode) ? [...found].sort(preferred)[0] : 'ambiguous'
  }
  return (code: string, barcode: string): Product | 'ambiguous' | undefined =>
    (code ? (byCode.get(code) ?? byCode.get(code.toUpperCase()) ?? byBarcode.get(code)) : undefined) ??
    (barcode ? byBarcode.get(barcode) : undefined) ??
    compactMatch(code) ??
    compactMatch(barcode)
}

// A product hidden from the user is unknown to them, as on its product page (404): never "not sold".
const REFUSALS: Record<cart.Refusal, BulkReason> = {
  discontinued: 'not_sold',
  not_available: 'unknown_code',
  no_stock: 'quantity_not_available',
  quantity_limit: 'quantity_limit',
}

/**
 * Adds many lines to the cart in one go (quick order, paste, upload, saved lists). Each line goes in at the
 * quantity asked, added to what the cart holds, or comes back with its reason; nothing is half-added. The
 * cart's own `fill` decides, in one transaction under the cart's lock: branch and branch group, visibility,
 * the CAS stock cap and the 99,999 line cap (docs/decisions/0007, 0021, 0033). An Idempotency-Key makes it
 * apply once, as for POST /api/cart (docs/decisions/0031).
 */
export async function bulkAdd(deps: Deps, session: Session, body: BulkAddBody, idempotencyKey?: string): Promise<BulkAddResult> {
  // With an Idempotency-Key (the web app's offline queue), a repeat answers the first report and adds nothing.
  return cart.once(deps, session, 'bulk', idempotencyKey, (d) => addLines(d, session, body))
}

async function addLines(deps: Deps, session: Session, body: BulkAddBody): Promise<BulkAddResult> {
  const lines = body.lines.map((line, index) => ({ index, code: line.code?.trim() ?? '', barcode: line.barcode?.trim() ?? '', qty: quantityOf(line.qty) }))
  const codes = lines.flatMap((l) => [l.code, l.barcode]).filter((c) => c !== '')
  const products = codes.length > 0 ? await repo.productsByCodes(deps.db, session, codes) : []
  // Codes typed without their dashes or spaces are looked for again, compacted, only when some line found nothing.
  const asWritten = matcher(products)
  const unmatched = lines.filter((l) => (l.code || l.barcode) && !asWritten(l.code, l.barcode))
  const compacts = [...new Set(unmatched.flatMap((l) => [l.code, l.barcode].map(catalogue.normalizeCode)).filter((c) => c !== ''))]
  const find = compacts.length > 0 ? matcher(products, await repo.productsByCompactCodes(deps.db, session, compacts)) : asWritten

  const notAdded: BulkAddResult['notAdded'] = []
  const report = (line: (typeof lines)[number], reason: BulkReason) =>
    notAdded.push({ index: line.index, code: line.code || line.barcode, reason, message: BULK_REASONS[reason] })
  const wanted: Array<{ line: (typeof lines)[number]; product: Product; qty: number }> = []
  for (const line of lines) {
    const product = find(line.code, line.barcode)
    if (!product) report(line, 'unknown_code')
    else if (product === 'ambiguous') report(line, 'ambiguous_code')
    else if (typeof line.qty !== 'number') report(line, line.qty)
    else wanted.push({ line, product, qty: line.qty })
  }

  const filled = await cart.fill(
    deps,
    session,
    body.warehouse,
    wanted.map((w) => ({ productId: w.product.id, qty: w.qty })),
    { whole: true },
  )
  const added: BulkAddResult['added'] = []
  filled.lines.forEach((result, i) => {
    const { line, product, qty } = wanted[i]!
    if (result.refused) report(line, REFUSALS[result.refused])
    else added.push({ index: line.index, ProductID: product.id, ProductCode: product.product_code, Description: product.description, Quantity: qty })
  })
  notAdded.sort((a, b) => a.index - b.index)
  return { warehouse: filled.branch, added, notAdded, summary: filled.summary }
}

/** The product a code or barcode names, as its product page shows it; what this user may not see is not found. */
export async function productByCode(deps: Deps, session: Session, query: { code: string; warehouse?: string | undefined }): Promise<ProductDetail> {
  const id = await repo.visibleProductByCode(deps.db, session, query.code, catalogue.normalizeCode(query.code))
  if (id === undefined) throw notFound('product')
  return catalogue.product(deps, session, id, { warehouse: query.warehouse })
}
