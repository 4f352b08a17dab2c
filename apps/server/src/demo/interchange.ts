import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { FILES, type FileSpec } from '../modules/erp/import/files'
import type { ExportFiles } from '../modules/erp/import/service'
import type { AccountSeed } from './accounts'
import type { BuiltCatalogue, CategoryRow, StockRow } from './catalogue'
import type { HistoryRecords } from './history'
import type { periodRows } from './periods'
import { BRANDS, type BranchSeed } from './reference'
import { DEMO_SYNONYMS_CSV } from './synonyms'

/**
 * The demo data as the distributor's ERP would send it (docs/erp-interchange.md): one file per interchange file,
 * images/{ProductCode}.webp and attachments/{ProductCode}/{FileName}. The demo loader imports these through
 * the ERP import itself; `npm run seed -- --export DIR` writes them to a folder.
 */

export interface DemoModel {
  today: string
  branches: readonly BranchSeed[]
  categories: CategoryRow[]
  built: BuiltCatalogue
  stock: StockRow[]
  accounts: AccountSeed[]
  periods: ReturnType<typeof periodRows>
  history: HistoryRecords
  /** Invoiced less paid, by account id (the balance the ERP reports). */
  balances: Map<number, number>
}

type Cell = unknown

const cell = (value: Cell) => {
  const s = value === undefined || value === null ? '' : typeof value === 'boolean' ? (value ? 'Y' : 'N') : String(value)
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s
}

const encoder = new TextEncoder()

function csv(header: readonly string[], rows: Iterable<Record<string, Cell>>): Uint8Array {
  const lines = [header.join(',')]
  for (const row of rows) lines.push(header.map((h) => cell(row[h])).join(','))
  return encoder.encode(`${lines.join('\r\n')}\r\n`)
}

/** Cents to the interchange's dollars with 2 decimals. */
export const money = (cents: unknown) => (cents === null || cents === undefined ? '' : (Number(cents) / 100).toFixed(2))

/** The credit limit leaves headroom above the balance: 2.5 times it in steps of $5,000, at least $5,000; none for card (CAS) accounts. */
export function creditLimitCents(salesCategory: string, balanceCents: number): number {
  if (salesCategory === 'CAS') return 0
  const steps = Math.floor((Math.max(balanceCents, 0) * 5 + 999_999) / 1_000_000)
  return Math.max(500_000, steps * 500_000)
}

/** Whether a product code can name its picture (images/{ProductCode}.webp) and documents (attachments/{ProductCode}/). */
export const canNameFile = (code: string) => !code.includes('/')

export function demoExportFiles(model: DemoModel): ExportFiles {
  const files: ExportFiles = new Map()
  const { built, history } = model
  const productCode = new Map(built.rows.map((p) => [p.id, p.product_code]))
  const accountCode = new Map(model.accounts.map((a) => [a.id, a.code]))
  const categoryName = new Map(model.categories.map((c) => [c.id, c.name]))
  // Each file with every field docs/erp-interchange.md gives it, as the import reads them (modules/erp/import/files.ts).
  const table = (spec: FileSpec, rows: Iterable<Record<string, Cell>>) => files.set(`${spec.name}.csv`, csv(spec.fields, rows))

  table(
    FILES.branches,
    model.branches.map((b) => ({ LocationID: b.locationId, NAME: b.name, Active: !b.virtual })),
  )
  table(
    FILES.categories,
    model.categories.map((c) => ({
      Category: c.name,
      Title: c.title,
      Parent: c.parent_id === null ? '' : categoryName.get(c.parent_id),
      Order: c.display_order,
      IconName: c.icon_name,
      Active: true,
    })),
  )
  table(
    FILES.brands,
    BRANDS.map((b) => ({ BrandCode: b.code, Description: b.name, Active: true })),
  )
  table(
    FILES.products,
    built.rows.map((p) => ({
      ProductCode: p.product_code,
      Description: p.description,
      Category: categoryName.get(p.category_id as number),
      brandcode: p.brand_code,
      Price: money(p.unit_price_cents),
      RetailPrice: money(p.rrp_cents),
      CartonPrice: money(p.carton_price_cents),
      CartonQty: p.carton_qty,
      PalletPrice: money(p.pallet_price_cents),
      PalletQty: p.pallet_qty,
      Weight: p.weight_kg,
      Barcode: p.barcode,
      FullDescription1: p.full_description1,
      FullDescription2: p.full_description2,
      FullDescription3: p.full_description3,
      UserDefinedField4: p.info_text,
      Special: p.is_special,
      Active: true,
    })),
  )
  table(
    FILES.stock,
    model.stock.map((s) => ({ ProductCode: productCode.get(s.product_id), LocationID: s.location_id, QtyAvailable: s.qty_available })),
  )
  files.set('synonyms.csv', encoder.encode(DEMO_SYNONYMS_CSV))
  // One picture per brand, sent for each product that shows it (the import stores identical pictures once).
  // A code with a '/' cannot name a file: those products' pictures and documents are extras (demo/extras.ts).
  for (const p of built.rows)
    if (p.image_id !== null && canNameFile(p.product_code)) files.set(`images/${p.product_code}.webp`, built.images[p.image_id - 1]!.data)
  const attachments = built.attachments.filter((a) => canNameFile(productCode.get(a.productId)!))
  for (const a of attachments) files.set(`attachments/${productCode.get(a.productId)}/${a.fileName}`, built.documents[a.document - 1]!)
  table(
    FILES.attachments,
    attachments.map((a) => ({ ProductCode: productCode.get(a.productId), FileName: a.fileName, Description: a.description })),
  )

  table(
    FILES.accounts,
    model.accounts.map((a) => {
      const balance = model.balances.get(a.id) ?? 0
      return {
        AccountCode: a.code,
        Name: a.name,
        SalesCategory: a.salesCategory,
        isElders: a.isElders,
        TermsDays: a.terms,
        CreditLimit: money(a.credit?.headroomCents != null ? Math.max(balance + a.credit.headroomCents, 0) : creditLimitCents(a.salesCategory, balance)),
        Balance: money(balance),
        DiscountPercent: String(a.discountBp / 100),
        DefaultWareHouse: a.defaultBranch,
        Branches: a.branchGroup.join(';'),
        Active: true,
        OnHold: a.credit?.onHold ?? false,
        CreditMode: a.credit?.mode ?? '',
      }
    }),
  )
  table(
    FILES.contractPrices,
    model.accounts.flatMap((a) =>
      [...a.contract].map(([product, price]) => ({ AccountCode: a.code, ProductCode: productCode.get(product), Price: money(price) })),
    ),
  )
  table(
    FILES.deliverySites,
    model.accounts.flatMap((a) =>
      a.sites.map((s) => ({
        AccountCode: a.code,
        SiteCode: s.code,
        Name: s.name,
        Address1: s.address1,
        Address2: s.address2,
        City: s.city,
        State: s.state,
        PostalCode: s.postcode,
        Contact: s.contact,
        Email: s.email,
        Phone: s.phone,
        Fax: s.fax,
      })),
    ),
  )
  table(
    FILES.financialPeriods,
    model.periods.map((p) => ({
      financialYear: p.financial_year,
      financialPeriod: p.financial_period,
      DESCRIPTION: p.description,
      StartDate: p.start_date,
      EndDate: p.end_date,
    })),
  )

  const salesOrderOf = new Map(history.orders.map((o) => [o.id, o.sales_order as string]))
  table(
    FILES.orders,
    history.orders.map((o) => ({
      AccountCode: accountCode.get(o.account_id as number),
      SalesOrder: o.sales_order,
      EnterDate: o.enter_date,
      SalesOrderStatus: o.status,
      LocationID: o.location_id,
      CustomerPurchaseOrder: o.customer_purchase_order,
      ShipDate: o.ship_date,
      SiteCode: o.site_code,
      DeliveryName: o.delivery_name,
      DeliveryAddress1: o.delivery_address1,
      DeliveryAddress2: o.delivery_address2,
      DeliveryCity: o.delivery_city,
      DeliveryState: o.delivery_state,
      DeliveryPostalCode: o.delivery_postal_code,
      Email: o.email,
      Phone: o.phone,
    })),
  )
  table(
    FILES.orderLines,
    history.orderLines.map((l) => ({
      SalesOrder: salesOrderOf.get(l.order_id),
      Line: l.line_no,
      ProductCode: l.product_code,
      QuantityOrdered: l.qty_ordered,
      QuantitySupplied: l.qty_supplied,
      QuantityBackOrdered: l.qty_back_ordered,
      DueDate: l.due_date,
      Price: money(l.unit_price_cents),
    })),
  )
  const invoiceNumberOf = new Map(history.invoices.map((i) => [i.id, i.invoice as string]))
  const outstanding = outstandingOf(history.invoices, model.balances)
  table(
    FILES.invoices,
    history.invoices.map((i) => ({
      AccountCode: accountCode.get(i.account_id as number),
      Invoice: i.invoice,
      InvoiceDate: i.invoice_date,
      TransactionType: i.transaction_type,
      Amount: money(i.extended_inc_cents),
      DueDate: i.due_date,
      SalesOrder: i.sales_order,
      Reference: i.reference,
      BRN: i.brn,
      SalesLocation: i.sales_location,
      Carrier: i.carrier,
      ConsignmentNote: i.consignment_note,
      Outstanding: money(outstanding.get(i.id as number) ?? 0),
    })),
  )
  // An invoice line's quantity is what was supplied (and invoiced); what was ordered stays on the order line.
  table(
    FILES.invoiceLines,
    history.invoiceLines.map((l) => ({
      Invoice: invoiceNumberOf.get(l.invoice_id),
      Line: l.line_no,
      ProductCode: l.product_code,
      Quantity: l.qty_supplied,
      Price: money(l.unit_price_cents),
    })),
  )
  return files
}

/**
 * What is still owed on each invoice, as an ERP applying payments oldest first would say: an account's balance is
 * owed on its newest invoices, so the demo's on-terms accounts have recent invoices open to pay online.
 */
function outstandingOf(invoices: HistoryRecords['invoices'], balances: Map<number, number>): Map<number, number> {
  const left = new Map([...balances].map(([account, cents]) => [account, Math.max(cents, 0)]))
  const open = new Map<number, number>()
  const newestFirst = [...invoices].sort((a, b) => String(b.invoice_date).localeCompare(String(a.invoice_date)) || Number(b.id) - Number(a.id))
  for (const i of newestFirst) {
    const amount = Number(i.extended_inc_cents)
    const remaining = left.get(i.account_id as number) ?? 0
    if (amount <= 0 || remaining <= 0) continue
    const owed = Math.min(amount, remaining)
    open.set(i.id as number, owed)
    left.set(i.account_id as number, remaining - owed)
  }
  return open
}

/** Writes an export to a folder, as an ERP would leave it for `npm run erp:import`. */
export function writeExportFolder(files: ExportFiles, folder: string): void {
  for (const [path, data] of files) {
    const target = join(folder, ...path.split('/'))
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, data)
  }
}
