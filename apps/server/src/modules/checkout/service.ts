import { CHECKOUT_ERRORS, CheckoutInfo, type PlacedOrder, type PlaceOrderBody, type SavedCheckoutInfo } from '@portal/contract/checkout'
import type { DocumentItem } from '@portal/contract/orders'
import type { PendingOrderDetails } from '@portal/contract/payments'
import type { Deps, Session } from '../../lib/context'
import { today } from '../../lib/date-range'
import { AppError, badRequest, conflict, forbidden } from '../../lib/errors'
import { dollars, lineTotals, sumTotals, type LineTotals } from '../../lib/money'
import { pdfMoney } from '../../lib/pdf-document'
import { enqueueMail } from '../mail/outbox'
import * as repo from './repo'

type Db = Deps['db']

/** A cart line at the price the account pays, as an order or a pending card payment takes it. */
export interface OrderLineInput {
  productId: number
  productCode: string
  description: string
  quantity: number
  unitPriceCents: number
}

/** Who an order is for: the signed-in user, or the user a pending card payment was made by. */
export interface Buyer {
  userId: number
  accountId: number
  /** Cash-sale accounts can never take more than the branch has. */
  isCash: boolean
  name: string
  email: string
  accountName: string
}

/** What a new order is until the branch picks it. */
const ORDER_STATUS = 'Entered'

/** Days after the order date that back-ordered lines are expected to ship. */
const BACK_ORDER_LEAD_DAYS = 14

export const quantityNotAvailable = () => conflict('quantity_not_available', CHECKOUT_ERRORS.quantityNotAvailable)
const cartEmpty = () => new AppError(422, 'cart_empty', 'Your cart is empty. Add products before checking out.')

/** Resellers order through their branch: they never check out online (design section 4). */
export function refuseResellers(session: Session) {
  if (session.isElders) throw forbidden('Online checkout is not available for reseller accounts. Download your cart as a PDF and send it to your branch.')
}

type CartRow = NonNullable<Awaited<ReturnType<typeof repo.lockCart>>>

/** The user's cart, locked until the transaction ends: one checkout of a cart at a time, and cart before stock. */
export const lockCart = (db: Db, userId: number) => repo.lockCart(db, userId)

/** The cart's lines, priced for this account now. A product that is withdrawn or hidden refuses the checkout, by name. */
export async function orderableCart(db: Db, session: Session, cart: CartRow | undefined, warehouse: string) {
  const rows = cart ? await repo.cartLinesForOrder(db, session, cart.id) : []
  if (!cart || rows.length === 0) throw cartEmpty()
  for (const row of rows) {
    if (!row.active || !row.visible) {
      throw new AppError(
        422,
        'product_not_available',
        `${row.productCode} ${row.description} can no longer be ordered online. Remove it from your cart and try again.`,
      )
    }
  }
  if (warehouse.toUpperCase() !== cart.location_id) {
    const branch = await repo.findBranchName(db, cart.location_id)
    throw conflict('cart_branch_mismatch', `Your cart holds items for ${branch?.name ?? cart.location_id}. Switch to that branch to check out.`)
  }
  const lines: OrderLineInput[] = rows.map((r) => ({
    productId: r.productId,
    productCode: r.productCode,
    description: r.description,
    quantity: r.quantity,
    unitPriceCents: r.unitPriceCents,
  }))
  return { cart, branch: cart.location_id, lines, totals: sumTotals(lines.map((l) => lineTotals(l.unitPriceCents, l.quantity))) }
}

/** A cash-sale account's look at the stock before it pays; the order itself checks again under a lock. */
export async function checkCashStock(db: Db, branch: string, lines: OrderLineInput[]) {
  const stock = new Map(
    (
      await repo.stockLevels(
        db,
        branch,
        lines.map((l) => l.productId),
      )
    ).map((s) => [s.product_id, s.qty_available]),
  )
  for (const line of lines) if (line.quantity > (stock.get(line.productId) ?? 0)) throw quantityNotAvailable()
}

/** The delivery site must be one of the account's; an unknown one is a client mistake, not a silent blank. */
export async function checkSite(db: Db, accountId: number, siteCode: string | undefined): Promise<string | null> {
  if (!siteCode) return null
  if (!(await repo.hasDeliverySite(db, accountId, siteCode)))
    throw badRequest('unknown_site', 'That delivery site is not one of your account’s.', 'body.SiteCode')
  return siteCode
}

function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(y, m - 1, d + days))
  return date.toISOString().slice(0, 10)
}

export interface WriteOrder {
  buyer: Buyer
  branch: string
  siteCode: string | null
  form: PlaceOrderBody
  lines: OrderLineInput[]
  idempotencyKey: string | null
  paymentReference: string | null
  /** The caller holds the cart's lock already. */
  cartLocked?: boolean
}

/**
 * Writes an order inside the caller's transaction: locks the stock rows of its products at the branch,
 * allocates what the branch has (cash-sale accounts may never go beyond it: 409), back-orders the rest,
 * numbers the order and writes it with its lines. GST is per line, rounded to the cent.
 */
export async function writeOrder(trx: Db, w: WriteOrder): Promise<PlacedOrder> {
  // Cart before stock, always: the order in which every checkout takes its locks.
  if (!w.cartLocked) await repo.lockCart(trx, w.buyer.userId)
  const productIds = [...new Set(w.lines.map((l) => l.productId))]
  const stock = new Map((await repo.lockStock(trx, w.branch, productIds)).map((s) => [s.product_id, Math.max(0, s.qty_available)]))
  const enterDate = today()
  const dueDate = addDays(enterDate, BACK_ORDER_LEAD_DAYS)
  const allocations: Array<{ productId: number; qty: number }> = []
  const lines: Array<repo.NewOrderLine & LineTotals> = w.lines.map((l, index) => {
    const available = stock.get(l.productId) ?? 0
    if (w.buyer.isCash && l.quantity > available) throw quantityNotAvailable()
    const allocated = Math.min(l.quantity, available)
    stock.set(l.productId, available - allocated)
    allocations.push({ productId: l.productId, qty: allocated })
    const totals = lineTotals(l.unitPriceCents, l.quantity)
    const backOrdered = l.quantity - allocated
    return {
      lineNo: index + 1,
      productId: l.productId,
      productCode: l.productCode,
      description: l.description,
      qtyOrdered: l.quantity,
      qtyBackOrdered: backOrdered,
      unitPriceCents: l.unitPriceCents,
      ...totals,
      dueDate: backOrdered > 0 ? dueDate : null,
    }
  })
  await repo.allocateStock(trx, w.branch, allocations)
  const totals = sumTotals(lines)
  const f = w.form
  const salesOrder = await repo.nextSalesOrder(trx)
  const order = await repo.insertOrder(trx, {
    salesOrder,
    status: ORDER_STATUS,
    accountId: w.buyer.accountId,
    userId: w.buyer.userId,
    branch: w.branch,
    siteCode: w.siteCode,
    enterDate,
    purchaseOrder: f.PurchaseOrder,
    description: f.OrderDesc,
    deliveryName: f.DeliveryName,
    address1: f.Address1,
    address2: f.Address2,
    city: f.City,
    state: f.State,
    postalCode: f.PostalCode,
    contact: f.Contact,
    email: f.Email,
    phone: f.Phone,
    fax: f.Fax,
    carrierName: f.CarrierName,
    carrierInstructions: f.CarrierInstructions,
    deliveryType: f.DeliveryType,
    numLines: lines.length,
    exCents: totals.exCents,
    taxCents: totals.taxCents,
    incCents: totals.incCents,
    idempotencyKey: w.idempotencyKey,
    paymentReference: w.paymentReference,
  })
  await repo.insertOrderLines(trx, order.id, lines)
  await repo.clearCart(trx, w.buyer.userId)
  const placed: PlacedOrder = {
    OrderID: order.id,
    SalesOrder: salesOrder,
    SalesOrderStatus: ORDER_STATUS,
    CustomerPurchaseOrder: f.PurchaseOrder,
    Warehouse: w.branch,
    ExtendedEx: dollars(totals.exCents),
    TaxTotal: dollars(totals.taxCents),
    ExtendedInc: dollars(totals.incCents),
    items: lines.map((l) => ({
      LineNo: l.lineNo,
      ProductID: l.productId,
      ProductCode: l.productCode,
      Description: l.description,
      QuantityOrdered: l.qtyOrdered,
      QuantityBackOrdered: l.qtyBackOrdered,
      QuantitySupplied: 0,
      UnitPrice: dollars(l.unitPriceCents),
      ExtendedTotalEx: dollars(l.exCents),
      TaxTotal: dollars(l.taxCents),
      ExtendedTotalInc: dollars(l.incCents),
    })),
  }
  await enqueueMail(trx, confirmationMail(w.buyer, f, placed))
  return placed
}

/** An order as the checkout answers it. */
export async function placedOrder(db: Db, orderId: number): Promise<PlacedOrder> {
  const [order, lines] = await Promise.all([repo.findOrderById(db, orderId), repo.orderLines(db, orderId)])
  return {
    OrderID: order.id,
    SalesOrder: order.sales_order,
    SalesOrderStatus: order.status,
    CustomerPurchaseOrder: order.customer_purchase_order,
    Warehouse: order.location_id,
    ExtendedEx: dollars(order.extended_ex_cents),
    TaxTotal: dollars(order.tax_cents),
    ExtendedInc: dollars(order.extended_inc_cents),
    items: lines.map((l): DocumentItem => ({
      LineNo: l.line_no,
      ProductID: l.product_id,
      ProductCode: l.product_code,
      Description: l.description,
      QuantityOrdered: l.qty_ordered,
      QuantityBackOrdered: l.qty_back_ordered,
      QuantitySupplied: l.qty_supplied,
      UnitPrice: dollars(l.unit_price_cents),
      ExtendedTotalEx: dollars(l.extended_ex_cents),
      TaxTotal: dollars(l.tax_cents),
      ExtendedTotalInc: dollars(l.extended_inc_cents),
    })),
  }
}

function confirmationMail(buyer: Buyer, form: PlaceOrderBody, order: PlacedOrder) {
  const money = (dollarsValue: number) => `$${pdfMoney(Math.round(dollarsValue * 100))}`
  const lines = order.items.map(
    (i) =>
      `  ${i.QuantityOrdered} x ${i.ProductCode}  ${i.Description}  ${money(i.ExtendedTotalInc)}${i.QuantityBackOrdered > 0 ? `  (${i.QuantityBackOrdered} on back order)` : ''}`,
  )
  const delivery = form.DeliveryType === 2 ? 'Pickup' : 'Delivered'
  const address = [form.DeliveryName, form.Address1, form.Address2, [form.City, form.State, form.PostalCode].filter(Boolean).join(' ')].filter(Boolean)
  return {
    to: buyer.email,
    subject: `Order ${order.SalesOrder} received (your PO ${order.CustomerPurchaseOrder})`,
    text: [
      `Hi ${buyer.name},`,
      '',
      `Thank you for your order for ${buyer.accountName}. We have received it as ${order.SalesOrder}.`,
      '',
      ...lines,
      '',
      `Total: ${money(order.ExtendedInc)} inc GST (GST ${money(order.TaxTotal)})`,
      `Purchase order: ${order.CustomerPurchaseOrder}`,
      `${delivery}: ${address.join(', ')}`,
      `Carrier: ${form.CarrierName}${form.CarrierInstructions ? ` (${form.CarrierInstructions})` : ''}`,
      '',
      'You can follow it under Order History in the portal.',
    ].join('\n'),
  }
}

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505'

/**
 * Places an order on account (every account but cash-sale and reseller ones): one transaction that locks the
 * cart and the stock rows, re-prices the cart, writes the order and empties the cart. A repeated submission
 * with the same idempotency key answers the order the first one placed.
 */
export async function placeOrder(
  { db, caches, metrics }: Deps,
  session: Session,
  body: PlaceOrderBody,
  idempotencyKey: string | undefined,
): Promise<PlacedOrder> {
  refuseResellers(session)
  if (session.isCash) throw forbidden('Cash-sale accounts pay by card at checkout.')
  const key = idempotencyKey ?? null
  let wrote = false
  try {
    const placed = await db.transaction().execute(async (trx) => {
      // The cart lock comes first, so a second submission of the same checkout waits here and then finds the first order.
      const cart = await repo.lockCart(trx, session.userId)
      if (key) {
        const existing = await repo.findOrderByKey(trx, session.accountId, key)
        if (existing) return placedOrder(trx, existing.id)
      }
      const { branch, lines } = await orderableCart(trx, session, cart, body.warehouse)
      const siteCode = await checkSite(trx, session.accountId, body.SiteCode)
      wrote = true
      return writeOrder(trx, { buyer: buyerOf(session), branch, siteCode, form: body, lines, idempotencyKey: key, paymentReference: null, cartLocked: true })
    })
    if (wrote) metrics?.orderPlaced('account')
    // The branch's stock moved: the lists show it at once here, and on other instances when the database says so.
    caches?.forgetCatalogue()
    caches?.forgetHistory(session.accountId)
    return placed
  } catch (err) {
    // Two submissions with one key from two sessions at once: the unique index let one through; answer with it.
    if (key && isUniqueViolation(err)) {
      const existing = await repo.findOrderByKey(db, session.accountId, key)
      if (existing) return placedOrder(db, existing.id)
    }
    throw err
  }
}

export function buyerOf(session: Session): Buyer {
  return {
    userId: session.userId,
    accountId: session.accountId,
    isCash: session.isCash,
    name: session.name,
    email: session.email,
    accountName: session.accountName,
  }
}

/** The form with the spec's names, from a pending order's camelCase orderDetails. */
export function formOf(d: PendingOrderDetails): PlaceOrderBody {
  return {
    ...(d.siteCode ? { SiteCode: d.siteCode } : {}),
    DeliveryName: d.deliveryName,
    Address1: d.address1,
    Address2: d.address2,
    City: d.city,
    State: d.state,
    PostalCode: d.postalCode,
    Contact: d.contact,
    Email: d.email,
    Phone: d.phone,
    Fax: d.fax,
    CarrierName: d.carrierName,
    CarrierInstructions: d.carrierInstructions,
    PurchaseOrder: d.purchaseOrder,
    OrderDesc: d.orderDesc,
    DeliveryType: d.deliveryType,
    warehouse: d.warehouse,
  }
}

/** Keeps the form with the cart (a pending card payment does, so the checkout screen has it back whatever happens). */
export async function rememberCheckoutInfo(db: Db, session: Session, form: PlaceOrderBody) {
  await repo.saveCheckoutInfo(db, session.userId, session.defaultBranch, form)
}

export async function saveCheckoutInfo({ db }: Deps, session: Session, info: CheckoutInfo): Promise<SavedCheckoutInfo> {
  refuseResellers(session)
  await repo.saveCheckoutInfo(db, session.userId, session.defaultBranch, info)
  return { checkoutInfo: info }
}

/** What was saved; details saved in an older shape read as nothing rather than failing the screen. */
export async function checkoutInfo({ db }: Deps, session: Session): Promise<SavedCheckoutInfo> {
  const cart = await repo.findCart(db, session.userId)
  const parsed = CheckoutInfo.safeParse(cart?.checkout_info ?? null)
  return { checkoutInfo: parsed.success ? parsed.data : null }
}
