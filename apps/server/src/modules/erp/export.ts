import type { ErpApplication } from '@portal/contract/applications'
import type { ErpOrder, ErpPayment } from '@portal/contract/erp'
import { closeSync, existsSync, fchmodSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import type { Config } from '../../config'
import type { Database } from '../../db/database'
import { neutraliseCell } from '../../lib/csv-cells'
import { exportNewApplications } from './applications'
import { recordRun } from './runs'
import { exportNewOrders, exportNewPayments } from './service'

/** orders.csv: the fields docs/erp-interchange.md lists, then what a new order also carries (the ERP's importer may ignore them). */
const ORDER_COLUMNS = [
  'AccountCode',
  'SalesOrder',
  'EnterDate',
  'SalesOrderStatus',
  'LocationID',
  'CustomerPurchaseOrder',
  'ShipDate',
  'SiteCode',
  'DeliveryName',
  'DeliveryAddress1',
  'DeliveryAddress2',
  'DeliveryCity',
  'DeliveryState',
  'DeliveryPostalCode',
  'Email',
  'Phone',
  'PortalOrderId',
  'PaymentReference',
  'Contact',
  'Description',
  'CarrierName',
  'CarrierInstructions',
  'DeliveryType',
  'AvailableCredit',
  'EnteredBy',
  'QuoteRef',
] as const

/** order_lines.csv: a row per feed line (an order line and the price break it was charged at), new columns last. */
const LINE_COLUMNS = [
  'SalesOrder',
  'Line',
  'ProductCode',
  'QuantityOrdered',
  'QuantitySupplied',
  'QuantityBackOrdered',
  'DueDate',
  'Price',
  'PriceBreak',
  'PackQty',
  'PortalLine',
] as const

/** payments.csv: a row per invoice a card payment of invoices was applied to (decision 0090), the payment's fields repeated. */
const PAYMENT_COLUMNS = [
  'PortalPaymentId',
  'AccountCode',
  'PaymentDate',
  'Amount',
  'Invoice',
  'InvoiceAmount',
  'Provider',
  'TransactionId',
  'PaidBy',
  'PaidByEmail',
] as const

/** applications.csv: a row per approved trade account application (decision 0103), the fields of GET /api/erp/applications. */
const APPLICATION_COLUMNS = [
  'PortalApplicationId',
  'ABN',
  'BusinessName',
  'TradingName',
  'ContactName',
  'Email',
  'Phone',
  'LocationID',
  'BusinessKind',
  'MonthlySpend',
  'ApprovedDate',
  'ApprovedBy',
  'Note',
] as const

/**
 * RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled; lines end in CRLF. A text
 * that a spreadsheet would run as a formula is neutralised first (lib/csv-cells.ts).
 */
function csvField(value: string | number | null): string {
  const text = value === null ? '' : typeof value === 'number' ? String(value) : neutraliseCell(value)
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

const csvLine = (values: Array<string | number | null>) => `${values.map(csvField).join(',')}\r\n`
const money = (dollars: number) => dollars.toFixed(2)

function orderRow(o: ErpOrder): Array<string | number | null> {
  // Until the ERP gives it its own number, the order's SalesOrder is the portal's.
  const row: Record<(typeof ORDER_COLUMNS)[number], string | number | null> = {
    ...o,
    SalesOrder: o.PortalOrderId,
    AvailableCredit: o.AvailableCredit === null ? null : money(o.AvailableCredit),
  }
  return ORDER_COLUMNS.map((c) => row[c])
}

function lineRows(o: ErpOrder): Array<Array<string | number | null>> {
  return o.lines.map((l) => {
    const row: Record<(typeof LINE_COLUMNS)[number], string | number | null> = { ...l, SalesOrder: o.PortalOrderId, Price: money(l.Price) }
    return LINE_COLUMNS.map((c) => row[c])
  })
}

function paymentRows(p: ErpPayment): Array<Array<string | number | null>> {
  return p.allocations.map((a) => {
    const row: Record<(typeof PAYMENT_COLUMNS)[number], string | number | null> = {
      ...p,
      Amount: money(p.Amount),
      Invoice: a.Invoice,
      InvoiceAmount: money(a.Amount),
    }
    return PAYMENT_COLUMNS.map((c) => row[c])
  })
}

function applicationRow(a: ErpApplication): Array<string | number | null> {
  const row: Record<(typeof APPLICATION_COLUMNS)[number], string | number | null> = { ...a, MonthlySpend: money(a.MonthlySpend) }
  return APPLICATION_COLUMNS.map((c) => row[c])
}

/**
 * Writes the file completely and to disk under a temporary name, then gives it its name. `mode` is set
 * explicitly (fchmod): the process's umask would otherwise take bits away from what ERP_EXPORT_GROUP_READABLE asks.
 */
function writeFileSafely(path: string, text: string, mode: number) {
  const temporary = `${path}.partial`
  const fd = openSync(temporary, 'w', mode)
  try {
    fchmodSync(fd, mode)
    writeSync(fd, text)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(temporary, path)
}

export class ExportError extends Error {}

export interface ExportResult {
  orders: number
  lines: number
  /** Card payments of invoices written to payments.csv. */
  payments: number
  /** Approved trade account applications written to applications.csv. */
  applications: number
  files: string[]
  run: number | null
  /** The files' permission bits (0o600 or 0o640). */
  mode: number
}

export const EXPORT_FILES = ['orders.csv', 'order_lines.csv', 'payments.csv', 'applications.csv'] as const

/**
 * npm run erp:export: the new orders (those GET /api/erp/orders would offer) as orders.csv and order_lines.csv, and
 * the new card payments of invoices (GET /api/erp/payments) as payments.csv, and the approved trade account
 * applications (GET /api/erp/applications) as applications.csv, in `folder`, marked exported in the transaction that chose them, with a run recorded (decision 0037). The
 * files are on disk before the marks commit; should the commit fail they are removed. A folder still holding
 * the last export's files is refused: the ERP has not taken them yet, and overwriting them would lose orders.
 */
export async function exportOrders(db: Database, config: Config, folder: string, who = 'cli'): Promise<ExportResult> {
  mkdirSync(folder, { recursive: true })
  const paths = EXPORT_FILES.map((name) => join(folder, name))
  const waiting = paths.filter((path) => existsSync(path))
  if (waiting.length > 0) {
    throw new ExportError(
      `${waiting.join(' and ')} from the last export ${waiting.length === 1 ? 'is' : 'are'} still there: the ERP has not taken ${waiting.length === 1 ? 'it' : 'them'} yet. ` +
        'Move them away (or let the ERP take them) and run the export again; nothing was exported.',
    )
  }
  const startedAt = new Date()
  let written: string[] = []
  try {
    return await exportNewOrders(db, config, async (orders, trx) => {
      const mode = config.erp.exportFileMode
      const payments = await exportNewPayments(trx, config)
      const applications = await exportNewApplications(trx, config)
      if (orders.length === 0 && payments.length === 0 && applications.length === 0)
        return { orders: 0, lines: 0, payments: 0, applications: 0, files: [], run: null, mode }
      const lines = orders.flatMap(lineRows)
      // Each file is written when it has something: orders with their lines, payments on their own.
      if (orders.length > 0) {
        writeFileSafely(paths[0]!, csvLine([...ORDER_COLUMNS]) + orders.map((o) => csvLine(orderRow(o))).join(''), mode)
        written = [paths[0]!]
        writeFileSafely(paths[1]!, csvLine([...LINE_COLUMNS]) + lines.map(csvLine).join(''), mode)
        written = [paths[0]!, paths[1]!]
      }
      if (payments.length > 0) {
        writeFileSafely(paths[2]!, csvLine([...PAYMENT_COLUMNS]) + payments.flatMap(paymentRows).map(csvLine).join(''), mode)
        written = [...written, paths[2]!]
      }
      if (applications.length > 0) {
        writeFileSafely(paths[3]!, csvLine([...APPLICATION_COLUMNS]) + applications.map((a) => csvLine(applicationRow(a))).join(''), mode)
        written = [...written, paths[3]!]
      }
      const added = orders.length + payments.length + applications.length
      const run = await recordRun(trx, { who, kind: 'export', mode: 'delta', startedAt }, 'succeeded', { added })
      return { orders: orders.length, lines: lines.length, payments: payments.length, applications: applications.length, files: written, run, mode }
    })
  } catch (error) {
    // Nothing was marked exported: the files must not be taken as delivered either.
    for (const path of written) rmSync(path, { force: true })
    throw error
  }
}
