import { sql, type Kysely } from 'kysely'
import { STOCK_ALERT_DAYS } from '@portal/contract/stock-alerts'
import type { DB } from '../../db/schema'
import type { Session } from '../../lib/context'
import { heldByAnyone } from '../../lib/stock'
import { productVisibleTo } from '../../lib/visibility'
import { outboxRow, type Mail } from '../mail/outbox'

type Db = Kysely<DB>

const LAPSE = sql.raw(`interval '${STOCK_ALERT_DAYS} days'`)

/** A product this user may see (active, not hidden from a reseller) and its stock at the branch as pages show it: less live holds. */
export async function productAtBranch(db: Db, viewer: Pick<Session, 'isElders'>, productId: number, branch: string) {
  return db
    .selectFrom('products')
    .select([
      'products.id',
      sql<number>`coalesce((SELECT stock.qty_available - ${heldByAnyone()} FROM stock WHERE stock.location_id = ${branch} AND stock.product_id = products.id), 0)`.as(
        'available',
      ),
    ])
    .where('products.id', '=', productId)
    .where('products.active', '=', true)
    .where(productVisibleTo(viewer))
    .executeTakeFirst()
}

/**
 * Opens a request, or when this user already waits for the product at the branch, sets that one's quantity:
 * the partial unique index (migration 0035) makes the one open request whatever else runs at the same time.
 * `created` says which.
 */
export async function openRequest(db: Db, request: { userId: number; productId: number; branch: string; quantity: number | null }) {
  const { rows } = await sql<{ id: number; created: boolean }>`
    INSERT INTO stock_alerts (user_id, product_id, location_id, quantity)
    VALUES (${request.userId}, ${request.productId}, ${request.branch}, ${request.quantity})
    ON CONFLICT (user_id, product_id, location_id) WHERE closed_at IS NULL
    DO UPDATE SET quantity = excluded.quantity
    RETURNING id, (xmax = 0) AS created`.execute(db)
  return rows[0]!
}

const listed = (db: Db) =>
  db
    .selectFrom('stock_alerts as a')
    .innerJoin('products as p', 'p.id', 'a.product_id')
    .innerJoin('branches as b', 'b.location_id', 'a.location_id')
    .select([
      'a.id',
      'a.product_id',
      'p.product_code',
      'p.description',
      'a.location_id',
      'b.name as branch_name',
      'a.quantity',
      'a.closed_as',
      sql<string>`to_char(a.created_at, 'YYYY-MM-DD')`.as('created'),
      sql<string | null>`to_char(a.closed_at, 'YYYY-MM-DD')`.as('closed'),
      sql<string>`to_char(a.created_at + ${LAPSE}, 'YYYY-MM-DD')`.as('lapses'),
    ])

export type AlertRow = Awaited<ReturnType<ReturnType<typeof listed>['executeTakeFirstOrThrow']>>

/** How many of a user's requests the list shows: the waiting ones first, then the latest closed. */
export const LISTED = 200

/** A user's requests: waiting ones first (newest first), then those closed, latest first. */
export function requestsOf(db: Db, userId: number) {
  return listed(db)
    .where('a.user_id', '=', userId)
    .orderBy(sql`a.closed_at IS NULL`, 'desc')
    .orderBy(sql`coalesce(a.closed_at, a.created_at)`, 'desc')
    .orderBy('a.id', 'desc')
    .limit(LISTED)
    .execute()
}

/** One of this user's requests; another user's is not found. */
export function requestOf(db: Db, userId: number, id: number) {
  return listed(db).where('a.user_id', '=', userId).where('a.id', '=', id).executeTakeFirst()
}

/** Cancels a waiting request of this user; false when it is not theirs. A closed one stays as it closed. */
export async function cancel(db: Db, userId: number, id: number): Promise<boolean> {
  const row = await db.selectFrom('stock_alerts').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
  if (!row) return false
  await db
    .updateTable('stock_alerts')
    .set({ closed_at: sql`now()`, closed_as: 'cancelled' })
    .where('id', '=', id)
    .where('closed_at', 'is', null)
    .execute()
  return true
}

/** Closes, unsent, the requests that waited longer than they may. */
export async function lapse(db: Db): Promise<number> {
  const result = await db
    .updateTable('stock_alerts')
    .set({ closed_at: sql`now()`, closed_as: 'lapsed' })
    .where('closed_at', 'is', null)
    .where(sql<boolean>`created_at <= now() - ${LAPSE}`)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** A request whose stock has come, claimed: what its e-mail says. */
export interface Claimed {
  id: number
  product_id: number
  product_code: string
  description: string
  location_id: string
  branch_name: string
  quantity: number | null
  available: number
  email: string
  name: string
}

/**
 * Claims at most `limit` open requests (of `productIds`, or of every product when null) whose branch now has
 * the quantity asked, closing them as notified, and writes their e-mails to the outbox, in one transaction:
 * an e-mail is in the outbox exactly when its request is closed. Requests another drain holds are skipped
 * (SKIP LOCKED), and the update asks again that the request is open, so two drains at once never claim one
 * request twice. A request past its 90 days, of a product no longer sold to its user, or of a user who can
 * no longer sign in is not claimed (it lapses).
 */
export async function claimAndMail(db: Db, productIds: number[] | null, limit: number, mailOf: (claimed: Claimed) => Mail): Promise<Claimed[]> {
  return db.transaction().execute(async (trx) => {
    const products = productIds === null ? sql`true` : sql`a.product_id = ANY(${productIds}::int[])`
    const { rows } = await sql<Claimed>`
      WITH due AS (
        SELECT a.id, s.qty_available - ${heldByAnyone('s')} AS available
        FROM stock_alerts a
        JOIN stock s ON s.location_id = a.location_id AND s.product_id = a.product_id
        JOIN users u ON u.id = a.user_id AND u.active
        JOIN customer_accounts ca ON ca.id = u.account_id AND ca.active
        JOIN products ON products.id = a.product_id AND products.active
        WHERE a.closed_at IS NULL AND ${products} AND a.created_at > now() - ${LAPSE}
          AND s.qty_available - ${heldByAnyone('s')} >= coalesce(a.quantity, 1)
          AND (NOT ca.is_elders OR ${productVisibleTo({ isElders: true })})
        ORDER BY a.id
        LIMIT ${limit}
        FOR UPDATE OF a SKIP LOCKED
      ), claimed AS (
        UPDATE stock_alerts a SET closed_at = now(), closed_as = 'notified'
        FROM due, users u, products
        WHERE a.id = due.id AND a.closed_at IS NULL AND u.id = a.user_id AND products.id = a.product_id
        RETURNING a.id, a.product_id, a.location_id, a.quantity, due.available, u.email, u.name, products.product_code, products.description
      )
      SELECT c.*, b.name AS branch_name FROM claimed c JOIN branches b ON b.location_id = c.location_id ORDER BY c.id`.execute(trx)
    if (rows.length > 0)
      await trx
        .insertInto('email_outbox')
        .values(rows.map((row) => outboxRow(mailOf(row))))
        .execute()
    return rows
  })
}

/** Whether any request waits for one of these products: the one statement a stock change costs when none does. */
export async function anyWaiting(db: Db, productIds: number[]): Promise<boolean> {
  if (productIds.length === 0) return false
  const row = await db
    .selectFrom('stock_alerts')
    .select('id')
    .where('closed_at', 'is', null)
    .where(sql<boolean>`product_id = ANY(${productIds}::int[])`)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}
