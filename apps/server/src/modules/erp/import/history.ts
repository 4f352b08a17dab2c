import { orderStatusWord } from '@portal/contract/order-status'
import { lineTotals, sumTotals } from '../../../lib/money'

const PORTAL_ORDER_ID = /^[A-Za-z0-9_-]{1,40}$/
import { collect } from './catalogue'
import { MESSAGES, type Message } from './messages'
import { checkKnown, counts, diff, given, notChecked, type Db, type Fields, type PlanContext, type Step } from './plan'
import type { RowReader } from './fields'
import type { Table } from './read'
import * as repo from './repo'

/**
 * SalesOrderStatus as the portal shows it: a documented word, or the word of a documented code. Any other value
 * is taken in as "In progress" and reported as a warning, so that one new code in the ERP stops no import.
 */
function statusOf(r: RowReader, ctx: PlanContext): string {
  const value = r.key('SalesOrderStatus')
  if (!value) return value
  const { word, known } = orderStatusWord(value)
  if (!known)
    ctx.warnings.push({
      file: r.table.file,
      line: r.line,
      field: 'SalesOrderStatus',
      value,
      message: `unknown status code, shown as "${word}"; docs/erp-interchange.md lists the codes and words`,
    })
  return word
}

/** Acknowledges a portal order with the ERP's SalesOrder (the orders feed's service, erp-out). */
export type Acknowledge = (trx: Db, portalOrderId: string, salesOrder: string) => Promise<void>

interface LineRow extends Fields {
  product_code: string
  qty_ordered: number
  qty_supplied?: number
  qty_back_ordered?: number
  due_date?: string | null
  unit_price_cents: number
}

/** Lines grouped by their document, checked against the documents known, and diffed against the portal's lines. */
async function groupLines(rows: ReadonlyMap<string, LineRow>, existing: ReadonlyMap<string, Fields>) {
  const byDocument = new Map<string, Array<[number, LineRow]>>()
  for (const [key, row] of rows) {
    const [doc, line] = key.split('|') as [string, string]
    byDocument.set(doc, [...(byDocument.get(doc) ?? []), [Number(line), row]])
  }
  const { added, changed } = await diff(rows, existing)
  // Lines of a named document that the file no longer has are removed with it: a document's lines come whole.
  const removed = [...existing.keys()].filter((key) => byDocument.has(key.split('|')[0]!) && !rows.has(key))
  const touched = new Set([...added, ...changed].map(([key]) => key.split('|')[0]!).concat(removed.map((key) => key.split('|')[0]!)))
  return { byDocument, added, changed, removed, touched }
}

function lineRecord(productCode: string, description: string, productId: number | null, line: number, row: LineRow) {
  const totals = lineTotals(row.unit_price_cents, row.qty_ordered)
  return {
    line_no: line,
    product_id: productId,
    product_code: productCode,
    description,
    qty_ordered: row.qty_ordered,
    qty_supplied: row.qty_supplied ?? 0,
    qty_back_ordered: row.qty_back_ordered ?? 0,
    unit_price_cents: row.unit_price_cents,
    extended_ex_cents: totals.exCents,
    tax_cents: totals.taxCents,
    extended_inc_cents: totals.incCents,
  }
}

/** orders.csv and order_lines.csv: order history; a row with PortalOrderId acknowledges that portal order. */
export async function planOrders(db: Db, orders: Table | null, lines: Table | null, ctx: PlanContext, acknowledge: Acknowledge): Promise<Step[]> {
  const portalIds = new Map<string, { id: string; line: number }>()
  const orderRows = orders
    ? await collect(orders, ctx, (r) => {
        const account = r.key('AccountCode')
        const branch = r.key('LocationID')
        const site = r.text('SiteCode')
        checkKnown(ctx, r, 'accounts', 'AccountCode', account)
        checkKnown(ctx, r, 'branches', 'LocationID', branch)
        if (
          site &&
          !ctx.known.sites.has(`${account}|${site}`) &&
          !notChecked(ctx, 'sites', r.table.file, 'SiteCode') &&
          !notChecked(ctx, 'accounts', r.table.file, 'SiteCode')
        )
          r.problem('SiteCode', site, MESSAGES.unknownSite(account))
        const salesOrder = r.key('SalesOrder')
        const portal = r.text('PortalOrderId')
        if (portal) {
          if (!PORTAL_ORDER_ID.test(portal)) r.problem('PortalOrderId', portal, MESSAGES.portalOrderId())
          else portalIds.set(salesOrder, { id: portal, line: r.line })
        }
        const text = (field: string) => r.text(field)
        return {
          key: salesOrder,
          row: {
            account,
            enter_date: r.date('EnterDate', { required: true }) ?? '',
            status: statusOf(r, ctx),
            location_id: branch,
            customer_purchase_order: text('CustomerPurchaseOrder'),
            ship_date: r.date('ShipDate'),
            site_code: site === undefined ? undefined : site || null,
            delivery_name: text('DeliveryName'),
            delivery_address1: text('DeliveryAddress1'),
            delivery_address2: text('DeliveryAddress2'),
            delivery_city: text('DeliveryCity'),
            delivery_state: r.state('DeliveryState'),
            delivery_postal_code: text('DeliveryPostalCode'),
            email: text('Email'),
            phone: text('Phone'),
          },
        }
      })
    : null
  const lineRows = lines
    ? await collect(
        lines,
        ctx,
        (r) => {
          const salesOrder = r.key('SalesOrder')
          const line = r.whole('Line', { required: true, min: 1 }) ?? 0
          const product = r.key('ProductCode')
          checkKnown(ctx, r, 'products', 'ProductCode', product)
          const row: LineRow = {
            product_code: product,
            qty_ordered: r.whole('QuantityOrdered', { required: true }) ?? 0,
            unit_price_cents: r.money('Price', { required: true }) ?? 0,
            ...given({
              qty_supplied: r.whole('QuantitySupplied', { empty: 0 }) ?? undefined,
              qty_back_ordered: r.whole('QuantityBackOrdered', { empty: 0 }) ?? undefined,
              due_date: r.date('DueDate'),
            }),
          }
          return { key: `${salesOrder}|${line}`, row }
        },
        'Line',
      )
    : null
  const named = [...new Set([...(orderRows?.named.keys() ?? []), ...[...(lineRows?.rows.keys() ?? [])].map((k) => k.split('|')[0]!)])]
  const existing = await repo.orders(db, named)
  const portal = await repo.portalOrders(
    db,
    [...portalIds.values()].map((p) => p.id),
  )
  // The acknowledgement's own rules (acknowledgeOrder), checked before anything is written.
  for (const [salesOrder, { id, line }] of portalIds) {
    const now = portal.get(id)
    const problem = (field: string, value: string, message: Message) => ctx.problems.push({ file: orders!.file, line, field, value, message })
    if (now === undefined) problem('PortalOrderId', id, MESSAGES.unknownPortalOrder())
    else if (now.acknowledged && now.salesOrder !== salesOrder) problem('SalesOrder', salesOrder, MESSAGES.acknowledgedAs(id, now.salesOrder))
    else if (now.salesOrder !== salesOrder && existing.orders.has(salesOrder)) problem('SalesOrder', salesOrder, MESSAGES.salesOrderTaken())
  }
  let lineProblems = 0
  if (lineRows && lines) {
    for (const [key] of lineRows.rows) {
      const salesOrder = key.split('|')[0]!
      if (!orderRows?.named.has(salesOrder) && !existing.orders.has(salesOrder) && !notChecked(ctx, 'orders', lines.file, 'SalesOrder')) {
        lineProblems++
        ctx.problems.push({ file: lines.file, line: lineRows.named.get(key)!, field: 'SalesOrder', value: salesOrder, message: MESSAGES.unknownSalesOrder() })
      }
    }
  }
  // A portal order being acknowledged is the same order under its new number: a change, not an addition.
  const before = new Map(existing.orders)
  for (const [salesOrder, { id }] of portalIds) if (portal.has(id) && !before.has(salesOrder)) before.set(salesOrder, { acknowledging: true })
  const orderDiff = orderRows ? await diff(orderRows.rows, before) : { added: [], changed: [] }
  const grouped = await groupLines(lineRows?.rows ?? new Map(), existing.lines)

  const steps: Step[] = []
  if (orders && orderRows) {
    steps.push({
      file: orders.file,
      counts: counts(orderDiff.added.length, orderDiff.changed.length, 0, orderRows.failed),
      async write(trx) {
        const accounts = await repo.accountIds(trx)
        for (const [salesOrder, { id }] of portalIds) if (!portal.get(id)!.acknowledged) await acknowledge(trx, id, salesOrder)
        const record = ([sales_order, { account, ...row }]: (typeof orderDiff.added)[number]) =>
          ({ sales_order, account_id: accounts.get(account)!.id, ...given(row) }) as never
        // New orders in batches; changed ones one statement each.
        await repo.insertRows(trx, 'orders', orderDiff.added.map(record))
        for (const order of orderDiff.changed) await repo.upsertOrder(trx, record(order))
      },
    })
  }
  if (lines && lineRows) {
    steps.push({
      file: lines.file,
      counts: counts(grouped.added.length, grouped.changed.length, grouped.removed.length, lineRows.failed + lineProblems),
      async write(trx) {
        const products = await repo.productDescriptions(trx, [...new Set([...lineRows.rows.values()].map((l) => l.product_code))])
        const ids = await repo.orderIds(trx, [...grouped.touched])
        const records = [...grouped.touched].flatMap((salesOrder) =>
          (grouped.byDocument.get(salesOrder) ?? []).map(([line, row]) => {
            const product = products.get(row.product_code)
            return {
              order_id: ids.get(salesOrder)!,
              due_date: row.due_date ?? null,
              ...lineRecord(row.product_code, product?.description ?? row.product_code, product?.id ?? null, line, row),
            }
          }),
        )
        await repo.replaceOrderLines(trx, [...ids.values()], records)
      },
    })
  }
  return steps
}

/** invoices.csv and invoice_lines.csv: an invoice's Amount (inc GST) must equal its lines' totals, GST computed here. */
export async function planInvoices(db: Db, invoices: Table | null, lines: Table | null, ctx: PlanContext): Promise<Step[]> {
  const invoiceRows = invoices
    ? await collect(invoices, ctx, (r) => {
        const account = r.key('AccountCode')
        checkKnown(ctx, r, 'accounts', 'AccountCode', account)
        const location = r.text('SalesLocation')
        checkKnown(ctx, r, 'branches', 'SalesLocation', location)
        const invoiceDate = r.date('InvoiceDate', { required: true }) ?? ''
        const text = (field: string) => r.text(field)
        const amount = r.money('Amount', { required: true, negative: true }) ?? 0
        // What is still owed on it (inc GST); left out, an invoice keeps what it had (a new one: nothing to pay online).
        const outstanding = r.money('Outstanding') ?? undefined
        // Never more than the invoice is for: the portal would take card payments of money nobody owes. A credit note owes nothing.
        if (outstanding !== undefined && outstanding > Math.max(amount, 0))
          r.problem('Outstanding', r.text('Outstanding')!, MESSAGES.outstandingOverAmount(Math.max(amount, 0)))
        return {
          key: r.key('Invoice'),
          row: {
            account,
            invoice_date: invoiceDate,
            transaction_type: r.key('TransactionType'),
            extended_inc_cents: amount,
            due_date: r.date('DueDate') ?? (r.text('DueDate') === undefined ? undefined : invoiceDate),
            sales_order: text('SalesOrder'),
            reference: text('Reference'),
            brn: text('BRN'),
            sales_location: location || undefined,
            carrier: text('Carrier'),
            consignment_note: text('ConsignmentNote'),
            outstanding_cents: outstanding,
            // Once the ERP has said what is owed, a 0 means paid (the history says so), not "not told".
            outstanding_known: outstanding === undefined ? undefined : true,
          },
        }
      })
    : null
  const lineRows = lines
    ? await collect(
        lines,
        ctx,
        (r) => {
          const invoice = r.key('Invoice')
          const line = r.whole('Line', { required: true, min: 1 }) ?? 0
          const product = r.key('ProductCode')
          checkKnown(ctx, r, 'products', 'ProductCode', product)
          const row: LineRow = {
            product_code: product,
            qty_ordered: r.whole('Quantity', { required: true, min: -1_000_000_000 }) ?? 0,
            unit_price_cents: r.money('Price', { required: true }) ?? 0,
          }
          return { key: `${invoice}|${line}`, row }
        },
        'Line',
      )
    : null
  const named = [...new Set([...(invoiceRows?.named.keys() ?? []), ...[...(lineRows?.rows.keys() ?? [])].map((k) => k.split('|')[0]!)])]
  const existing = await repo.invoices(db, named)
  const grouped = await groupLines(lineRows?.rows ?? new Map(), existing.lines)
  let extraProblems = 0
  if (lineRows && lines)
    for (const [key] of lineRows.rows) {
      const invoice = key.split('|')[0]!
      if (!invoiceRows?.named.has(invoice) && !existing.invoices.has(invoice) && !notChecked(ctx, 'invoices', lines.file, 'Invoice')) {
        extraProblems++
        ctx.problems.push({ file: lines.file, line: lineRows.named.get(key)!, field: 'Invoice', value: invoice, message: MESSAGES.unknownInvoice() })
      }
    }
  // The server computes GST per line; an Amount that does not add up is the ERP's or the export's mistake.
  if (invoiceRows && invoices)
    for (const [invoice, row] of invoiceRows.rows) {
      const documentLines = grouped.byDocument.get(invoice)
      if (!documentLines) continue
      const total = sumTotals(documentLines.map(([, l]) => lineTotals(l.unit_price_cents, l.qty_ordered))).incCents
      if (total !== row.extended_inc_cents) {
        extraProblems++
        ctx.problems.push({
          file: invoices.file,
          line: invoiceRows.named.get(invoice)!,
          field: 'Amount',
          value: (row.extended_inc_cents / 100).toFixed(2),
          message: MESSAGES.amountMismatch(total),
        })
      }
    }
  const invoiceDiff = invoiceRows ? await diff(invoiceRows.rows, existing.invoices) : { added: [], changed: [] }
  const steps: Step[] = []
  if (invoices && invoiceRows) {
    steps.push({
      file: invoices.file,
      counts: counts(invoiceDiff.added.length, invoiceDiff.changed.length, 0, invoiceRows.failed),
      async write(trx) {
        const accounts = await repo.accountIds(trx)
        const changes = [...invoiceDiff.added, ...invoiceDiff.changed]
        const orders = await repo.orderIds(trx, [...new Set(changes.flatMap(([, row]) => (row.sales_order ? [row.sales_order] : [])))])
        const record = ([invoice, { account, extended_inc_cents, ...row }]: (typeof changes)[number]) => {
          const lines = grouped.byDocument.get(invoice)
          const totals = lines ? sumTotals(lines.map(([, l]) => lineTotals(l.unit_price_cents, l.qty_ordered))) : splitInc(extended_inc_cents)
          const owner = accounts.get(account)!
          return {
            invoice,
            account_id: owner.id,
            order_id: (row.sales_order && orders.get(row.sales_order)) || null,
            transaction_date: row.invoice_date,
            ...given(row),
            due_date: row.due_date ?? row.invoice_date,
            sales_location: row.sales_location ?? owner.defaultBranch,
            extended_ex_cents: totals.exCents,
            tax_cents: totals.taxCents,
            extended_inc_cents: totals.incCents,
          } as never
        }
        // New invoices in batches; changed ones one statement each.
        await repo.insertRows(
          trx,
          'invoices',
          invoiceDiff.added.map((added) => ({ outstanding_cents: 0, ...(record(added) as object) }) as never),
        )
        for (const invoice of invoiceDiff.changed) await repo.upsertInvoice(trx, record(invoice))
      },
    })
  }
  if (lines && lineRows) {
    steps.push({
      file: lines.file,
      counts: counts(grouped.added.length, grouped.changed.length, grouped.removed.length, lineRows.failed + extraProblems),
      async write(trx) {
        const products = await repo.productDescriptions(trx, [...new Set([...lineRows.rows.values()].map((l) => l.product_code))])
        const ids = await repo.invoiceIds(trx, [...grouped.touched])
        const records = [...grouped.touched].flatMap((invoice) =>
          (grouped.byDocument.get(invoice) ?? []).map(([line, row]) => {
            const product = products.get(row.product_code)
            return {
              invoice_id: ids.get(invoice)!,
              ...lineRecord(row.product_code, product?.description ?? row.product_code, product?.id ?? null, line, { ...row, qty_supplied: row.qty_ordered }),
            }
          }),
        )
        await repo.replaceInvoiceLines(trx, [...ids.values()], records)
      },
    })
  }
  return steps
}

/** An invoice without lines (a payment, an adjustment): its Amount includes GST at 10%. */
function splitInc(incCents: number) {
  const exCents = Math.round((incCents * 10) / 11)
  return { exCents, taxCents: incCents - exCents, incCents }
}

export async function planFinancialPeriods(db: Db, table: Table, ctx: PlanContext): Promise<Step> {
  const existing = await repo.financialPeriods(db)
  const { rows, failed } = await collect(
    table,
    ctx,
    (r) => {
      const year = r.whole('financialYear', { required: true, min: 1900 })
      const period = r.whole('financialPeriod', { required: true, min: 1 })
      const start = r.date('StartDate', { required: true }) ?? ''
      const end = r.date('EndDate', { required: true }) ?? ''
      if (start && end && end < start) r.problem('EndDate', end, MESSAGES.endBeforeStart())
      return { key: `${year}|${period}`, row: { description: r.key('DESCRIPTION'), start_date: start, end_date: end } }
    },
    'financialPeriod',
  )
  const { added, changed } = await diff(rows, existing)
  return {
    file: table.file,
    counts: counts(added.length, changed.length, 0, failed),
    async write(trx) {
      await repo.upsertFinancialPeriods(
        trx,
        [...added, ...changed].map(([key, row]) => {
          const [year, period] = key.split('|').map(Number) as [number, number]
          return { financial_year: year, financial_period: period, ...row }
        }),
      )
    },
  }
}
