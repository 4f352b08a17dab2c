import type { AddToCartBody, CartLine, CartSummary, UpdateCartBody } from '@portal/contract/cart'
import { CART_ERRORS } from '@portal/contract/cart'
import { MAX_LINE_QUANTITY } from '@portal/contract/constants'
import type { Message } from '@portal/contract/common'
import { toWirePart } from '@portal/contract/pricing'
import { chargedParts, describeParts, type ChargedPart } from '@portal/contract/price-breaks'
import { inTransaction } from '../../db/database'
import type { Deps, Session } from '../../lib/context'
import { AppError, badRequest, conflict } from '../../lib/errors'
import { dollars, partsTotals, sumTotals, type LineTotals } from '../../lib/money'
import { pdfMoney } from '../../lib/pdf-document'
import { enqueueMail } from '../mail/outbox'
import { renderCartPdf } from './cart-pdf'
import * as idempotency from './idempotency'
import * as repo from './cart-repo'

type Db = Deps['db']

/** A cart line as the rules and documents see it: amounts in cents, weight in grams. */
export interface PricedLine extends LineTotals {
  id: number
  productId: number
  productCode: string
  description: string
  category: string
  quantity: number
  /** What the account pays for a single unit. */
  unitPriceCents: number
  /** What the line is charged: full pallets, then full cartons, then units (lineParts). */
  parts: ChargedPart[]
  gramsEach: number
  available: number
}

/** A line's prices at each break as the cart's queries read them (repo.ts breakPrices). */
export interface LinePrices {
  unitPriceCents: number
  cartonPriceCents: number | null
  cartonQty: number | null
  palletPriceCents: number | null
  palletQty: number | null
  /** The price an accepted quote gave the line, for its quoted quantity (decision 0102); null or left out: none. */
  quotedPriceCents?: number | null
  quotedQty?: number | null
}

/**
 * What a line of `quantity` units is charged as for this viewer: full pallets at the pallet price, then full
 * cartons at the carton price, the rest at the unit price, all as the account pays them (decision 0067). A
 * reseller sees one price only, the unit price, and is charged that one price for every unit.
 */
export function lineParts(viewer: Pick<Session, 'isElders'>, prices: LinePrices, quantity: number): ChargedPart[] {
  const { quotedPriceCents, quotedQty } = prices
  if (quotedPriceCents !== null && quotedPriceCents !== undefined && quotedQty !== null && quotedQty !== undefined) {
    // A quoted price holds for the quoted quantity only; units beyond it are charged as any other (decision 0102).
    const quoted = Math.min(quantity, quotedQty)
    const rest = lineParts(viewer, { ...prices, quotedPriceCents: null }, quantity - quoted)
    return quoted > 0 ? [{ break: 'quote', quantity: quoted, packQty: null, packs: null, priceCents: quotedPriceCents }, ...rest] : rest
  }
  return chargedParts(
    quantity,
    {
      unitCents: prices.unitPriceCents,
      cartonCents: prices.cartonPriceCents,
      cartonQty: prices.cartonQty,
      palletCents: prices.palletPriceCents,
      palletQty: prices.palletQty,
    },
    { onePrice: viewer.isElders },
  )
}

/** What a line shows as its unit price: the quoted price while a quote holds it, else the account's. */
export const unitPriceOf = (prices: LinePrices) => prices.quotedPriceCents ?? prices.unitPriceCents

/** The breakdown of a line as the documents word it ("2 cartons of 4 at $40.90, 1 at $45.32"); null for plain units. */
export const describeLine = (line: { parts: ChargedPart[] }) => describeParts(line.parts)

export interface CartContents {
  branch: { code: string; name: string } | null
  lines: PricedLine[]
  totals: LineTotals
  grams: number
}

const lineNotFound = () => new AppError(404, 'cart_line_not_found', 'No such line in your cart.')
const productNotFound = () => new AppError(404, 'not_found', 'No such product.')
/** The one refusal of the cash-sale stock rule, from the cart, the checkout and card payments alike. */
export const quantityNotAvailable = () => conflict('quantity_not_available', CART_ERRORS.quantityNotAvailable)
const notInGroup = () => new AppError(403, 'branch_not_in_group', 'Your account does not order from that branch.')
const tooMuch = () => new AppError(422, 'quantity_limit', `A cart line can hold at most ${MAX_LINE_QUANTITY.toLocaleString('en-AU')}.`)

/**
 * The stock rule for cash-sale accounts (CAS): they can never hold, or order, more than the branch has for
 * them, which is its stock less what other users' card payments hold (docs/decisions/0024). Other accounts
 * may go beyond it (back orders). The most this buyer may have of a product with `available` units.
 */
export function cashStockCap(buyer: { isCash: boolean }, available: number): number {
  return buyer.isCash ? Math.max(available, 0) : Infinity
}

/** The stock rule as a check: refuses a quantity beyond the cap (409 `quantity_not_available`). */
export function checkCashStock(buyer: { isCash: boolean }, quantity: number, available: number) {
  if (quantity > cashStockCap(buyer, available)) throw quantityNotAvailable()
}

type CartRow = NonNullable<Awaited<ReturnType<typeof repo.findCart>>>

/** The user's cart, locked until the transaction ends (changes and orders of one cart queue up); undefined when there is none. */
export const lockCart = (db: Db, userId: number) => repo.lockCart(db, userId)

/** Every line of the cart priced for this account now, with the stock at the cart's branch and whether it may still be ordered. */
export const pricedLines = (db: Db, session: Session, cart: Pick<CartRow, 'id' | 'location_id'>) => repo.pricedLines(db, session, cart.id, cart.location_id)

/** After an order is sent for approval (run holding the cart's lock): its lines and saved checkout details go. */
export const clearAfterApproval = (db: Db, userId: number) => repo.emptyAfterApproval(db, userId)

/** Products and quantities that are not a cart's, priced for the viewer now at `branch`, as pricedLines prices a cart's. */
export const pricedItems = repo.pricedItems

/**
 * Keeps the checkout form with the user's cart while it holds lines; true when kept. A draft that arrives after
 * the cart became an order (from a second tab, or late on a slow line) is not kept: the next order would
 * otherwise open with this one's purchase order filled in.
 */
export const saveCheckoutInfo = (db: Db, session: Session, info: unknown) =>
  // A card payment keeps the form with the cart inside its own transaction.
  inTransaction(db, async (trx) => {
    const cart = await repo.lockCart(trx, session.userId)
    return cart !== undefined && repo.saveCheckoutInfo(trx, cart.id, info)
  })

/** The checkout form saved with the cart, as it was stored (null when none). */
export const savedCheckoutInfo = async (db: Db, userId: number): Promise<unknown> => (await repo.findCart(db, userId))?.checkout_info ?? null

/** The cart's lines priced for this account, GST per line, and the stock and weight that go with them. */
async function contents(db: Db, session: Session): Promise<CartContents> {
  const rows = await repo.ownPricedLines(db, session)
  const first = rows[0]
  if (!first) return { branch: null, lines: [], totals: sumTotals([]), grams: 0 }
  return contentsFrom(session, rows, { code: first.branch, name: first.branchName })
}

/** The contents of a cart at `branch` from its priced lines (repo.pricedLines), charged for `viewer`. */
function contentsFrom(
  viewer: Pick<Session, 'isElders'>,
  priced: Awaited<ReturnType<typeof repo.pricedLines>>,
  branch: { code: string; name: string },
): CartContents {
  const rows = priced.filter((r) => r.visible)
  const lines = rows.map((r) => {
    const parts = lineParts(viewer, r, r.quantity)
    return {
      id: r.id,
      productId: r.productId,
      productCode: r.productCode,
      description: r.description,
      category: r.category,
      quantity: r.quantity,
      unitPriceCents: unitPriceOf(r),
      parts,
      gramsEach: Math.round(Number(r.weightKg) * 1000),
      available: r.available,
      ...partsTotals(parts),
    }
  })
  return {
    // Only a cart with lines belongs to a branch; an emptied one takes whichever branch its next product comes from.
    branch: lines.length > 0 ? branch : null,
    lines,
    totals: sumTotals(lines),
    grams: lines.reduce((sum, l) => sum + l.gramsEach * l.quantity, 0),
  }
}

/**
 * The summary of a cart at `branch` from its priced lines (the cart screen's, or the ones a change answers:
 * repo.putLinesReturningLines): the lines the user may see, GST per line. Only a cart with lines belongs to a branch.
 */
function summaryFrom(
  viewer: Pick<Session, 'isElders'>,
  rows: ReadonlyArray<LinePrices & { visible: boolean; quantity: number }>,
  branch: string | undefined,
): CartSummary {
  const lines = rows.filter((r) => r.visible)
  const totals = sumTotals(lines.map((l) => partsTotals(lineParts(viewer, l, l.quantity))))
  return { Count: lines.length, Value: dollars(totals.incCents), warehouse: lines.length > 0 && branch !== undefined ? branch : null }
}

/** The summary of the user's own cart, in one statement. */
async function ownSummary(db: Db, session: Session): Promise<CartSummary> {
  const rows = await repo.ownPricedLines(db, session)
  return summaryFrom(session, rows, rows[0]?.branch)
}

function toCartLine(l: PricedLine): CartLine {
  return {
    ShopCartLineID: l.id,
    ProductID: l.productId,
    ProductCode: l.productCode,
    Description: l.description,
    Quantity: l.quantity,
    Price: dollars(l.unitPriceCents),
    PriceBreaks: l.parts.map(toWirePart),
    ExtendedEx: dollars(l.exCents),
    TaxTotal: dollars(l.taxCents),
    ExtendedInc: dollars(l.incCents),
    Product: { Weight: l.gramsEach / 1000, Category: l.category, Availability: { Available: l.available } },
  }
}

/** The header's summary: number of lines and the total inc GST, summed from per-line GST. */
export async function summary({ db }: Deps, session: Session): Promise<CartSummary> {
  return ownSummary(db, session)
}

/**
 * The cart screen's lines. A cart belongs to one branch, so they are always the cart's lines,
 * stocked at the cart's branch, whichever branch the client shows (docs/decisions/0007-cart.md).
 */
export async function items({ db }: Deps, session: Session): Promise<CartLine[]> {
  const { lines } = await contents(db, session)
  return lines.map(toCartLine)
}

/** What the branch rule of a change needs to know. */
interface BranchFacts {
  hasLines: boolean
  /** The branch asked for, if it exists and takes orders (null: it does not); undefined when none was asked for. */
  asked: { code: string; name: string } | null | undefined
  /** Whether the account may order from the branch asked for (its branch group, if it has one). */
  ordersFrom: boolean
}

/**
 * The branch an add goes to: the one asked for, which must exist, take orders, be in the account's
 * branch group if it has one, and match a cart that has lines (docs/decisions/0007-cart.md, 0021).
 */
function judgeBranch(session: Session, cart: Pick<CartRow, 'location_id' | 'branchName'>, facts: BranchFacts): string {
  if (facts.asked === undefined) return facts.hasLines ? cart.location_id : session.defaultBranch
  if (facts.asked === null) throw badRequest('unknown_warehouse', 'That branch does not take orders.', 'body.warehouse')
  if (!facts.ordersFrom) throw notInGroup()
  if (facts.hasLines && facts.asked.code !== cart.location_id) {
    throw conflict(
      'cart_branch_mismatch',
      `Your cart holds items for ${cart.branchName}. Switch back to that branch, or empty your cart to shop at ${facts.asked.name}.`,
    )
  }
  return facts.asked.code
}

/** The user's cart, locked until the transaction ends; made at the account's default branch first when there is none. */
async function lockOrCreateCart(db: Db, session: Session): Promise<void> {
  if (await repo.lockCart(db, session.userId)) return
  await repo.createCart(db, session.userId, session.defaultBranch)
  await repo.lockCart(db, session.userId)
}

/** The branch rule's facts from a change's facts (repo.fillFacts), for the branch `asked` (null: none). */
function branchFacts(asked: string | null, facts: Pick<repo.ChangeFacts, 'lineCount' | 'askedName' | 'ordersFrom'>): BranchFacts {
  return {
    hasLines: facts.lineCount > 0,
    asked: asked === null ? undefined : facts.askedName === null ? null : { code: asked, name: facts.askedName },
    ordersFrom: facts.ordersFrom,
  }
}

async function checkStock(db: Db, session: Session, productId: number, branch: string, quantity: number) {
  if (session.isCash) checkCashStock(session, quantity, await repo.stockAt(db, session.userId, productId, branch))
}

/**
 * Adds to the product's line (a new line the first time); an empty cart takes the branch asked for. The rules
 * of judgeBranch, checkStock and the line's limit, judged on one statement's facts, and the change written in
 * one more (decision 0098: a round trip is most of an add's cost). The write is made only if the cart is still
 * as the facts found it, checked under its lock (decision 0098): an add without an Idempotency-Key is then two
 * statements and no transaction. When the cart changed in between, with a key (claimed in the add's own
 * transaction), or while another add of the same user runs here, the add is judged holding the cart's lock, as
 * before.
 */
export async function add({ db }: Deps, session: Session, body: AddToCartBody, idempotencyKey?: string): Promise<CartSummary> {
  return oneUsersChange(session.userId, async (alone) => {
    if (alone && idempotencyKey === undefined) {
      const added = await judgedAdd(db, session, body)
      if (added) return added
    }
    return db.transaction().execute(async (trx) => {
      const replayed = await idempotency.claim(trx, session.userId, idempotencyKey)
      if (replayed) return replayed
      await lockOrCreateCart(trx, session)
      // The cart is locked: it is as the facts find it until the transaction ends, so the write is always made.
      const summary = (await judgedAdd(trx, session, body))!
      return idempotency.remember(trx, session.userId, idempotencyKey, summary)
    })
  })
}

/**
 * Runs a change of a user's cart, telling it whether it is `alone`: no other change of this user's cart is
 * running in this process. One user's changes at once (two tabs, a double tap) would find the cart changed
 * under them, so all but the first take the cart's lock at once (decision 0098).
 */
async function oneUsersChange<T>(userId: number, change: (alone: boolean) => Promise<T>): Promise<T> {
  const running = changesRunning.get(userId) ?? 0
  changesRunning.set(userId, running + 1)
  try {
    return await change(running === 0)
  } finally {
    const left = changesRunning.get(userId)! - 1
    if (left === 0) changesRunning.delete(userId)
    else changesRunning.set(userId, left)
  }
}

/** The changes of a cart running in this process, by user (oneUsersChange). */
const changesRunning = new Map<number, number>()

/** A change's facts (repo.fillFacts) with the user's cart, made at the account's default branch first when there is none. */
async function factsWithCart(db: Db, session: Session, asked: string | null, productIds: number[]) {
  const factsOf = () => repo.fillFacts(db, session, { defaultBranch: session.defaultBranch, asked, productIds })
  const facts = await factsOf()
  if (facts.cart) return { ...facts, cart: facts.cart }
  await repo.createCart(db, session.userId, session.defaultBranch)
  const made = await factsOf()
  return { ...made, cart: made.cart! }
}

/** An add judged on its facts and written if the cart has not changed since they were read; undefined when it had. */
async function judgedAdd(db: Db, session: Session, body: AddToCartBody): Promise<CartSummary | undefined> {
  const asked = body.warehouse === undefined ? null : body.warehouse.toUpperCase()
  const facts = await factsWithCart(db, session, asked, [body.productID])
  const { cart } = facts
  const product = facts.products.get(body.productID)
  if (!product?.active || !product.visible) throw productNotFound()
  const branch = judgeBranch(session, cart, branchFacts(asked, facts))
  const quantity = product.inCart + body.qty
  if (quantity > MAX_LINE_QUANTITY) throw tooMuch()
  if (session.isCash) checkCashStock(session, quantity, product.stock)
  const rows = await repo.putLineReturningLines(db, session, { cart, productId: body.productID, quantity, branch })
  return rows && summaryFrom(session, rows, branch)
}

/** Why a product did not go into the cart at all. */
export type Refusal = 'discontinued' | 'not_available' | 'no_stock' | 'quantity_limit'

export interface Fill {
  productId: number
  /** How much went in: what was asked, or less where the stock (CAS) or the line's 99,999 stop it; 0 when refused. */
  added: number
  refused?: Refusal
}

/**
 * Puts several products into the cart at once (reorder, bulk add), each as far as the cart's rules allow
 * rather than refusing them all: the branch rules, lock, visibility and CAS stock cap of `add`, but a
 * product that may not go in is reported and a quantity above the stock or 99,999 is cut back; with
 * `whole`, such a quantity is refused instead, so a product is either added as asked or reported. A product
 * asked for twice adds up.
 */
export async function fill(
  { db }: Deps,
  session: Session,
  warehouse: string | undefined,
  wanted: Array<{ productId: number; qty: number }>,
  { whole = false }: { whole?: boolean } = {},
): Promise<{ branch: string; lines: Fill[]; summary: CartSummary }> {
  const asked = warehouse === undefined ? null : warehouse.toUpperCase()
  return oneUsersChange(session.userId, async (alone) => {
    // Like an add (decision 0098): judged and written without a transaction, unless the cart changed meanwhile.
    // Inside `once` (a bulk add sent with an Idempotency-Key) the fill joins the key's transaction and takes the lock.
    if (alone && !db.isTransaction) {
      const filled = await judgedFill(db, session, asked, wanted, whole)
      if (filled) return filled
    }
    return inTransaction(db, async (trx) => {
      await lockOrCreateCart(trx, session)
      // The cart is locked: it is as the facts find it until the transaction ends, so the write is always made.
      return (await judgedFill(trx, session, asked, wanted, whole))!
    })
  })
}

/** A fill judged on its facts and written if the cart has not changed since they were read; undefined when it had. */
async function judgedFill(
  db: Db,
  session: Session,
  asked: string | null,
  wanted: Array<{ productId: number; qty: number }>,
  whole: boolean,
): Promise<{ branch: string; lines: Fill[]; summary: CartSummary } | undefined> {
  const facts = await factsWithCart(
    db,
    session,
    asked,
    wanted.map((w) => w.productId),
  )
  const { cart } = facts
  const branch = judgeBranch(session, cart, branchFacts(asked, facts))
  const lines: Fill[] = []
  // The new quantities, written together once every product has been judged: one statement for the lot.
  const target = new Map<number, number>()
  for (const { productId, qty } of wanted) {
    const product = facts.products.get(productId)
    const inCart = target.get(productId) ?? product?.inCart ?? 0
    const stockCap = cashStockCap(session, product?.stock ?? 0)
    const quantity = Math.min(inCart + qty, stockCap, MAX_LINE_QUANTITY)
    let refused: Refusal | undefined
    if (!product?.active) refused = 'discontinued'
    else if (!product.visible) refused = 'not_available'
    else if (quantity <= inCart) refused = stockCap <= inCart ? 'no_stock' : 'quantity_limit'
    else if (whole && quantity < inCart + qty) refused = inCart + qty > stockCap ? 'no_stock' : 'quantity_limit'
    if (refused) {
      lines.push({ productId, added: 0, refused })
      continue
    }
    target.set(productId, quantity)
    lines.push({ productId, added: quantity - inCart })
  }
  const written = [...target].map(([productId, quantity]) => ({ productId, quantity }))
  // With nothing written the cart stays where it is: its lines are read at its own branch.
  const at = written.length > 0 ? branch : cart.location_id
  const rows = await repo.putLinesReturningLines(db, session, { cart, branch: at, lines: written })
  return rows && { branch, lines, summary: summaryFrom(session, rows, at) }
}

/**
 * Runs another module's cart change (the bulk add) once per Idempotency-Key, by the rules of `add`: the key
 * is claimed in the change's own transaction (the change gets `deps` on that transaction), a repeat answers
 * the first answer and changes nothing, and a refused change releases its claim. Each route's keys are its
 * own (`scope`), so a key reused on another route never answers with another route's answer.
 */
export async function once<T>(deps: Deps, session: Session, scope: string, key: string | undefined, change: (deps: Deps) => Promise<T>): Promise<T> {
  if (!key) return change(deps)
  const scoped = `${scope}:${key}`
  return deps.db.transaction().execute(async (trx) => {
    const replayed = await idempotency.claim<T>(trx, session.userId, scoped)
    if (replayed) return replayed
    return idempotency.remember(trx, session.userId, scoped, await change({ ...deps, db: trx }))
  })
}

/** Sets a line's quantity; 0 removes it. A line of anyone else's cart is not found. */
export async function update({ db }: Deps, session: Session, body: UpdateCartBody, idempotencyKey?: string): Promise<CartSummary> {
  return db.transaction().execute(async (trx) => {
    const replayed = await idempotency.claim(trx, session.userId, idempotencyKey)
    if (replayed) return replayed
    // The cart's lock before its line is read, as every change of its lines and an order take it (decision 0066).
    await repo.lockCart(trx, session.userId)
    const line = await repo.findOwnLine(trx, session, body.item)
    if (!line) throw lineNotFound()
    if (body.qty === 0) {
      await repo.deleteLine(trx, line.id)
      return idempotency.remember(trx, session.userId, idempotencyKey, await ownSummary(trx, session))
    }
    await checkStock(trx, session, line.productId, line.branch, body.qty)
    // The line's quantity set and the cart answered as it then is, in one statement; the cart is locked with the line.
    const cart = { id: line.cartId, location_id: line.branch, branchName: line.branchName, version: line.version }
    const rows = (await repo.putLineReturningLines(trx, session, { cart, productId: line.productId, quantity: body.qty, branch: line.branch }))!
    return idempotency.remember(trx, session.userId, idempotencyKey, summaryFrom(session, rows, line.branch))
  })
}

/** Empties the user's cart, after any order or change of it under way (the cart's lock, decision 0066). */
export async function empty({ db }: Deps, session: Session): Promise<CartSummary> {
  await db.transaction().execute(async (trx) => {
    await repo.lockCart(trx, session.userId)
    await repo.clearCart(trx, session.userId)
  })
  return { Count: 0, Value: 0, warehouse: null }
}

/**
 * Puts an accepted quote's lines into the user's cart at the quote's branch (decision 0102), the cart's lock taken
 * first (an order or a change of the cart queues as ever): the quoted price then holds for the quoted quantity
 * (lineParts). A cart holding lines at another branch, or another quote's lines, refuses it (409): one branch a
 * cart, one quote an order.
 */
export async function putQuote(
  trx: Db,
  session: Session,
  quote: { id: number; reference: string; branch: { code: string; name: string }; lines: Array<{ quoteLineId: number; productId: number; quantity: number }> },
) {
  await lockOrCreateCart(trx, session)
  const locked = (await repo.lockCart(trx, session.userId))!
  const lines = await repo.linesWithQuotes(trx, locked.id)
  if (lines.length > 0 && locked.location_id !== quote.branch.code) {
    throw conflict(
      'cart_branch_mismatch',
      `Your cart holds items for ${locked.branchName}. Check it out or empty your cart to accept quote ${quote.reference} from ${quote.branch.name}.`,
    )
  }
  const other = lines.find((l) => l.quote_id !== null && l.quote_id !== quote.id)
  if (other) {
    throw conflict('cart_holds_quote', `Your cart holds the lines of another quote. Check it out or empty your cart to accept quote ${quote.reference}.`)
  }
  await repo.putQuotedLines(trx, locked.id, quote.branch.code, quote.lines)
}

function documentFor(deps: Deps, session: Session, cart: CartContents, title: string) {
  return renderCartPdf({ distributor: deps.config.distributor, session, cart, title, printedAt: new Date() })
}

/** The cart as a PDF, for resellers to take to their own customers or purchasing. */
export async function print(deps: Deps, session: Session): Promise<Uint8Array> {
  return documentFor(deps, session, await contents(deps.db, session), 'Shopping Cart')
}

/**
 * Records a quote for the cart as it stands (its lines at the account's prices now, decision 0102) and e-mails it,
 * with the cart as a PDF, to the account's sales representative (else the distributor's customer service) to price
 * it in the back office's Quotes inbox, and to the user (as a receipt). The cart keeps its lines.
 */
export async function requestQuote(deps: Deps, session: Session): Promise<Message> {
  const { config } = deps
  return deps.db.transaction().execute(async (trx) => {
    // Lock the cart so the quote records exactly what the e-mails list (an empty cart's new row rolls back).
    await repo.createCart(trx, session.userId, session.defaultBranch)
    await repo.lockCart(trx, session.userId)
    const current = await contents(trx, session)
    // Only a cart with lines has a branch.
    if (!current.branch) {
      throw new AppError(422, 'cart_empty', 'Your cart is empty. Add products before requesting a quote.')
    }
    // The quote (decision 0102): the cart's lines at the account's unit prices now, in the back office's Quotes inbox.
    const quote = await repo.insertQuote(trx, {
      userId: session.userId,
      accountId: session.accountId,
      branch: current.branch.code,
      lines: current.lines.map((l) => ({ productId: l.productId, quantity: l.quantity, priceCents: l.unitPriceCents })),
    })
    const reference = `Q${String(quote.id).padStart(6, '0')}`
    const pdf = await documentFor(deps, session, current, `Quote Request ${reference}`)
    const attachments = [{ filename: `quote-request-${reference}.pdf`, contentType: 'application/pdf', content: Buffer.from(pdf).toString('base64') }]
    const listing = current.lines.map((l) => {
      const breakdown = describeLine(l)
      return `  ${l.quantity} x ${l.productCode}  ${l.description}${breakdown ? `  (${breakdown})` : ''}`
    })
    const who = `${session.name} (${session.username}) of ${session.accountName} (${session.accountCode})`
    const total = `$${pdfMoney(current.totals.incCents)} inc GST at current prices`
    await enqueueMail(trx, {
      to: quote.repEmail ?? config.distributor.email,
      subject: `Quote request ${reference} from ${session.accountName} (${session.accountCode})`,
      text: [
        `${who} has asked for a quote for the following, to be supplied from ${current.branch.name} (${current.branch.code}):`,
        '',
        ...listing,
        '',
        `Cart total: ${total}. The cart is attached as a PDF.`,
        `Price it and send it from the back office's Quotes inbox: ${config.publicUrl}/staff/quotes/${quote.id}`,
      ].join('\n'),
      attachments,
    })
    await enqueueMail(trx, {
      to: session.email,
      subject: `Your quote request ${reference}`,
      text: [
        `Hi ${session.name},`,
        '',
        `We have received your request for a quote for the ${current.lines.length === 1 ? 'item' : `${current.lines.length} items`} below, from our ${current.branch.name} branch. We will be in touch shortly: you can follow it under Quotes in the portal.`,
        '',
        ...listing,
        '',
        `Cart total: ${total}. A copy of the cart is attached.`,
        '',
        config.distributor.name,
        config.distributor.phone,
      ].join('\n'),
      attachments,
    })
    return { message: 'A quote has been requested for the contents of the cart' }
  })
}
