import type { AccountSeed, SiteSeed } from './accounts'
import { DOCUMENT_LINE_COLUMNS } from '../lib/bulk-sql'
import { BulkTable, type Db } from './bulk'
import type { Catalogue, CatalogueProduct } from './catalogue'
import { dueDate25thNextMonth, firstOfMonthIndex, formatDay, fromParts, monthIndex, parts, type Day } from './dates'
import type { Rng } from './random'

/**
 * Two years of trading, walked day by day so that order and invoice numbers rise with their dates:
 * orders with their lines, invoices for what shipped, a few credit notes, and the payments that leave
 * each account with a believable balance.
 */

export interface HistoryOptions {
  start: Day
  today: Day
  /** Real branches an on-terms customer occasionally orders from besides its own. */
  branches: string[]
  batchLines: number
  onProgress: (done: number, total: number) => void
}

export interface HistoryCounts {
  orders: number
  order_lines: number
  invoices: number
  invoice_lines: number
  payments: number
}

type Row = Record<string, unknown>

export const PAYMENT_COLUMNS = [
  ['account_id', 'int4'],
  ['payment_date', 'date'],
  ['amount_cents', 'int8'],
  ['reference', 'text'],
] as const

export const DELIVERY_COLUMNS = [
  ['delivery_name', 'text'],
  ['delivery_address1', 'text'],
  ['delivery_address2', 'text'],
  ['delivery_city', 'text'],
  ['delivery_state', 'text'],
  ['delivery_postal_code', 'text'],
] as const

const TOTAL_COLUMNS = [
  ['extended_ex_cents', 'int8'],
  ['tax_cents', 'int8'],
  ['extended_inc_cents', 'int8'],
] as const

const CARRIERS: ReadonlyArray<readonly [string, string]> = [
  ['Toll IPEC', 'TIP'],
  ['StarTrack', 'STE'],
  ['Team Global Express', 'TGE'],
  ['Border Express', 'BEX'],
  ['Hi-Trans', 'HTX'],
  ['Own Transport', 'RRS'],
]
const INSTRUCTIONS = [
  '',
  '',
  '',
  'Leave at shed if unattended',
  'Call 30 minutes before delivery',
  'Forklift on site',
  'Deliver to rear dock',
  'Gate code 1942',
  'Tail-lift truck required',
]
const DESCRIPTIONS = [
  '',
  '',
  '',
  'Weekly restock',
  'Spring drench program',
  'Shearing supplies',
  'Fencing job',
  'Counter restock',
  'Lambing supplies',
  'Sowing program',
  'Shed maintenance',
  'Urgent: customer waiting',
]
const CREDIT_REASONS = ['Credit: returned goods', 'Credit: damaged in transit', 'Credit: pricing adjustment', 'Credit: short supplied']

/** GST is 10% of the ex-GST amount, rounded half up to the cent, per line. */
export function gst(exCents: number): number {
  return Math.floor((exCents + 5) / 10)
}

interface Line {
  product: CatalogueProduct
  qty: number
  price: number
  backOrdered: number
  supplied: number
  due: Day | null
}

interface AccountLedger {
  /** Invoice totals (inc GST) by month index, settled by the monthly payment run. */
  invoiced: Map<number, number>
}

export class HistoryWriter {
  private readonly orders = new BulkTable<Row>('orders', [
    ['id', 'int4'],
    ['sales_order', 'text'],
    ['account_id', 'int4'],
    ['user_id', 'int4'],
    ['location_id', 'text'],
    ['site_code', 'text'],
    ['status', 'text'],
    ['enter_date', 'date'],
    ['ship_date', 'date'],
    ['customer_purchase_order', 'text'],
    ['description', 'text'],
    ...DELIVERY_COLUMNS,
    ['contact', 'text'],
    ['email', 'text'],
    ['phone', 'text'],
    ['fax', 'text'],
    ['carrier_name', 'text'],
    ['carrier_instructions', 'text'],
    ['delivery_type', 'int2'],
    ['num_lines', 'int4'],
    ...TOTAL_COLUMNS,
    ['created_at', 'timestamptz'],
  ])
  private readonly orderLines = new BulkTable<Row>('order_lines', [['order_id', 'int4'], ...DOCUMENT_LINE_COLUMNS, ['due_date', 'date']])
  private readonly invoices = new BulkTable<Row>('invoices', [
    ['id', 'int4'],
    ['invoice', 'text'],
    ['account_id', 'int4'],
    ['order_id', 'int4'],
    ['transaction_type', 'text'],
    ['transaction_date', 'date'],
    ['invoice_date', 'date'],
    ['due_date', 'date'],
    ['description', 'text'],
    ['reference', 'text'],
    ['brn', 'text'],
    ['sales_location', 'text'],
    ['sales_order', 'text'],
    ['customer_purchase_order', 'text'],
    ['carrier', 'text'],
    ['consignment_note', 'text'],
    ...DELIVERY_COLUMNS,
    ...TOTAL_COLUMNS,
  ])
  private readonly invoiceLines = new BulkTable<Row>('invoice_lines', [['invoice_id', 'int4'], ...DOCUMENT_LINE_COLUMNS])
  private readonly payments = new BulkTable<Row>('payments', PAYMENT_COLUMNS)

  private orderId = 0
  private salesOrderNumber = 1_204_117
  private invoiceId = 0
  private invoiceNumber = 3_118_402
  private creditNumber = 402_113
  private readonly ledgers = new Map<number, AccountLedger>()
  private readonly showcased = new Set<number>()
  private writing: Promise<void> = Promise.resolve()
  private failure: unknown = null

  constructor(
    /** Null: the rows are kept in memory (`records()`), for the demo's interchange files. */
    private readonly db: Db | null,
    private readonly rng: Rng,
    /** Who placed an order is drawn from its own stream, so the history is the same with or without logins. */
    private readonly userRng: Rng,
    private readonly catalogue: Catalogue,
    private readonly options: HistoryOptions,
  ) {}

  async run(accounts: readonly AccountSeed[]): Promise<HistoryCounts> {
    const { start, today } = this.options
    const totalDays = today - start + 1
    for (const account of accounts) this.ledgers.set(account.id, { invoiced: new Map() })
    for (let day = start; day <= today; day++) {
      const weekday = parts(day).weekday
      const weekend = weekday === 0 || weekday === 6
      for (const account of accounts) {
        const rate = account.ordersPerDay * (weekend ? account.weekendFactor * (weekday === 0 ? 0.3 : 1) : 1)
        const count = this.rng.poisson(rate)
        for (let i = 0; i < count; i++) this.order(account, day)
      }
      if (this.orderLines.pending >= this.options.batchLines) await this.flush()
      if ((day - start) % 7 === 0 || day === today) this.options.onProgress(day - start + 1, totalDays)
    }
    for (const account of accounts) this.paymentRun(account)
    await this.finish()
    return {
      orders: this.orders.inserted,
      order_lines: this.orderLines.inserted,
      invoices: this.invoices.inserted,
      invoice_lines: this.invoiceLines.inserted,
      payments: this.payments.inserted,
    }
  }

  /** The rows made, when the writer was given no database. */
  records() {
    return {
      orders: this.orders.kept,
      orderLines: this.orderLines.kept,
      invoices: this.invoices.kept,
      invoiceLines: this.invoiceLines.kept,
      payments: this.payments.kept,
    }
  }

  /**
   * Writes what has been collected while the next days are generated (PostgreSQL works on its own core meanwhile).
   * The rows of every table are taken at once, so lines never travel ahead of their order.
   */
  private async flush(): Promise<void> {
    await this.writing
    if (this.failure) throw this.failure
    const tables = [this.orders, this.orderLines, this.invoices, this.invoiceLines, this.payments]
    const batches = tables.map((table) => [table, table.take()] as const)
    this.writing = (async () => {
      for (const [table, rows] of batches) await table.insert(this.db, rows)
    })().catch((error: unknown) => {
      this.failure = error
    })
  }

  private async finish(): Promise<void> {
    await this.flush()
    await this.writing
    if (this.failure) throw this.failure
  }

  private order(account: AccountSeed, day: Day): void {
    const rng = this.rng
    const site = rng.pick(account.sites)
    const location = this.locationFor(account, site)
    const age = this.options.today - day
    const status = this.statusFor(account, age)
    const lines = this.lines(account, day, status)
    const pickup = rng.chance(0.2)
    const [carrier, carrierPrefix] = pickup ? ['Customer Pickup', ''] : rng.pick(CARRIERS)
    const id = ++this.orderId
    this.salesOrderNumber += rng.chance(0.85) ? 1 : rng.int(2, 4)
    const salesOrder = `SO${this.salesOrderNumber}`
    const shipped = status === 'Shipped' || status === 'Back Order'
    const shipDate = shipped ? Math.min(this.options.today, day + (pickup ? 0 : rng.int(0, 2))) : null
    const customerPo = rng.chance(0.9)
      ? `PO-${rng.int(10000, 99999)}`
      : rng.pick(['Phone order', 'Counter', `${site.contact.split(' ')[0] ?? 'Verbal'} verbal`])
    const description = rng.pick(DESCRIPTIONS)
    const totals = sumLines(lines, (l) => l.qty)
    const userId = account.users.length > 0 ? this.userRng.pick(account.users).id : null
    this.orders.push({
      id,
      sales_order: salesOrder,
      account_id: account.id,
      user_id: userId,
      location_id: location,
      site_code: site.code,
      status,
      enter_date: formatDay(day),
      ship_date: shipDate === null ? null : formatDay(shipDate),
      customer_purchase_order: customerPo,
      description,
      ...deliveryOf(site),
      contact: site.contact,
      email: site.email,
      phone: site.phone,
      fax: site.fax,
      carrier_name: carrier,
      carrier_instructions: pickup ? '' : rng.pick(INSTRUCTIONS),
      delivery_type: pickup ? 2 : 1,
      num_lines: lines.length,
      extended_ex_cents: totals.ex,
      tax_cents: totals.tax,
      extended_inc_cents: totals.inc,
      created_at: `${formatDay(day)} ${String(rng.int(7, 17)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:00+10`,
    })
    lines.forEach((l, index) => {
      this.orderLines.push({ order_id: id, ...lineColumns(index + 1, l, l.qty), due_date: l.due === null ? null : formatDay(l.due) })
    })
    if (shipped && shipDate !== null && lines.some((l) => l.supplied > 0)) {
      const invoice = {
        orderId: id,
        salesOrder,
        customerPo,
        description,
        site,
        location,
        carrier,
        consignment: pickup ? '' : `${carrierPrefix}${rng.digits(9)}`,
      }
      this.invoice(account, shipDate, lines, invoice)
    }
  }

  private locationFor(account: AccountSeed, site: SiteSeed): string {
    if (account.isElders) return site.locationId
    const r = this.rng.next()
    if (r < 0.85) return account.defaultBranch
    if (r < 0.88) return 'FMB'
    return this.rng.pick(this.options.branches)
  }

  private statusFor(account: AccountSeed, age: number): string {
    const rng = this.rng
    if (age <= 1) return rng.chance(0.6) ? 'Entered' : 'In progress'
    if (account.showcase && age <= 60 && !this.showcased.has(account.id)) {
      this.showcased.add(account.id)
      return 'Back Order'
    }
    if (age <= 10)
      return rng.weighted([
        ['In progress', 30],
        ['Back Order', 25],
        ['Shipped', 43],
        ['Cancelled', 2],
      ] as const)
    if (age <= 60)
      return rng.weighted([
        ['Back Order', 8],
        ['Shipped', 90],
        ['Cancelled', 2],
      ] as const)
    return rng.chance(0.97) ? 'Shipped' : 'Cancelled'
  }

  private lines(account: AccountSeed, day: Day, status: string): Line[] {
    const rng = this.rng
    const count = Math.min(12, 1 + Math.floor(12 * Math.pow(rng.next(), 1.5)))
    const chosen = new Map<number, CatalogueProduct>()
    for (let attempt = 0; chosen.size < count && attempt < count * 4; attempt++) {
      const product =
        rng.chance(0.85) || account.favourites.length === 0
          ? rng.pickSkewed(account.favourites.length > 0 ? account.favourites : this.catalogue.products, 1.3)
          : rng.pick(this.catalogue.products)
      if (account.isElders && product.hidden) continue
      chosen.set(product.id, product)
    }
    const yearsAgo = (this.options.today - day) / 365
    const lines = [...chosen.values()].map((product) => this.line(account, product, yearsAgo))
    this.backOrders(lines, day, status)
    return lines
  }

  private line(account: AccountSeed, product: CatalogueProduct, yearsAgo: number): Line {
    const rng = this.rng
    let qty: number
    let listPrice = product.unitPrice
    if (account.buysPallets && product.palletQty && product.palletPrice !== null && rng.chance(0.03)) {
      qty = product.palletQty
      listPrice = product.palletPrice
    } else if (product.cartonQty && product.cartonPrice !== null && rng.chance(0.15)) {
      qty = product.cartonQty * rng.int(1, 3)
      listPrice = product.cartonPrice
    } else {
      const p = product.unitPrice
      qty = p > 20000 ? rng.int(1, 2) : p > 5000 ? rng.int(1, 4) : p > 1000 ? rng.int(1, 10) : rng.int(2, 30)
    }
    const contract = account.contract.get(product.id)
    const current = contract !== undefined ? Math.min(contract, listPrice) : Math.round((listPrice * (10000 - account.discountBp)) / 10000)
    const price = Math.max(1, Math.round(current * (1 - 0.03 * yearsAgo)))
    return { product, qty, price, backOrdered: 0, supplied: 0, due: null }
  }

  /** Shipped orders supplied everything; open ones wait on about one line in ten. */
  private backOrders(lines: Line[], day: Day, status: string): void {
    const rng = this.rng
    const open = status === 'Entered' || status === 'In progress' || status === 'Back Order'
    lines.forEach((line, index) => {
      const forced = status === 'Back Order' && index === lines.length - 1 && lines.every((l) => l.backOrdered === 0)
      if (open && (forced || rng.chance(0.1))) {
        line.backOrdered = status === 'Back Order' ? rng.int(1, line.qty) : line.qty
        line.due = day + rng.int(7, 40)
      }
      line.supplied = status === 'Shipped' || status === 'Back Order' ? line.qty - line.backOrdered : 0
    })
  }

  private invoice(
    account: AccountSeed,
    shipDate: Day,
    orderLines: Line[],
    order: {
      orderId: number
      salesOrder: string
      customerPo: string
      description: string
      site: SiteSeed
      location: string
      carrier: string
      consignment: string
    },
  ): void {
    const lines = orderLines.filter((l) => l.supplied > 0)
    const totals = sumLines(lines, (l) => l.supplied)
    const id = ++this.invoiceId
    this.invoiceNumber += 1
    const ship = parts(shipDate)
    this.invoices.push({
      id,
      invoice: `IN${this.invoiceNumber}`,
      account_id: account.id,
      order_id: order.orderId,
      transaction_type: 'INV',
      transaction_date: formatDay(shipDate),
      invoice_date: formatDay(shipDate),
      due_date: formatDay(dueDate25thNextMonth(shipDate)),
      description: order.description || `Sales order ${order.salesOrder}`,
      reference: order.customerPo,
      brn: `${order.location}${String(ship.year % 100).padStart(2, '0')}${String(ship.month).padStart(2, '0')}${String(ship.date).padStart(2, '0')}`,
      sales_location: order.location,
      sales_order: order.salesOrder,
      customer_purchase_order: order.customerPo,
      carrier: order.carrier,
      consignment_note: order.consignment,
      ...deliveryOf(order.site),
      extended_ex_cents: totals.ex,
      tax_cents: totals.tax,
      extended_inc_cents: totals.inc,
    })
    lines.forEach((l, index) => this.invoiceLines.push({ invoice_id: id, ...lineColumns(index + 1, l, l.supplied) }))
    this.settle(account, shipDate, totals.inc)
    const creditDay = shipDate + this.rng.int(3, 20)
    if (account.salesCategory !== 'CAS' && creditDay <= this.options.today && this.rng.chance(0.015)) {
      this.creditNote(account, creditDay, lines, order)
    }
  }

  /** One line credited; the amount avoids a half cent of GST so every reading of "round half up" agrees. */
  private creditNote(
    account: AccountSeed,
    day: Day,
    lines: Line[],
    order: { orderId: number; salesOrder: string; customerPo: string; site: SiteSeed; location: string },
  ): void {
    const source = this.rng.pick(lines)
    const qty = -this.rng.int(1, source.supplied)
    const price = source.price % 10 === 5 ? source.price + 1 : source.price
    const ex = qty * price
    const tax = -gst(-ex)
    const id = ++this.invoiceId
    this.creditNumber += 1
    this.invoices.push({
      id,
      invoice: `CN${String(this.creditNumber).padStart(7, '0')}`,
      account_id: account.id,
      order_id: order.orderId,
      transaction_type: 'CRN',
      transaction_date: formatDay(day),
      invoice_date: formatDay(day),
      due_date: formatDay(dueDate25thNextMonth(day)),
      description: this.rng.pick(CREDIT_REASONS),
      reference: order.customerPo,
      brn: '',
      sales_location: order.location,
      sales_order: order.salesOrder,
      customer_purchase_order: order.customerPo,
      carrier: '',
      consignment_note: '',
      ...deliveryOf(order.site),
      extended_ex_cents: ex,
      tax_cents: tax,
      extended_inc_cents: ex + tax,
    })
    this.invoiceLines.push({
      invoice_id: id,
      line_no: 1,
      product_id: source.product.id,
      product_code: source.product.code,
      description: source.product.description,
      qty_ordered: qty,
      qty_back_ordered: 0,
      qty_supplied: qty,
      unit_price_cents: price,
      extended_ex_cents: ex,
      tax_cents: tax,
      extended_inc_cents: ex + tax,
    })
    this.settle(account, day, ex + tax)
  }

  /** Card customers pay as they buy; account customers are settled by the monthly payment run. */
  private settle(account: AccountSeed, day: Day, amount: number): void {
    if (account.salesCategory === 'CAS') {
      this.payments.push({ account_id: account.id, payment_date: formatDay(day), amount_cents: amount, reference: `Card payment ${this.rng.digits(6)}` })
      return
    }
    const ledger = this.ledgers.get(account.id)
    if (!ledger) return
    const month = monthIndex(day)
    ledger.invoiced.set(month, (ledger.invoiced.get(month) ?? 0) + amount)
  }

  /** Each month's invoices are paid around their due date; now and then a part payment carries into the next month. */
  private paymentRun(account: AccountSeed): void {
    const ledger = this.ledgers.get(account.id)
    if (!ledger || ledger.invoiced.size === 0) return
    const rng = this.rng
    const months = [...ledger.invoiced.keys()].sort((a, b) => a - b)
    const first = months[0] ?? 0
    const last = monthIndex(this.options.today)
    let owing = 0
    for (let month = first; month <= last; month++) {
      owing += ledger.invoiced.get(month) ?? 0
      const payMonth = firstOfMonthIndex(month + (account.terms >= 60 ? 2 : 1))
      const p = parts(payMonth)
      const day = fromParts(p.year, p.month, account.terms <= 14 ? 12 : 25) + rng.int(-4, 6)
      if (day > this.options.today || owing <= 0) continue
      const amount = rng.chance(0.9) ? owing : Math.round(owing * rng.float(0.5, 0.9))
      owing -= amount
      const reference = rng.pick([`EFT ${rng.digits(6)}`, `BPAY ${rng.digits(9)}`, `Cheque ${rng.digits(6)}`, 'Direct debit'])
      this.payments.push({ account_id: account.id, payment_date: formatDay(day), amount_cents: amount, reference })
    }
  }
}

function sumLines(lines: Line[], qtyOf: (l: Line) => number): { ex: number; tax: number; inc: number } {
  let ex = 0
  let tax = 0
  for (const l of lines) {
    const lineEx = qtyOf(l) * l.price
    ex += lineEx
    tax += gst(lineEx)
  }
  return { ex, tax, inc: ex + tax }
}

function lineColumns(lineNo: number, l: Line, qty: number): Row {
  const ex = qty * l.price
  const tax = gst(ex)
  return {
    line_no: lineNo,
    product_id: l.product.id,
    product_code: l.product.code,
    description: l.product.description,
    qty_ordered: l.qty,
    qty_back_ordered: l.backOrdered,
    qty_supplied: l.supplied,
    unit_price_cents: l.price,
    extended_ex_cents: ex,
    tax_cents: tax,
    extended_inc_cents: ex + tax,
  }
}

function deliveryOf(site: SiteSeed): Row {
  return {
    delivery_name: site.name,
    delivery_address1: site.address1,
    delivery_address2: site.address2,
    delivery_city: site.city,
    delivery_state: site.state,
    delivery_postal_code: site.postcode,
  }
}
export type HistoryRecords = ReturnType<HistoryWriter['records']>
