import type { PlacedOrder, PlaceOrderBody } from '@portal/contract/checkout'
import { fromWirePart } from '@portal/contract/pricing'
import { describeParts, hasPackBreak, type ChargedPart } from '@portal/contract/price-breaks'
import type { Deps, Session } from '../../lib/context'
import type { OrderPayment } from '../../lib/metrics'
import { today } from '../../lib/date-range'
import { AppError, badRequest, conflict } from '../../lib/errors'
import { dollars, partsTotals, sumTotals } from '../../lib/money'
import { pdfMoney } from '../../lib/pdf-document'
import * as cart from './cart'
import { judgeCredit, type CreditRequest } from './credit'
import type { Mail } from '../mail/outbox'
import { documentItem, isDeliverySite, placedOrder } from '../orders/service'
import type { BuyerLimits } from './approvals-repo'
import * as repo from './placement-repo'
export { refuseResellers } from './rules'

/**
 * Order placement: the one way an order is made (placeOrder), by checkout on account (checkout.ts) and by an
 * approved card payment (modules/payments). Its steps, always in this order and in one transaction
 * (docs/decisions/0066-ordering.md):
 *
 *   1. lockAndRead      the buyer's cart row (FOR UPDATE): one placement of a cart at a time, and cart before stock;
 *                       the order the request's idempotency key already made, which is then the answer;
 *   2. priceLines       the cart's lines at today's prices (a card payment stores them and pays for exactly those);
 *   3. checkStockAndCredit
 *                       the stock rows of its products, locked in product order, and for an order on account the
 *                       account's row after them; then the cash-sale stock rule, units other buyers' card payments
 *                       hold (holdStock keeps them for a payment), and the account's credit rule (credit.ts);
 *   4. writeOrder       numbered, allocated at the branch (the rest on back order), written with its lines;
 *   5. clearCart        the cart's lines and its saved checkout details go;
 *   6. confirm          the confirmation e-mail, in the same transaction (5 and 6 are one statement).
 */

type Db = Deps['db']

/** A cart line at the price the account pays, as an order or a pending card payment takes it. */
export interface OrderLine {
  productId: number
  productCode: string
  description: string
  quantity: number
  /** What the account pays for a single unit. */
  unitPriceCents: number
  /**
   * What the line is charged: full pallets, full cartons, then units (ordering/cart.ts lineParts). Missing in a
   * card payment stored before price breaks were charged: its units were all paid for at the unit price.
   */
  parts?: ChargedPart[]
}

/** What a line is charged as: its parts, or all its units at the unit price. */
export const partsOf = (l: OrderLine): ChargedPart[] =>
  l.parts ?? [{ break: 'unit', quantity: l.quantity, packQty: null, packs: null, priceCents: l.unitPriceCents }]

/** Who an order is for: the signed-in user, or the user a pending card payment was made by. */
export interface Buyer {
  userId: number
  accountId: number
  /** Cash-sale accounts can never take more than the branch has for them. */
  isCash: boolean
  name: string
  email: string
  accountName: string
  /** The back office user entering the order for the buyer (decision 0101); absent or null when the buyer places it. */
  enteredBy?: { id: number; email: string; name: string } | null
}

/** What a new order is until the branch picks it. */
const ORDER_STATUS = 'Entered'

/** Days after the order date that back-ordered lines are expected to ship. */
const BACK_ORDER_LEAD_DAYS = 14

const cartEmpty = () => new AppError(422, 'cart_empty', 'Your cart is empty. Add products before checking out.')

/** An order as the checkout and card payments answer it. */
export { placedOrder }

export const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505'

export function buyerOf(session: Session): Buyer {
  return {
    userId: session.userId,
    accountId: session.accountId,
    isCash: session.isCash,
    name: session.name,
    email: session.email,
    accountName: session.accountName,
    enteredBy: session.actingBy && { id: session.actingBy.userId, email: session.actingBy.email, name: session.actingBy.name },
  }
}

/** Step 1. The buyer's cart, locked until the transaction ends; undefined when they have none. */
export const lockCart = (db: Db, userId: number) => cart.lockCart(db, userId)

type LockedCart = Awaited<ReturnType<typeof lockCart>>
type PricedLine = Awaited<ReturnType<typeof cart.pricedLines>>[number]

/** The buyer's cart as an order meets it: locked, the order its key already made, and (when asked) its lines priced. */
export interface CartForOrder {
  cart: LockedCart
  /** The order this buyer placed with the request's idempotency key, or null. */
  ordered: number | null
  /** The cart's lines priced, when read with the lock (else priceLines reads them). */
  lines: PricedLine[] | undefined
  /** The buyer's spending limits, their user row locked, and the key's approval, when read with the cart's lock (else approvals.limitsOf reads them). */
  limits: BuyerLimits | undefined
}

/** The id of the order this buyer placed with the key, or null (none, or no key). */
const orderOfKey = async (trx: Db, userId: number, key: string | null) => (key ? ((await repo.findOrderByKey(trx, userId, key))?.id ?? null) : null)

/**
 * Steps 1 and 2's reading, the one way an order meets its cart. With a viewer, one statement locks the cart and the
 * buyer's user row, finds the key's order and approval, reads the buyer's limits and prices the lines
 * (repo.lockCartForOrder); when that statement's snapshot predates the lock, the
 * key's order is looked for again now that the cart is locked (a placement that emptied the cart has committed by then).
 * Without one (a card payment brings its own lines), the cart is locked and the key's order looked for.
 */
async function lockAndRead(trx: Db, buyer: OrderRequest<unknown>['buyer'], key: string | null): Promise<CartForOrder> {
  if (!buyer.viewer) {
    const locked = await lockCart(trx, buyer.userId)
    return { cart: locked, ordered: await orderOfKey(trx, buyer.userId, key), lines: undefined, limits: undefined }
  }
  const read = await repo.lockCartForOrder(trx, buyer.viewer, key)
  const ordered = read.ordered !== undefined ? read.ordered : await orderOfKey(trx, buyer.userId, key)
  return { cart: read.cart, ordered, lines: read.lines, limits: read.limits }
}

/** A priced line (the cart's, or an approval's priced now) as an order takes it: charged by its breaks for the viewer. */
export function orderLineOf(viewer: Pick<Session, 'isElders'>, r: PricedLine): OrderLine {
  return {
    productId: r.productId,
    productCode: r.productCode,
    description: r.description,
    quantity: r.quantity,
    unitPriceCents: cart.unitPriceOf(r),
    parts: cart.lineParts(viewer, r, r.quantity),
  }
}

/**
 * Step 2. The cart's lines, priced for this account now (`read` with the lock, else read here), at the cart's
 * branch, which must be the one the form names. An empty cart, and a product that is withdrawn or hidden from
 * the user (by name), refuse it.
 */
export async function priceLines(db: Db, session: Session, locked: LockedCart, warehouse: string, read?: PricedLine[]) {
  const rows = locked ? (read ?? (await cart.pricedLines(db, session, locked))) : []
  if (!locked || rows.length === 0) throw cartEmpty()
  for (const row of rows) {
    if (!row.active || !row.visible) {
      throw new AppError(
        422,
        'product_not_available',
        `${row.productCode} ${row.description} can no longer be ordered online. Remove it from your cart and try again.`,
      )
    }
  }
  if (warehouse.toUpperCase() !== locked.location_id) {
    throw conflict('cart_branch_mismatch', `Your cart holds items for ${locked.branchName}. Switch to that branch to check out.`)
  }
  const lines = rows.map((r) => orderLineOf(session, r))
  // Accepting a quote puts its lines into a cart holding no other quote's (quotes/service.ts accept): one at most.
  const quoteId = rows.find((r) => r.quoteId !== null)?.quoteId ?? null
  return { branch: locked.location_id, lines, totals: sumTotals(lines.map((l) => partsTotals(partsOf(l)))), quoteId }
}

/** The delivery site must be one of the account's; an unknown one is a client mistake, not a silent blank. */
export async function checkSite(db: Db, accountId: number, siteCode: string | undefined): Promise<string | null> {
  if (!siteCode) return null
  if (!(await isDeliverySite(db, accountId, siteCode))) throw badRequest('unknown_site', 'That delivery site is not one of your account’s.', 'body.SiteCode')
  return siteCode
}

/**
 * Step 3. Locks the stock rows of the lines' products at the branch (in product order) and decides what
 * each line takes: what the branch has less what other buyers' live card payments hold. The cash-sale
 * stock rule refuses a line beyond that (409), except a line this payment's own live hold covers: a held
 * order always becomes the order. Answers the units each line takes off the stock; the rest is back-ordered.
 */
export async function checkStockAndCredit(
  trx: Db,
  buyer: Buyer,
  branch: string,
  lines: OrderLine[],
  pendingId: string | null = null,
  credit?: CreditRequest,
): Promise<{ taken: number[]; availableCredit: number | null }> {
  const productIds = [...new Set(lines.map((l) => l.productId))]
  const read = await repo.lockStockAndCredit(trx, branch, productIds, { userId: buyer.userId, pendingId }, credit ? buyer.accountId : null)
  const free = new Map(read.stock.map((s) => [s.product_id, s.qty_available - s.heldByOthers]))
  const held = new Map(read.stock.map((s) => [s.product_id, s.heldForThis]))
  const taken = lines.map((l) => {
    const available = free.get(l.productId) ?? 0
    const covered = (held.get(l.productId) ?? 0) >= l.quantity
    if (!covered) cart.checkCashStock(buyer, l.quantity, available)
    const taken = Math.min(l.quantity, Math.max(0, available))
    free.set(l.productId, available - taken)
    held.set(l.productId, (held.get(l.productId) ?? 0) - l.quantity)
    return taken
  })
  return { taken, availableCredit: credit ? judgeCredit(read.credit, totalOf(lines).incCents, credit) : null }
}

/**
 * Step 3 for a card payment: checks the stock as an order would and holds the lines' units at the branch
 * for the pending payment, for `minutes`, so that no one else can take them before it is paid.
 */
export async function holdStock(trx: Db, hold: { pendingId: string; buyer: Buyer; branch: string; lines: OrderLine[]; minutes: number }) {
  await checkStockAndCredit(trx, hold.buyer, hold.branch, hold.lines)
  await repo.insertHolds(trx, {
    pendingId: hold.pendingId,
    userId: hold.buyer.userId,
    branch: hold.branch,
    minutes: hold.minutes,
    lines: hold.lines.map((l) => ({ productId: l.productId, qty: l.quantity })),
  })
}

/** Lets go of the units pending card payments hold (paid, declined, replaced). */
export const releaseHolds = (trx: Db, pendingIds: string[]) => repo.releaseHolds(trx, pendingIds)

function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(y, m - 1, d + days))
  return date.toISOString().slice(0, 10)
}

export interface Placement {
  buyer: Buyer
  branch: string
  siteCode: string | null
  form: PlaceOrderBody
  lines: OrderLine[]
  idempotencyKey: string | null
  paymentReference: string | null
  /** The pending card payment the order is made of: its live hold guarantees its units. */
  pendingId?: string
  /** The order is not made of the buyer's cart (an approved order): the cart stays as it is. */
  keepsCart?: boolean
  /** The quote whose quoted prices the lines carry (decision 0102): the order is that quote's one order. */
  quoteId?: number | null
}

/** The total inc GST of lines, as the order is written: GST per line. */
export const totalOf = (lines: OrderLine[]) => sumTotals(lines.map((l) => partsTotals(partsOf(l))))

/**
 * Stands for the order's number in its confirmation until the order's statement gives it. A request's text
 * never holds a NUL (plugins/errors.ts refuses it), so nothing a buyer typed is taken for it.
 */
const NUMBER_TO_COME = '\u0000sales order\u0000'

/**
 * Steps 4 to 6. Numbers the order and writes it with its lines, taking `taken[i]` units of line i off the
 * branch's stock and back-ordering the rest (due in two weeks), empties the cart and writes the confirmation
 * to the outbox, in the order's statement (decision 0098). GST is per line, rounded to the cent.
 */
async function writeOrder(trx: Db, p: Placement, taken: number[], availableCreditCents: number | null): Promise<PlacedOrder> {
  const enterDate = today()
  const dueDate = addDays(enterDate, BACK_ORDER_LEAD_DAYS)
  const lines: repo.NewOrderLine[] = p.lines.map((l, index) => {
    const parts = partsOf(l)
    const totals = partsTotals(parts)
    const backOrdered = l.quantity - taken[index]!
    return {
      line_no: index + 1,
      product_id: l.productId,
      product_code: l.productCode,
      description: l.description,
      qty_ordered: l.quantity,
      qty_back_ordered: backOrdered,
      qty_supplied: 0,
      unit_price_cents: l.unitPriceCents,
      extended_ex_cents: totals.exCents,
      tax_cents: totals.taxCents,
      extended_inc_cents: totals.incCents,
      due_date: backOrdered > 0 ? dueDate : null,
      // What was charged, when it was more than units at the unit price (orders/service.ts documentItem): pack breaks, a quoted price.
      price_breaks: hasPackBreak(parts) ? parts : null,
    }
  })
  const totals = sumTotals(lines.map((l) => ({ exCents: l.extended_ex_cents, taxCents: l.tax_cents, incCents: l.extended_inc_cents })))
  const f = p.form
  const taking = p.lines.map((l, index) => ({ productId: l.productId, qty: taken[index]! }))
  const placed: PlacedOrder = {
    OrderID: 0,
    SalesOrder: NUMBER_TO_COME,
    SalesOrderStatus: ORDER_STATUS,
    CustomerPurchaseOrder: f.PurchaseOrder,
    Warehouse: p.branch,
    ExtendedEx: dollars(totals.exCents),
    TaxTotal: dollars(totals.taxCents),
    ExtendedInc: dollars(totals.incCents),
    items: lines.map(documentItem),
    ConfirmationEmail: p.buyer.email,
  }
  // The e-mail is written before the order has its number: the statement puts the number in.
  const mail = confirmation(p.buyer, f, placed)
  const order = await repo.writeOrder(
    trx,
    p.branch,
    taking,
    {
      status: ORDER_STATUS,
      accountId: p.buyer.accountId,
      userId: p.buyer.userId,
      branch: p.branch,
      siteCode: p.siteCode,
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
      idempotencyKey: p.idempotencyKey,
      paymentReference: p.paymentReference,
      availableCreditCents,
      enteredById: p.buyer.enteredBy?.id ?? null,
      enteredByEmail: p.buyer.enteredBy?.email ?? null,
      quoteId: p.quoteId ?? null,
    },
    lines,
    { to: mail.to, subject: mail.subject.split(NUMBER_TO_COME), text: mail.text.split(NUMBER_TO_COME) },
    p.keepsCart ? null : p.buyer.userId,
  )
  return { ...placed, OrderID: order.id, SalesOrder: order.salesOrder }
}

/** The confirmation e-mail of an order. */
function confirmation(buyer: Buyer, form: PlaceOrderBody, order: PlacedOrder): Mail {
  const money = (dollarsValue: number) => `$${pdfMoney(Math.round(dollarsValue * 100))}`
  const lines = order.items.flatMap((i) => {
    const breakdown = i.PriceBreaks ? describeParts(i.PriceBreaks.map(fromWirePart)) : null
    return [
      `  ${i.QuantityOrdered} x ${i.ProductCode}  ${i.Description}  ${money(i.ExtendedTotalInc)}${i.QuantityBackOrdered > 0 ? `  (${i.QuantityBackOrdered} on back order)` : ''}`,
      ...(breakdown ? [`      ${breakdown} (ex GST)`] : []),
    ]
  })
  const delivery = form.DeliveryType === 2 ? 'Pickup' : 'Delivered'
  const address = [form.DeliveryName, form.Address1, form.Address2, [form.City, form.State, form.PostalCode].filter(Boolean).join(' ')].filter(Boolean)
  return {
    to: buyer.email,
    subject: `Order ${order.SalesOrder} received (your PO ${order.CustomerPurchaseOrder})`,
    text: [
      `Hi ${buyer.name},`,
      '',
      `Thank you for your order for ${buyer.accountName}. We have received it as ${order.SalesOrder}.`,
      ...(buyer.enteredBy ? ['', `It was entered for you by your representative, ${buyer.enteredBy.name} (${buyer.enteredBy.email}).`] : []),
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

/**
 * What follows every order once it has committed, whichever way it was placed (on account, by a paid card payment):
 * it is counted, and this process is told at once what the database's notifications will say of it
 * (InMemory.orderTold): the stock book reads the products' stock again (a page holding them waits for that) and
 * the account's history pages are forgotten, as every other instance does when the notifications reach it.
 */
export function afterOrder(deps: Pick<Deps, 'metrics' | 'inMemory'>, order: { accountId: number; productIds: number[]; payment: OrderPayment }) {
  deps.metrics.orderPlaced(order.payment)
  deps.inMemory.orderTold(order)
}

/**
 * Steps 3 to 6 for lines already priced, the cart locked (step 1) by placeOrder. An order on account meets its
 * account's credit rule after the stock is locked (the order the ERP import locks them in) and before anything is written.
 */
async function place(trx: Db, p: Placement, credit: CreditRequest | undefined): Promise<PlacedOrder> {
  const quoteId = p.quoteId ?? null
  // A card payment's quote was checked when it was paid for, and again by its prepare (quoteUnordered).
  if (quoteId !== null && !p.pendingId) await checkQuote(trx, p.buyer.accountId, quoteId)
  const { taken, availableCredit } = await checkStockAndCredit(trx, p.buyer, p.branch, p.lines, p.pendingId ?? null, credit)
  const order = await writeOrder(trx, p, taken, availableCredit)
  if (quoteId !== null) await repo.markQuoteOrdered(trx, quoteId, order.OrderID)
  return order
}

/**
 * An order of quoted prices is its quote's one order (decision 0102): the quote's row is locked, so two carts
 * holding its lines (the user who asked and an Administrator both accepted it) place one order between them, and
 * the quote must still hold (accepted, unordered, not past its expiry date). The lines were priced before the
 * lock; a quote ordered or expired meanwhile refuses the order (409), and the cart then shows today's prices.
 * The unique index on orders.quote_id refuses a second order whatever code writes it.
 */
export async function checkQuote(trx: Db, accountId: number, quoteId: number) {
  const quote = await repo.lockQuote(trx, accountId, quoteId)
  if (!quote || quote.status !== 'accepted' || quote.order_id !== null) {
    throw conflict('quote_ordered', `Quote ${quoteReference(quoteId)} has already been ordered. Your cart now shows today’s prices: check it and order again.`)
  }
  if (quote.expired) {
    throw conflict(
      'quote_expired',
      `Quote ${quoteReference(quoteId)} expired on ${quote.expires_on}. Your cart now shows today’s prices: check it and order again.`,
    )
  }
}

/** Whether the quote (locked until the transaction ends) is accepted and not yet ordered: a paid card payment makes its order. */
export async function quoteUnordered(trx: Db, accountId: number, quoteId: number) {
  const quote = await repo.lockQuote(trx, accountId, quoteId)
  return quote !== undefined && quote.status === 'accepted' && quote.order_id === null
}

/** A quote's reference as the customer and the staff know it: Q and six digits. */
export const quoteReference = (id: number) => `Q${String(id).padStart(6, '0')}`

/** What placeOrder answers instead of an order when the request places none (a card payment refused, say). */
export interface NoOrder<R> {
  noOrder: R
}

export const isNoOrder = <R>(answer: PlacedOrder | NoOrder<R>): answer is NoOrder<R> => 'noOrder' in answer

/** What placeOrder answers: an order, or for a request that can place none, that request's answer. */
export type OrderAnswer<R> = [R] extends [never] ? PlacedOrder : PlacedOrder | NoOrder<R>

/** A request to place an order: a checkout on account (checkout.ts) or a paid card payment (modules/payments). */
export interface OrderRequest<R> {
  buyer: {
    userId: number
    accountId: number
    /** Whose prices and visibility the cart's lines are read with, when the order is made of them. */
    viewer?: Pick<Session, 'userId' | 'accountId' | 'isElders'>
  }
  /** The request's idempotency key: an order this buyer already placed with it is the answer, and no second one is made. */
  key: string | null
  payment: OrderPayment
  /** An order on account: the account's credit rule applies (credit.ts judgeCredit). A card-paid order takes no credit. */
  credit?: CreditRequest
  /** Under the cart's lock: what to order (the key goes with it), or an answer that places nothing. */
  prepare(trx: Db, read: CartForOrder): Promise<Omit<Placement, 'idempotencyKey'> | NoOrder<R>>
  /** The answer when the key's order exists already; that order by default. */
  replayed?(trx: Db, orderId: number): Promise<PlacedOrder | NoOrder<R>>
  /** In the order's transaction, once it is written. */
  placed?(trx: Db, order: PlacedOrder): Promise<void>
}

/**
 * The one way an order is placed (docs/decisions/0066-ordering.md), for an order on account and for a paid card
 * payment alike: in one transaction, the cart locked and read (lockAndRead), the key's earlier order answered
 * (the replay), else the request's lines placed (steps 3 to 6) under the same lock; once committed, afterOrder.
 * Two requests with one key at the same moment: the unique index lets one order through and the other answers it.
 */
export async function placeOrder<R = never>(deps: Pick<Deps, 'db' | 'metrics' | 'inMemory'>, request: OrderRequest<R>): Promise<OrderAnswer<R>> {
  const { buyer, key } = request
  const replay = (trx: Db, orderId: number) => (request.replayed ? request.replayed(trx, orderId) : placedOrder(trx, buyer.accountId, orderId))
  let moved: number[] | null = null
  try {
    const answer = await deps.db.transaction().execute(async (trx) => {
      const read = await lockAndRead(trx, buyer, key)
      if (read.ordered !== null) return replay(trx, read.ordered)
      const prepared = await request.prepare(trx, read)
      if ('noOrder' in prepared) return prepared
      const order = await place(trx, { ...prepared, idempotencyKey: key }, request.credit)
      await request.placed?.(trx, order)
      moved = prepared.lines.map((l) => l.productId)
      return order
    })
    if (moved) afterOrder(deps, { accountId: buyer.accountId, productIds: moved, payment: request.payment })
    return answer as OrderAnswer<R>
  } catch (err) {
    const existing = key && isUniqueViolation(err) ? await repo.findOrderByKey(deps.db, buyer.userId, key) : undefined
    if (existing) return (await replay(deps.db, existing.id)) as OrderAnswer<R>
    throw err
  }
}
