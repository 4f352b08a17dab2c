import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely'
import type { DB } from '../../db/schema'
import { shapedStatement, statement } from '../../db/statement'
import type { Session } from '../../lib/context'
import { accountPackPriceCents, accountUnitPriceCents } from '../../lib/pricing'
import { availableTo } from '../../lib/stock'
import { productVisibleTo, viewerWith, visibilityOf, type Visibility } from '../../lib/visibility'

type Db = Kysely<DB>
type Viewer = Pick<Session, 'userId' | 'accountId' | 'isElders'>

const cartColumns = ['carts.id', 'carts.location_id', 'carts.checkout_info', 'branches.name as branchName'] as const

/** The user's cart, its saved checkout details and the name of its branch; undefined when the user has none. */
export function findCart(db: Db, userId: number) {
  return db
    .selectFrom('carts')
    .innerJoin('branches', 'branches.location_id', 'carts.location_id')
    .select(cartColumns)
    .where('carts.user_id', '=', userId)
    .executeTakeFirst()
}

/**
 * The user's cart, locked until the transaction ends: changes to it, and orders made of it, queue up.
 * Undefined when the user has none (createCart first where one is needed).
 */
export async function lockCart(db: Db, userId: number) {
  return (await lockedCart(db, userId))[0]
}

/** lockCart's query, for a statement that reads more beside the locked cart (ordering/placement-repo.ts). */
export const lockedCartQuery = (db: Pick<Db, 'selectFrom'>, userId: number) =>
  db
    .selectFrom('carts')
    .innerJoin('branches', 'branches.location_id', 'carts.location_id')
    .select(cartColumns)
    .where('carts.user_id', '=', userId)
    .forUpdate(['carts'])

const lockedCart = statement((db, userId: number) => lockedCartQuery(db, userId))

/** Makes the user's cart at `branch` when there is none. */
export async function createCart(db: Db, userId: number, branch: string) {
  await db
    .insertInto('carts')
    .values({ user_id: userId, location_id: branch })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute()
}

/**
 * Every line of the cart, oldest first, with the price this account pays now (ex GST, cents), the product's
 * weight and category, the stock at `branch` this user may take, and whether the product is still sold and
 * may be seen by this user (the cart leaves hidden lines out; an order refuses them).
 */
export function pricedLines(db: Db, viewer: Viewer, cartId: number, branch: string) {
  return pricedLinesQuery(db, viewer, sql.val(cartId), sql.val(branch)).execute()
}

/**
 * pricedLines' query, of the cart `cartId` stocked at `branch`: values, or the columns of a statement of the
 * placement's that reads the lines beside the cart it locks.
 */
export const pricedLinesQuery = (db: Pick<Db, 'selectFrom'>, viewer: Viewer, cartId: RawBuilder<number>, branch: RawBuilder<string>) =>
  pricedLinesOf(db, viewer, branch)
    .where(sql<boolean>`cart_lines.cart_id = ${cartId}`)
    .orderBy('cart_lines.id')

/**
 * Lines that are not a cart's (an order waiting for approval) as pricedLines gives a cart's: each product and quantity
 * priced for the viewer now, with the stock at `branch` and whether it is still sold and visible, in the given order.
 */
export function pricedItems(db: Db, viewer: Viewer, items: Array<{ productId: number; quantity: number }>, branch: string) {
  const withLines = db.with('cart_lines', (q) =>
    q
      .selectFrom(
        sql<{
          product_id: number
          quantity: number
          id: number
        }>`unnest(${items.map((i) => i.productId)}::int[], ${items.map((i) => i.quantity)}::int[]) WITH ORDINALITY`.as<'u'>(sql`u(product_id, quantity, id)`),
      )
      .select([sql<number>`u.id::int`.as('id'), 'u.product_id', 'u.quantity', sql<number | null>`NULL::int`.as('quote_line_id')]),
  )
  return pricedLinesOf(withLines, viewer, sql.val(branch)).orderBy('cart_lines.id').execute()
}

/**
 * The user's own cart's lines as pricedLines gives them, each with the cart's branch and its name, in one
 * statement with no cart to find first (the cart summary and the cart screen, decision 0098). No rows for a
 * user without a cart or with an empty one.
 */
export function ownPricedLines(db: Db, viewer: Viewer) {
  return ownLines(visibilityOf(viewer), db, viewer.userId, viewer.accountId)
}

const ownLines = shapedStatement((visibility: Visibility) => (db: Db, userId: number, accountId: number) => {
  const withLines = db.with('cart_lines', (q) =>
    q
      .selectFrom('carts')
      .innerJoin('cart_lines', 'cart_lines.cart_id', 'carts.id')
      .innerJoin('branches', 'branches.location_id', 'carts.location_id')
      .select(['cart_lines.id', 'cart_lines.cart_id', 'cart_lines.product_id', 'cart_lines.quantity', 'cart_lines.added_at', 'cart_lines.quote_line_id'])
      .select(['carts.location_id as branch', 'branches.name as branch_name'])
      .where('carts.user_id', '=', userId),
  )
  return pricedLinesOf(withLines, { userId, accountId, ...viewerWith(visibility) }, sql.ref<string>('cart_lines.branch'))
    .select([sql<string>`cart_lines.branch`.as('branch'), sql<string>`cart_lines.branch_name`.as('branchName')])
    .orderBy('cart_lines.id')
})

/**
 * pricedLines' statement, over `cart_lines` as the query creator has it (the table, or the lines as a statement
 * leaves them), stocked at `branch` (a branch code, or the lines' own column).
 */
function pricedLinesOf(db: Pick<Db, 'selectFrom'>, viewer: Viewer, branch: string | RawBuilder<string>) {
  return db
    .selectFrom('cart_lines')
    .innerJoin('products', 'products.id', 'cart_lines.product_id')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .innerJoin('customer_accounts', (j) => j.on('customer_accounts.id', '=', viewer.accountId))
    .leftJoin('contract_prices', (j) => j.onRef('contract_prices.product_id', '=', 'products.id').on('contract_prices.account_id', '=', viewer.accountId))
    .leftJoin('stock', (j) => j.onRef('stock.product_id', '=', 'products.id').on('stock.location_id', '=', branch))
    .$call((q) => withQuotes(q, viewer))
    .select([
      'cart_lines.id',
      'cart_lines.quantity',
      'products.id as productId',
      'products.product_code as productCode',
      'products.description',
      'products.active',
      productVisibleTo(viewer).as('visible'),
      'categories.name as category',
      sql<string>`products.weight_kg::text`.as('weightKg'),
      availableTo(viewer.userId).as('available'),
      ...breakPrices(),
    ])
}

/**
 * What the account pays a unit of a line's product at each break (cents ex GST): the unit price, and the carton
 * and pallet prices with their sizes (null where the product has none). The service charges the line by them
 * (ordering/cart.ts lineParts).
 */
const breakPrices = () =>
  [
    accountUnitPriceCents().as('unitPriceCents'),
    accountPackPriceCents('carton_price_cents').as('cartonPriceCents'),
    sql.ref<number | null>('products.carton_qty').as('cartonQty'),
    accountPackPriceCents('pallet_price_cents').as('palletPriceCents'),
    sql.ref<number | null>('products.pallet_qty').as('palletQty'),
  ] as const

/**
 * What a cart's summary needs of each line (the line's prices for this account at each break, its quantity, whether the user may
 * still see it), over `cart_lines` as the query creator has it: a change of the cart answers its summary, so its
 * statement reads neither the stock nor what the cart screen shows (a cart of 50 lines is 50 stock lookups less).
 */
function summedLinesOf(db: Pick<Db, 'selectFrom'>, viewer: Viewer) {
  return db
    .selectFrom('cart_lines')
    .innerJoin('products', 'products.id', 'cart_lines.product_id')
    .innerJoin('customer_accounts', (j) => j.on('customer_accounts.id', '=', viewer.accountId))
    .leftJoin('contract_prices', (j) => j.onRef('contract_prices.product_id', '=', 'products.id').on('contract_prices.account_id', '=', viewer.accountId))
    .$call((q) => withQuotes(q, viewer))
    .select(['cart_lines.id', 'cart_lines.quantity', 'products.id as productId', productVisibleTo(viewer).as('visible'), ...breakPrices()])
}

/**
 * A line put in by accepting a quote (cart_lines.quote_line_id) is charged the quoted price for the quoted quantity
 * while its quote holds: accepted by this account, not yet ordered, and not past its expiry date (decision 0102).
 * The one place a quoted price enters the cart's prices, and so the checkout's and the order's (lineParts charges it).
 * Otherwise the three columns are null and the line is charged as any other.
 */
function withQuotes<Q extends SelectQueryBuilder<DB & { cart_lines: { quote_line_id: number | null } }, 'cart_lines' | 'products', object>>(
  q: Q,
  viewer: Viewer,
) {
  return q
    .leftJoin('quote_lines as ql', (j) => j.onRef('ql.id', '=', 'cart_lines.quote_line_id').onRef('ql.product_id', '=', 'products.id'))
    .leftJoin('quotes as q', (j) =>
      j
        .onRef('q.id', '=', 'ql.quote_id')
        .on('q.account_id', '=', viewer.accountId)
        .on('q.status', '=', 'accepted')
        .on('q.order_id', 'is', null)
        .on(sql<boolean>`q.expires_on >= current_date`),
    )
    .select([
      sql<number | null>`CASE WHEN q.id IS NULL THEN NULL ELSE ql.quoted_price_cents END`.as('quotedPriceCents'),
      sql<number | null>`CASE WHEN q.id IS NULL THEN NULL ELSE ql.quantity END`.as('quotedQty'),
      sql<number | null>`q.id`.as('quoteId'),
    ]) as unknown as Q extends SelectQueryBuilder<infer D, infer T, infer O>
    ? SelectQueryBuilder<D, T, O & { quotedPriceCents: number | null; quotedQty: number | null; quoteId: number | null }>
    : never
}

/** A cart as a change reads it: its branch and that branch's name, and its row's version (see putLinesReturningLines). */
export interface CartVersion {
  id: number
  location_id: string
  branchName: string
  version: string
}

/**
 * Sets a product's line (a new line the first time), marks the cart changed at `branch`, and answers the
 * cart's lines as its summary needs them (summedLinesOf), as they are once the line is written: one statement
 * (decision 0098).
 * Undefined, writing nothing, when the cart changed since `cart` was read (putLinesReturningLines).
 */
export function putLineReturningLines(db: Db, viewer: Viewer, line: { cart: CartVersion; productId: number; quantity: number; branch: string }) {
  const { cart, productId, quantity, branch } = line
  return putLinesReturningLines(db, viewer, { cart, branch, lines: [{ productId, quantity }] })
}

/**
 * Sets several lines' quantities (adding the lines not there yet, in the order given), marks the cart changed
 * at `branch` when any was written, and answers the cart's lines as its summary needs them (summedLinesOf), as
 * they are once the lines are written: one statement (decision 0098). Its parts read the statement's snapshot, in which the
 * lines are not yet written, so the lines are the cart's others and the written ones.
 *
 * The write is made only if the cart's row is still the version `cart` was read at (its `xmin`), checked under
 * the row's lock (decision 0098): every change of a cart's lines updates its row in the same transaction (migration 0023's trigger), so
 * an unchanged version means the facts the change was judged on still hold. Undefined, with nothing written,
 * when it is not; the caller then judges again holding the cart's lock, where the check always passes.
 */
export async function putLinesReturningLines(
  db: Db,
  viewer: Viewer,
  change: { cart: CartVersion; branch: string; lines: Array<{ productId: number; quantity: number }> },
) {
  const { cart, branch, lines } = change
  if (lines.length === 0) return pricedLines(db, viewer, cart.id, branch)
  // The lines as two arrays, not a parameter per value: one statement text whatever the number of lines, so it
  // is prepared once per connection (decision 0098) rather than once per line count.
  const written = lines.map((l) => l.productId)
  const quantities = lines.map((l) => l.quantity)
  const rows = await linesWritten(
    changeShapeOf(viewer, lines.length),
    db,
    viewer.userId,
    viewer.accountId,
    cart.id,
    cart.version,
    branch,
    written,
    quantities,
    new Date(),
  )
  // A written line is always among the answer's rows: none, or rows without the write, mean the cart had changed.
  if (rows.length === 0 || rows[0]!.kept === 0) return undefined
  return rows
}

/**
 * The shapes of a cart change's statements (db/statement.ts): resellers' visibility or the others', and one product
 * (an add, a change) or several (a bulk add, a reorder). With one product a statement reads its arrays' first
 * element rather than all of them (`= ANY`, `unnest`), which PostgreSQL estimates as the one row it is: its
 * generic plan then costs what a custom plan does and is kept, instead of every add being planned afresh
 * (decision 0098: 0.45 and 0.69 ms of planning for 0.09 and 0.15 ms of execution).
 */
type ChangeShape = `${Visibility}:${'one' | 'many'}`

const changeShapeOf = (viewer: Pick<Session, 'isElders'>, products: number): ChangeShape => `${visibilityOf(viewer)}:${products === 1 ? 'one' : 'many'}`
const visibilityIn = (shape: ChangeShape) => shape.slice(0, shape.indexOf(':')) as Visibility
const ofOneProduct = (shape: ChangeShape) => shape.endsWith(':one')

/** putLinesReturningLines' statement, by shape. */
const linesWritten = shapedStatement(
  (shape: ChangeShape) =>
    (db: Db, userId: number, accountId: number, cartId: number, version: string, branch: string, written: number[], quantities: number[], now: Date) => {
      const one = ofOneProduct(shape)
      const rows = one
        ? sql`SELECT kept.id, (${written}::int[])[1], (${quantities}::int[])[1] FROM kept`
        : sql`SELECT kept.id, l.product_id, l.quantity FROM kept, unnest(${written}::int[], ${quantities}::int[]) WITH ORDINALITY AS l(product_id, quantity, n) ORDER BY l.n`
      const others = one ? sql<boolean>`product_id <> (${written}::int[])[1]` : sql<boolean>`product_id <> ALL(${written}::int[])`
      const withLines = db
        // The cart's row, locked, if it is still the version the change was judged on; the writes below need it.
        .with('kept', (q) =>
          q
            .selectFrom('carts')
            .select('carts.id')
            .where('carts.id', '=', cartId)
            .where(sql<boolean>`carts.xmin = ${version}::xid`)
            .forUpdate(),
        )
        .with('written', (q) =>
          q
            .insertInto('cart_lines')
            .columns(['cart_id', 'product_id', 'quantity'])
            .expression(rows)
            .onConflict((oc) => oc.columns(['cart_id', 'product_id']).doUpdateSet({ quantity: sql`excluded.quantity` }))
            .returning(['id', 'cart_id', 'product_id', 'quantity', 'added_at', 'quote_line_id']),
        )
        .with('touched', (q) =>
          q
            .updateTable('carts')
            .set({ updated_at: now, location_id: branch })
            .where('id', '=', cartId)
            .where(sql<boolean>`EXISTS (SELECT 1 FROM kept)`)
            .returning('id'),
        )
        .with('cart_lines', (q) =>
          q
            .selectFrom('cart_lines')
            .select(['id', 'cart_id', 'product_id', 'quantity', 'added_at', 'quote_line_id'])
            .where('cart_id', '=', cartId)
            .where(others)
            .unionAll(q.selectFrom('written').select(['id', 'cart_id', 'product_id', 'quantity', 'added_at', 'quote_line_id'])),
        )
      return summedLinesOf(withLines, { userId, accountId, ...viewerWith(visibilityIn(shape)) })
        .select(sql<number>`(SELECT count(*) FROM kept)::int`.as('kept'))
        .orderBy('cart_lines.id')
    },
)

/**
 * What a change of the cart (an add, a bulk add, a reorder) is judged on, in one statement (decision 0098): the
 * user's cart (null when there is none) with its branch and its row's version, read with the rest so that the
 * write can tell whether it changed since (decision 0098), how many lines it holds, the branch asked for (its name when it takes orders,
 * else null) and whether the account orders from it, and, for each product asked for at the branch the change goes
 * to (the one asked for, else the cart's while it has lines, else `defaultBranch`), whether it is still sold,
 * whether this user may see it, the stock at that branch this user may take, and how much the cart holds.
 */
export async function fillFacts(db: Db, viewer: Viewer, fill: { defaultBranch: string; asked: string | null; productIds: number[] }) {
  const { defaultBranch, asked, productIds } = fill
  const rows = await factsRead(changeShapeOf(viewer, productIds.length), db, viewer.userId, viewer.accountId, defaultBranch, asked, productIds)
  const head = rows[0]!
  const cart: CartVersion | null =
    head.cart_id === null ? null : { id: head.cart_id, location_id: head.cart_branch!, branchName: head.cart_branch_name!, version: head.cart_version! }
  return {
    cart,
    lineCount: head.line_count,
    askedName: head.asked_name,
    ordersFrom: head.orders_from,
    products: new Map(
      rows
        .filter((r) => r.id !== null)
        .map((r) => [r.id!, { active: r.active === true, visible: r.visible === true, stock: r.stock ?? 0, inCart: r.in_cart ?? 0 }]),
    ),
  }
}

/** fillFacts' statement, by shape (ChangeShape). */
const factsRead = shapedStatement(
  (shape: ChangeShape) => (db: Db, userId: number, accountId: number, defaultBranch: string, asked: string | null, productIds: number[]) =>
    sql<{
      cart_id: number | null
      cart_branch: string | null
      cart_branch_name: string | null
      cart_version: string | null
      line_count: number
      asked_name: string | null
      orders_from: boolean
      id: number | null
      active: boolean | null
      visible: boolean | null
      stock: number | null
      in_cart: number | null
    }>`WITH cart AS (
        SELECT carts.id, carts.location_id, b.name AS branch_name, carts.xmin::text AS version
        FROM carts JOIN branches b ON b.location_id = carts.location_id WHERE carts.user_id = ${userId}
      ),
      lines AS (SELECT count(*)::int AS n FROM cart_lines WHERE cart_id = (SELECT id FROM cart)),
      decided AS (
        SELECT CASE WHEN ${asked}::text IS NOT NULL THEN ${asked}::text WHEN (SELECT n FROM lines) > 0 THEN (SELECT location_id FROM cart) ELSE ${defaultBranch}::text END AS code
      )
    SELECT
      (SELECT id FROM cart) AS cart_id,
      (SELECT location_id FROM cart) AS cart_branch,
      (SELECT branch_name FROM cart) AS cart_branch_name,
      (SELECT version FROM cart) AS cart_version,
      (SELECT n FROM lines) AS line_count,
      (SELECT b.name FROM branches b WHERE b.location_id = ${asked}::text AND b.trading) AS asked_name,
      account_orders_from(${accountId}::int, ${asked}::text) AS orders_from,
      products.id,
      products.active,
      coalesce(${productVisibleTo(viewerWith(visibilityIn(shape)))}, false) AS visible,
      ${availableTo(userId)} AS stock,
      coalesce(l.quantity, 0) AS in_cart
    FROM decided
    LEFT JOIN products ON ${ofOneProduct(shape) ? sql`products.id = (${productIds}::int[])[1]` : sql`products.id = ANY(${productIds}::int[])`}
    LEFT JOIN stock ON stock.product_id = products.id AND stock.location_id = decided.code
    LEFT JOIN cart_lines l ON l.cart_id = (SELECT id FROM cart) AND l.product_id = products.id`,
)

/** What repo.fillFacts answers. */
export type ChangeFacts = Awaited<ReturnType<typeof fillFacts>>

/** The units of the product at the branch this user may take (others' card payments hold the rest). */
export async function stockAt(db: Db, userId: number, productId: number, branch: string): Promise<number> {
  const row = await db
    .selectFrom('stock')
    .select(availableTo(userId).as('available'))
    .where('product_id', '=', productId)
    .where('location_id', '=', branch)
    .executeTakeFirst()
  return row?.available ?? 0
}

/**
 * A line of this user's own cart, whose product they may see, with its cart as a change reads it (CartVersion).
 * Read it holding the cart's lock (lockCart): the line and the version are then those the change will meet.
 */
export function findOwnLine(db: Db, viewer: Viewer, lineId: number) {
  return db
    .selectFrom('cart_lines')
    .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
    .innerJoin('branches', 'branches.location_id', 'carts.location_id')
    .innerJoin('products', 'products.id', 'cart_lines.product_id')
    .select(['cart_lines.id', 'cart_lines.product_id as productId', 'carts.id as cartId', 'carts.location_id as branch', 'branches.name as branchName'])
    .select(sql<string>`carts.xmin::text`.as('version'))
    .where('cart_lines.id', '=', lineId)
    .where('carts.user_id', '=', viewer.userId)
    .where(productVisibleTo(viewer))
    .executeTakeFirst()
}

export async function deleteLine(db: Db, lineId: number) {
  await db.deleteFrom('cart_lines').where('id', '=', lineId).execute()
}

/**
 * Removes every line of the user's cart. The cart row stays, and so do the checkout details saved on it. Run it
 * holding the cart's lock (lockCart): a statement started before the lock was granted would miss lines written
 * while it waited.
 */
export async function clearCart(db: Db, userId: number) {
  await db
    .deleteFrom('cart_lines')
    .where('cart_id', 'in', (q) => q.selectFrom('carts').select('id').where('user_id', '=', userId))
    .execute()
}

/** After an order is sent for approval: the cart's lines and its saved checkout details go, as after an order. */
export async function emptyAfterApproval(db: Db, userId: number) {
  await clearCart(db, userId)
  await db.updateTable('carts').set({ checkout_info: null, updated_at: new Date() }).where('user_id', '=', userId).execute()
}

/**
 * After an order: the cart's lines go, and so do its checkout details (the next order has its own purchase
 * order), as two CTEs (`emptied`, `forgotten`) for the statement that writes the order (ordering/placement-repo.ts), so
 * that the order, its confirmation and the emptied cart are one round trip (decision 0098). A null user
 * empties no cart (an approved order is not made of one).
 */
export const emptiedAfterOrder = (userId: number | null, now: Date) => sql`emptied AS (
      DELETE FROM cart_lines WHERE cart_lines.cart_id IN (SELECT carts.id FROM carts WHERE carts.user_id = ${userId}::int)
    ),
    forgotten AS (UPDATE carts SET checkout_info = NULL, updated_at = ${now} WHERE carts.user_id = ${userId}::int)`

/**
 * Keeps the half-filled checkout form with the cart `cartId` while the cart holds lines; true when kept. Run it
 * after locking the cart (lockCart): an order made of the cart in the meantime has emptied it by then.
 */
export async function saveCheckoutInfo(db: Db, cartId: number, info: unknown) {
  const kept = await db
    .updateTable('carts')
    .set({ checkout_info: JSON.stringify(info) })
    .where('id', '=', cartId)
    .where(({ exists, selectFrom }) => exists(selectFrom('cart_lines').select('cart_lines.id').whereRef('cart_lines.cart_id', '=', 'carts.id')))
    .returning('id')
    .executeTakeFirst()
  return kept !== undefined
}

/** The cart's lines as accepting a quote meets them: each line's product and the quote its quoted line belongs to. */
export function linesWithQuotes(db: Db, cartId: number) {
  return db
    .selectFrom('cart_lines')
    .leftJoin('quote_lines', 'quote_lines.id', 'cart_lines.quote_line_id')
    .select(['cart_lines.product_id', 'quote_lines.quote_id'])
    .where('cart_lines.cart_id', '=', cartId)
    .execute()
}

/**
 * A quote's lines into the cart (decision 0102), at `branch`: a product already in the cart keeps its units and adds
 * the quoted ones (a line of the same quote, put in before, keeps the larger of the two), and every line names its
 * quoted line. Run it holding the cart's lock.
 */
export async function putQuotedLines(db: Db, cartId: number, branch: string, lines: Array<{ productId: number; quantity: number; quoteLineId: number }>) {
  await sql`INSERT INTO cart_lines (cart_id, product_id, quantity, quote_line_id)
    SELECT ${cartId}::int, l.product_id, l.quantity, l.quote_line_id
    FROM unnest(${lines.map((l) => l.productId)}::int[], ${lines.map((l) => l.quantity)}::int[], ${lines.map((l) => l.quoteLineId)}::int[]) AS l(product_id, quantity, quote_line_id)
    ON CONFLICT (cart_id, product_id) DO UPDATE SET
      quantity = CASE WHEN cart_lines.quote_line_id = excluded.quote_line_id THEN greatest(cart_lines.quantity, excluded.quantity)
                      ELSE least(cart_lines.quantity + excluded.quantity, 99999) END,
      quote_line_id = excluded.quote_line_id`.execute(db)
  await db.updateTable('carts').set({ location_id: branch, updated_at: new Date() }).where('id', '=', cartId).execute()
}

/**
 * A quote asked for (decision 0102): its lines at the account's prices then, assigned to the account's sales
 * representative (the ERP's first, then the earliest assigned; none: customer service). Answers its id and the
 * representative's e-mail.
 */
export async function insertQuote(
  db: Db,
  quote: { userId: number; accountId: number; branch: string; lines: Array<{ productId: number; quantity: number; priceCents: number }> },
) {
  const rep = await db
    .selectFrom('back_office_assignments as a')
    .innerJoin('back_office_users as u', 'u.id', 'a.user_id')
    .select(['u.id', 'u.email'])
    .where('a.account_id', '=', quote.accountId)
    .where('u.active', '=', true)
    .where(sql<boolean>`'Sales representative' = ANY(u.roles)`)
    .orderBy('a.by_erp', 'desc')
    .orderBy('a.assigned_at')
    .limit(1)
    .executeTakeFirst()
  const { id } = await db
    .insertInto('quotes')
    .values({ account_id: quote.accountId, user_id: quote.userId, location_id: quote.branch, assigned_to: rep?.id ?? null })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('quote_lines')
    .values(quote.lines.map((l, i) => ({ quote_id: id, line_no: i + 1, product_id: l.productId, quantity: l.quantity, account_price_cents: l.priceCents })))
    .execute()
  return { id, repEmail: rep?.email ?? null }
}

/** Whether the account may order from the branch: any branch, unless the account has a branch group (resellers), then only those. */
// ---- Idempotency-Key of cart changes (idempotency.ts) -----------------------------------------------------------

export async function forgetCartRequestsBefore(db: Db, userId: number, before: Date): Promise<void> {
  await db.deleteFrom('cart_requests').where('user_id', '=', userId).where('created_at', '<', before).execute()
}

/** True when the key was free and is now this request's; false when an earlier request holds it. */
export async function claimCartRequest(db: Db, userId: number, key: string): Promise<boolean> {
  const claimed = await db
    .insertInto('cart_requests')
    .values({ user_id: userId, idempotency_key: key, answer: null })
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .returning('user_id')
    .executeTakeFirst()
  return claimed !== undefined
}

export async function cartRequestAnswer(db: Db, userId: number, key: string): Promise<unknown> {
  const row = await db.selectFrom('cart_requests').select('answer').where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirstOrThrow()
  return row.answer
}

export async function saveCartRequestAnswer(db: Db, userId: number, key: string, answer: unknown): Promise<void> {
  await db
    .updateTable('cart_requests')
    .set({ answer: JSON.stringify(answer) })
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .execute()
}
