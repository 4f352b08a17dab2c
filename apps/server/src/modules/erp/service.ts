import {
  ERP_STOCK_MAX_ROWS,
  type ErpAck,
  type ErpOrder,
  type ErpOrderLine,
  type ErpPayment,
  type ErpPaymentAck,
  type ErpStockResult,
} from '@portal/contract/erp'
import type { ChargedPart } from '@portal/contract/price-breaks'
import type { Kysely } from 'kysely'
import type { Config } from '../../config'
import { inTransaction } from '../../db/database'
import type { DB } from '../../db/schema'
import type { Deps } from '../../lib/context'
import { badRequest, conflict, notFound } from '../../lib/errors'
import { dollars, gstCents } from '../../lib/money'
import * as orders from './orders-repo'
import * as payments from './payments-repo'
import { ErpProblemsError, problem, type ErpProblem } from './problems'
import { recordRun } from './runs'
import * as stock from './stock-repo'

type Db = Kysely<DB>

// ---- Stock: the minute-by-minute delta ------------------------------------------------------------------------

const MAX_QTY = 2_147_483_647

/** A whole number ≥ 0 sent as a JSON number. */
function wholeNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_QTY ? value : null
}

/**
 * Quantities are JSON numbers, as docs/erp-interchange.md says: a number sent as a string ("12") is the sender's
 * mistake of type, refused with a 400 naming the row's field rather than read one way here and another elsewhere.
 */
function refuseQuotedQuantities(rows: unknown[]) {
  const at = rows.findIndex((row) => typeof (row as Record<string, unknown> | null)?.QtyAvailable === 'string')
  if (at < 0) return
  const sent = String((rows[at] as Record<string, unknown>).QtyAvailable).slice(0, 40)
  throw badRequest(
    'not_a_number',
    `QtyAvailable must be a JSON number such as 12, not the text ${JSON.stringify(sent)} (row ${at + 1}).`,
    `body.${at}.QtyAvailable`,
  )
}

const code = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null)

/**
 * POST /api/erp/stock: every row checked (unknown product or branch, a quantity that is not a whole number ≥ 0,
 * the same product and branch twice); any problem and nothing is written (ErpProblemsError: 422 with them all).
 * Else one transaction writes the counts and records the run, and this instance's catalogue pages are right
 * before the answer (other instances hear it from the change feed as it commits: decision 0015).
 */
export async function applyStockDelta(deps: Deps, rows: unknown[], who: string): Promise<ErpStockResult> {
  if (rows.length > ERP_STOCK_MAX_ROWS) {
    throw badRequest('too_many_rows', `At most ${ERP_STOCK_MAX_ROWS} stock rows a call (got ${rows.length}); send the rest in further calls.`, 'body')
  }
  refuseQuotedQuantities(rows)
  const startedAt = new Date()
  const { db } = deps
  const [products, branches] = await Promise.all([
    stock.productIdsByCode(db, [...new Set(rows.map((r) => code((r as Record<string, unknown> | null)?.ProductCode)).filter((c) => c !== null))]),
    stock.branchCodes(db),
  ])
  const problems: ErpProblem[] = []
  const valid: stock.StockRow[] = []
  const seen = new Map<string, number>()
  rows.forEach((row, i) => {
    const line = i + 1
    const at = (field: string, value: unknown, message: string) => problems.push(problem('stock', line, field, value, message))
    if (typeof row !== 'object' || row === null || Array.isArray(row)) return at('', row, 'Expected an object {ProductCode, LocationID, QtyAvailable}')
    const r = row as Record<string, unknown>
    const productCode = code(r.ProductCode)
    const locationId = code(r.LocationID)
    const qty = wholeNumber(r.QtyAvailable)
    const productId = productCode === null ? undefined : products.get(productCode)
    if (productCode === null) at('ProductCode', r.ProductCode, 'Missing: the product code is required')
    else if (productId === undefined) at('ProductCode', r.ProductCode, `Unknown product ${productCode}`)
    if (locationId === null) at('LocationID', r.LocationID, 'Missing: the branch (LocationID) is required')
    else if (!branches.has(locationId)) at('LocationID', r.LocationID, `Unknown branch ${locationId}`)
    if (qty === null) at('QtyAvailable', r.QtyAvailable, 'Must be a whole number, 0 or more')
    if (productCode !== null && locationId !== null) {
      const key = `${productCode}\u0000${locationId}`
      const first = seen.get(key)
      if (first !== undefined) at('ProductCode', r.ProductCode, `Duplicate: ${productCode} at ${locationId} is already on line ${first}`)
      else seen.set(key, line)
    }
    if (productId !== undefined && locationId !== null && branches.has(locationId) && qty !== null) valid.push({ productId, locationId, qty })
  })
  if (problems.length) throw new ErpProblemsError(problems)

  const result = await db.transaction().execute(async (trx) => {
    const changed = await stock.upsertStock(trx, valid)
    const run = await recordRun(trx, { who, kind: 'stock', mode: 'delta', startedAt }, 'succeeded', { changed })
    return { run, rows: valid.length, changed, unchanged: valid.length - changed }
  })
  if (result.changed > 0) {
    // Pages show the counts the database has: once the notification is heard the stock book reads these products
    // again, and a page holding one of them waits for that (decision 0097), here as on every other instance.
    await deps.inMemory.heard()
  }
  return result
}

// ---- Orders: the feed, the lease and the acknowledgement ------------------------------------------------------

/** The orders as the feed and the export show them, oldest first. */
async function ordersOut(db: Db, ids: number[]): Promise<ErpOrder[]> {
  const [rows, lines] = await Promise.all([orders.feedOrders(db, ids), orders.feedLines(db, ids)])
  const linesOf = new Map<number, typeof lines>()
  for (const l of lines) {
    const list = linesOf.get(l.order_id)
    if (list) list.push(l)
    else linesOf.set(l.order_id, [l])
  }
  return rows.map((o) => ({
    PortalOrderId: o.portal_order_id!,
    AccountCode: o.account_code,
    LocationID: o.location_id,
    EnterDate: o.enter_date,
    PlacedAt: o.created_at.toISOString(),
    SalesOrderStatus: o.status,
    CustomerPurchaseOrder: o.customer_purchase_order,
    Description: o.description,
    ShipDate: o.ship_date,
    SiteCode: o.site_code,
    DeliveryName: o.delivery_name,
    DeliveryAddress1: o.delivery_address1,
    DeliveryAddress2: o.delivery_address2,
    DeliveryCity: o.delivery_city,
    DeliveryState: o.delivery_state,
    DeliveryPostalCode: o.delivery_postal_code,
    Contact: o.contact,
    Email: o.email,
    Phone: o.phone,
    Fax: o.fax,
    CarrierName: o.carrier_name,
    CarrierInstructions: o.carrier_instructions,
    DeliveryType: o.delivery_type,
    PaymentReference: o.payment_reference,
    AvailableCredit: o.available_credit_cents === null ? null : dollars(Number(o.available_credit_cents)),
    EnteredBy: o.entered_by_email ?? '',
    // The quote the order was placed from (decision 0102): its reference, Q and six digits.
    QuoteRef: o.quote_id === null ? null : `Q${String(o.quote_id).padStart(6, '0')}`,
    ExtendedEx: dollars(Number(o.extended_ex_cents)),
    TaxTotal: dollars(Number(o.tax_cents)),
    ExtendedInc: dollars(Number(o.extended_inc_cents)),
    lines: feedLinesOf(linesOf.get(o.id) ?? []),
  }))
}

type StoredLine = Awaited<ReturnType<typeof orders.feedLines>>[number]

/**
 * An order's lines as the feed shows them: one feed line per order line and price break it was charged at
 * (decision 0067), numbered 1, 2, … in the order, each with its one price per unit. A line of plain units is one
 * feed line, as it always was. A line charged as 2 cartons of 4 and 1 unit is two: 8 at the carton price and 1
 * at the unit price, both with the order line's number as PortalLine. Its back-ordered units are the last
 * break's first (units, then cartons, then pallets), its supplied units the first break's first; its GST is
 * each part's, rounded, with the last part taking what makes them add up to the line's.
 */
function feedLinesOf(lines: StoredLine[]): ErpOrderLine[] {
  const out: ErpOrderLine[] = []
  for (const l of lines) {
    const parts: ChargedPart[] = Array.isArray(l.price_breaks)
      ? (l.price_breaks as ChargedPart[])
      : [{ break: 'unit', quantity: l.qty_ordered, packQty: null, packs: null, priceCents: Number(l.unit_price_cents) }]
    let backOrdered = l.qty_back_ordered
    const backOf = parts.map(() => 0)
    for (let i = parts.length - 1; i >= 0; i--) {
      backOf[i] = Math.min(backOrdered, parts[i]!.quantity)
      backOrdered -= backOf[i]!
    }
    let supplied = l.qty_supplied
    let taxLeft = Number(l.tax_cents)
    parts.forEach((p, i) => {
      const last = i === parts.length - 1
      const exCents = parts.length === 1 ? Number(l.extended_ex_cents) : p.quantity * p.priceCents
      const taxCents = last ? taxLeft : gstCents(exCents)
      taxLeft -= taxCents
      const suppliedHere = last ? supplied : Math.min(supplied, p.quantity)
      supplied -= suppliedHere
      out.push({
        Line: out.length + 1,
        ProductCode: l.product_code,
        Description: l.description,
        QuantityOrdered: p.quantity,
        QuantitySupplied: suppliedHere,
        QuantityBackOrdered: backOf[i]! + (i === 0 ? backOrdered : 0),
        Price: dollars(p.priceCents),
        ExtendedTotalEx: dollars(exCents),
        TaxTotal: dollars(taxCents),
        ExtendedTotalInc: dollars(exCents + taxCents),
        DueDate: l.due_date,
        PriceBreak: p.break,
        PackQty: p.packQty,
        Packs: p.packs,
        PortalLine: l.line_no,
      })
    })
  }
  return out
}

/**
 * GET /api/erp/orders?status=new: up to `limit` orders no collector holds, oldest first, each leased to this
 * caller for ERP_ORDER_LEASE_SECONDS: not acknowledged by then, it is offered again (decision 0037).
 */
export async function collectNewOrders({ db, config }: Deps, limit: number): Promise<ErpOrder[]> {
  const ids = await orders.collectOrders(db, limit, config.erp.orderLeaseMs / 1000)
  return ordersOut(db, ids)
}

/** One export writes at most this many orders; the next run takes the rest. */
const EXPORT_LIMIT = 100_000

/**
 * The orders npm run erp:export writes, marked as exported (never offered again) in the caller's transaction:
 * `write` runs inside it, so the marks commit only if the files were written.
 */
export async function exportNewOrders<T>(db: Db, config: Config, write: (orders: ErpOrder[], trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    // Orders a collector of the feed holds right now are left to it.
    const ids = await orders.collectOrders(trx, EXPORT_LIMIT, config.erp.orderLeaseMs / 1000, 'exported')
    return write(await ordersOut(trx, ids), trx)
  })
}

/**
 * The ERP's sales order number for a portal order (POST /api/erp/orders/{PortalOrderId}/ack, and orders.csv rows
 * with a PortalOrderId). It becomes the order's SalesOrder, the number the customer sees. The same number again
 * changes nothing; another number for an acknowledged order, or a number another order has, is a conflict.
 * Give it a transaction to make it part of a larger run.
 */
export async function acknowledgeOrder(db: Db, portalOrderId: string, salesOrder: string): Promise<ErpAck> {
  const work = async (trx: Db): Promise<ErpAck> => {
    const order = await orders.lockPortalOrder(trx, portalOrderId)
    if (!order) throw notFound(`portal order ${portalOrderId}`)
    if (order.erp_acknowledged_at) {
      if (order.sales_order === salesOrder) return { PortalOrderId: portalOrderId, SalesOrder: salesOrder, acknowledged: 'already' }
      throw conflict(
        'already_acknowledged',
        `Portal order ${portalOrderId} was already acknowledged as sales order ${order.sales_order}; it cannot become ${salesOrder}.`,
      )
    }
    const holder = await orders.orderBySalesOrder(trx, salesOrder)
    if (holder && holder.id !== order.id) {
      throw conflict(
        'sales_order_taken',
        `Sales order ${salesOrder} is already another order's number${holder.portal_order_id ? ` (portal order ${holder.portal_order_id})` : ''}.`,
      )
    }
    await orders.markAcknowledged(trx, order.id, salesOrder).catch((error: unknown) => {
      // Another order took the number at this very moment.
      if ((error as { code?: string }).code === '23505') throw conflict('sales_order_taken', `Sales order ${salesOrder} is already another order's number.`)
      throw error
    })
    return { PortalOrderId: portalOrderId, SalesOrder: salesOrder, acknowledged: 'now' }
  }
  return inTransaction(db, work)
}

/** Portal orders the ERP has not acknowledged: how many, how many are older than ERP_ORDER_ALERT_MINUTES, the oldest's age. */
export function orderBacklog(db: Db, config: Config) {
  return orders.unacknowledgedBacklog(db, config.erp.orderAlertMs / 1000)
}

// ---- Card payments of invoices: the feed, the lease and the acknowledgement (decision 0090) ---------------------

async function paymentsOut(db: Db, ids: string[]): Promise<ErpPayment[]> {
  const [rows, allocations] = await Promise.all([payments.feedPayments(db, ids), payments.feedAllocations(db, ids)])
  return rows.map((p) => ({
    PortalPaymentId: p.reference,
    AccountCode: p.account_code,
    PaymentDate: p.payment_date,
    Amount: dollars(p.amount_cents),
    Provider: p.provider,
    TransactionId: p.transaction_id ?? '',
    PaidBy: p.payer_name,
    PaidByEmail: p.payer_email,
    allocations: allocations.filter((a) => a.payment_id === p.id).map((a) => ({ Invoice: a.invoice, Amount: dollars(a.amount_cents) })),
  }))
}

/**
 * GET /api/erp/payments?status=new: up to `limit` completed payments of invoices no collector holds, oldest first,
 * each leased to this caller for ERP_ORDER_LEASE_SECONDS, as the orders feed (decision 0037).
 */
export async function collectNewPayments({ db, config }: Deps, limit: number): Promise<ErpPayment[]> {
  const ids = await payments.collectPayments(db, limit, config.erp.orderLeaseMs / 1000)
  return paymentsOut(db, ids)
}

/** The payments npm run erp:export writes (payments.csv), marked exported in the caller's transaction. */
export async function exportNewPayments(trx: Db, config: Config): Promise<ErpPayment[]> {
  const ids = await payments.collectPayments(trx, EXPORT_LIMIT, config.erp.orderLeaseMs / 1000, 'exported')
  return paymentsOut(trx, ids)
}

/**
 * The ERP's receipt number for a payment (POST /api/erp/payments/{PortalPaymentId}/ack): the payment leaves the
 * feed and the balance's "payments not yet processed". The same receipt again changes nothing; another is a conflict.
 */
export async function acknowledgePayment(db: Db, reference: string, receipt: string): Promise<ErpPaymentAck> {
  return inTransaction(db, async (trx) => {
    const payment = await payments.lockPayment(trx, reference)
    if (!payment) throw notFound(`portal payment ${reference}`)
    if (payment.erp_acknowledged_at) {
      if (payment.erp_receipt === receipt) return { PortalPaymentId: reference, Receipt: receipt, acknowledged: 'already' }
      throw conflict(
        'already_acknowledged',
        `Portal payment ${reference} was already acknowledged as receipt ${payment.erp_receipt}; it cannot become ${receipt}.`,
      )
    }
    await payments.markAcknowledged(trx, payment.id, receipt)
    return { PortalPaymentId: reference, Receipt: receipt, acknowledged: 'now' }
  })
}
