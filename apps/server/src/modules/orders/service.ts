import type { PlacedOrder } from '@portal/contract/checkout'
import type {
  BackOrderItem,
  BackOrdersQuery,
  DocumentItem,
  OrderDetail,
  OrderListRow,
  OrdersQuery,
  ReorderReason,
  ReorderResult,
} from '@portal/contract/orders'
import { statusShown } from '@portal/contract/order-status'
import { toWirePart } from '@portal/contract/pricing'
import type { ChargedPart } from '@portal/contract/price-breaks'
import type { Deps, Session } from '../../lib/context'
import { historyRange } from '../../lib/date-range'
import { AppError, badRequest, notFound } from '../../lib/errors'
import { dollars } from '../../lib/money'
import { cart } from '../ordering'
import * as repo from './repo'

type Db = Deps['db']

/** `branch` filters by one of the account's delivery sites; 0 (or nothing) means all of them. */
async function siteFilter(db: Db, session: Session, branch: string | undefined): Promise<string | undefined> {
  if (branch === undefined || branch === '' || branch === '0') return undefined
  if (!(await repo.hasDeliverySite(db, session.accountId, branch))) {
    throw badRequest('unknown_branch', 'That branch is not one of your delivery sites.', 'querystring.branch')
  }
  return branch
}

export async function list({ db }: Deps, session: Session, query: OrdersQuery): Promise<OrderListRow[]> {
  const range = historyRange(query)
  const siteCode = await siteFilter(db, session, query.branch)
  const rows = await repo.listOrders(db, session.accountId, { range, search: query.search, siteCode }, query.size, (query.page - 1) * query.size)
  return rows.map((o) => ({
    OrderID: o.id,
    EnterDate: o.enter_date,
    CustomerPurchaseOrder: o.customer_purchase_order,
    SalesOrder: o.sales_order,
    PortalOrderId: o.portal_order_id,
    SalesOrderStatus: statusShown(o.status),
    Description: o.description,
    NumLines: o.num_lines,
    ExtendedEx: dollars(o.extended_ex_cents),
    TaxTotal: dollars(o.tax_cents),
    ExtendedInc: dollars(o.extended_inc_cents),
    SiteCode: o.site_code,
  }))
}

/** The screens link by order number (SO…); an all-digits id is the numeric OrderID. */
function orderKey(id: string): { id: number } | { salesOrder: string } {
  if (/^\d{1,9}$/.test(id)) return { id: Number(id) }
  return { salesOrder: id.toUpperCase() }
}

async function findOrder(db: Db, session: Session, id: string) {
  const order = await repo.findOrder(db, session.accountId, orderKey(id))
  if (!order) throw notFound('order')
  return order
}

/**
 * An order line as every document shows it (order detail, the order just placed, an invoice). A portal order's
 * line charged at carton or pallet prices carries its parts (`price_breaks`, decision 0067); an invoice's lines
 * are the ERP's and carry none.
 */
export function documentItem(l: {
  line_no: number
  product_id: number | null
  product_code: string
  description: string
  qty_ordered: number
  qty_back_ordered: number
  qty_supplied: number
  unit_price_cents: number
  extended_ex_cents: number
  tax_cents: number
  extended_inc_cents: number
  price_breaks?: unknown
}): DocumentItem {
  const parts = Array.isArray(l.price_breaks) ? (l.price_breaks as ChargedPart[]) : null
  return {
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
    ...(parts ? { PriceBreaks: parts.map(toWirePart) } : {}),
  }
}

/** An order of the account as the checkout and card payments answer it (GET-free: for the order just placed or found again). */
export async function placedOrder(db: Db, accountId: number, orderId: number): Promise<PlacedOrder> {
  const order = await repo.findOrder(db, accountId, { id: orderId })
  if (!order) throw notFound('order')
  const [lines, buyerEmail] = await Promise.all([repo.orderLines(db, order.id), order.user_id === null ? null : repo.userEmail(db, order.user_id)])
  return {
    OrderID: order.id,
    SalesOrder: order.sales_order,
    SalesOrderStatus: order.status,
    CustomerPurchaseOrder: order.customer_purchase_order,
    Warehouse: order.location_id,
    ExtendedEx: dollars(order.extended_ex_cents),
    TaxTotal: dollars(order.tax_cents),
    ExtendedInc: dollars(order.extended_inc_cents),
    items: lines.map(documentItem),
    ConfirmationEmail: buyerEmail,
  }
}

/** Whether the account has this delivery site. */
export const isDeliverySite = (db: Db, accountId: number, siteCode: string) => repo.hasDeliverySite(db, accountId, siteCode)

export async function detail({ db }: Deps, session: Session, id: string): Promise<OrderDetail> {
  const order = await findOrder(db, session, id)
  const lines = await repo.orderLines(db, order.id)
  return {
    OrderID: order.id,
    SalesOrder: order.sales_order,
    PortalOrderId: order.portal_order_id,
    SalesOrderStatus: statusShown(order.status),
    Description: order.description,
    CustomerPurchaseOrder: order.customer_purchase_order,
    EnterDate: order.enter_date,
    ShipDate: order.ship_date,
    Warehouse: order.location_id,
    WarehouseName: order.branch_name,
    SiteCode: order.site_code,
    DeliveryType: order.delivery_type,
    DeliveryName: order.delivery_name,
    DeliveryAddress1: order.delivery_address1,
    DeliveryAddress2: order.delivery_address2,
    DeliveryCity: order.delivery_city,
    DeliveryPostalCode: order.delivery_postal_code,
    DeliveryState: order.delivery_state,
    Contact: order.contact,
    Email: order.email,
    Phone: order.phone,
    Fax: order.fax,
    CarrierName: order.carrier_name,
    CarrierInstructions: order.carrier_instructions,
    ExtendedEx: dollars(order.extended_ex_cents),
    TaxTotal: dollars(order.tax_cents),
    ExtendedInc: dollars(order.extended_inc_cents),
    items: lines.map(documentItem),
  }
}

export async function backOrders({ db }: Deps, session: Session, query: BackOrdersQuery): Promise<BackOrderItem[]> {
  const range = historyRange(query)
  const siteCode = await siteFilter(db, session, query.branch)
  const rows = await repo.listBackOrders(db, session.accountId, { range, search: query.search, siteCode }, query.size, (query.page - 1) * query.size)
  return rows.map((r) => ({
    OrderID: r.order_id,
    SalesOrder: r.sales_order,
    EnterDate: r.enter_date,
    ProductID: r.product_id,
    ProductCode: r.product_code,
    Description: r.description,
    QtyOrdered: r.qty_ordered,
    QtyOnorder: r.qty_back_ordered,
    dueDate: r.due_date,
    siteCode: r.site_code,
  }))
}

const REASONS: Record<ReorderReason, string> = {
  not_available: 'This product is not available to your account.',
  discontinued: 'This product is no longer sold.',
  no_stock: 'There is no more stock of this product at this branch.',
  quantity_limit: 'Your cart already holds the most of this product a line can take.',
}

/**
 * Puts every orderable line of an order into the user's cart at the current branch, adding to what
 * is there. Products this user may not see or that are no longer sold are left out, and for a
 * cash-sale account a line never goes above the branch's stock (decision 0008).
 */
export async function reorder(deps: Deps, session: Session, id: string, warehouse: string | undefined): Promise<ReorderResult> {
  const order = await findOrder(deps.db, session, id)
  if (order.status.toLowerCase() === 'cancelled') throw new AppError(422, 'order_cancelled', 'A cancelled order cannot be reordered.')
  const lines = await repo.orderLines(deps.db, order.id)
  if (lines.length === 0) throw new AppError(422, 'order_has_no_items', 'This order has no items to reorder.')

  // The same product on two lines is asked for once, with the quantities added up.
  const wanted = new Map<number, { code: string; description: string; qty: number }>()
  const notAdded: ReorderResult['notAdded'] = []
  const leaveOut = (code: string, description: string, reason: ReorderReason) => {
    if (!notAdded.some((n) => n.ProductCode === code)) notAdded.push({ ProductCode: code, Description: description, reason, message: REASONS[reason] })
  }
  for (const line of lines) {
    if (line.qty_ordered <= 0) continue
    if (line.product_id === null) leaveOut(line.product_code, line.description, 'discontinued')
    else {
      const entry = wanted.get(line.product_id)
      if (entry) entry.qty += line.qty_ordered
      else wanted.set(line.product_id, { code: line.product_code, description: line.description, qty: line.qty_ordered })
    }
  }

  // The cart's own rules decide what goes in: branch, branch group, visibility, stock caps, locking.
  const asked = [...wanted].map(([productId, w]) => ({ productId, qty: w.qty }))
  const result = await cart.fill(deps, session, warehouse, asked)
  const added: ReorderResult['added'] = []
  for (const line of result.lines) {
    const want = wanted.get(line.productId)!
    if (line.refused) leaveOut(want.code, want.description, line.refused)
    else added.push({ ProductID: line.productId, ProductCode: want.code, Description: want.description, Quantity: line.added, Requested: want.qty })
  }
  return { warehouse: result.branch, added, notAdded, priceChanges: await priceChanges(deps, session, lines, added) }
}

/** The added lines whose unit price today differs from the order's (decision 0026): the cart charges today's. */
async function priceChanges(
  deps: Deps,
  session: Session,
  lines: Awaited<ReturnType<typeof repo.orderLines>>,
  added: ReorderResult['added'],
): Promise<NonNullable<ReorderResult['priceChanges']>> {
  const today = new Map(
    (
      await repo.todaysUnitPrices(
        deps.db,
        session.accountId,
        added.map((a) => a.ProductID),
      )
    ).map((r) => [r.productId, r.unitPriceCents]),
  )
  const changes: NonNullable<ReorderResult['priceChanges']> = []
  for (const a of added) {
    const now = today.get(a.ProductID)
    // The order's price for the product: its first line's (one product on two lines was added once).
    const ordered = lines.find((l) => l.product_id === a.ProductID)?.unit_price_cents
    if (now === undefined || ordered === undefined || now === ordered) continue
    changes.push({ ProductID: a.ProductID, ProductCode: a.ProductCode, Description: a.Description, OrderedPrice: dollars(ordered), Price: dollars(now) })
  }
  return changes
}
