import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { statement } from '../../db/statement'

type Db = Kysely<DB>

/**
 * The account's row locked until the transaction ends: one order on account of an account at a time, so two
 * orders at once cannot both pass its credit limit. FOR NO KEY UPDATE: a row inserted that refers to the account
 * (an order, a cart) takes only a key share, which this does not wait for. Taken after the stock rows, in the
 * order the ERP import takes them (stock before accounts), so the two queue rather than deadlock.
 */
const accountLocked = statement((db, accountId: number) => db.selectFrom('customer_accounts').select('id').where('id', '=', accountId).forNoKeyUpdate())

/**
 * What the portal's own orders add to the ERP's balance until they are invoiced: each order placed in the portal
 * (not cancelled) less what invoices of it (not credit notes) have taken into the balance, never below nothing.
 */
const notYetInvoiced = sql<string | number>`coalesce((
  SELECT sum(greatest(o.extended_inc_cents - coalesce((
    SELECT sum(i.extended_inc_cents) FROM invoices i WHERE i.order_id = o.id AND i.extended_inc_cents > 0), 0), 0))
  FROM orders o
  WHERE o.account_id = customer_accounts.id AND o.portal_order_id IS NOT NULL AND upper(trim(o.status)) NOT IN ('CANCELLED', 'CANCELED')
), 0)`

const creditRead = statement((db, accountId: number) =>
  db
    .selectFrom('customer_accounts')
    .select(['credit_limit_cents', 'balance_cents', 'credit_mode', 'on_hold', notYetInvoiced.as('uninvoiced')])
    .where('id', '=', accountId),
)

export interface CreditRow {
  limitCents: number
  balanceCents: number
  uninvoicedCents: number
  mode: 'warn' | 'block' | null
  onHold: boolean
}

/** The account's credit as the database has it now. */
export async function creditOf(db: Db, accountId: number): Promise<CreditRow | undefined> {
  const row = (await creditRead(db, accountId))[0]
  if (!row) return undefined
  return {
    limitCents: Number(row.credit_limit_cents),
    balanceCents: Number(row.balance_cents),
    uninvoicedCents: Number(row.uninvoiced),
    mode: row.credit_mode,
    onHold: row.on_hold,
  }
}

/**
 * The account locked, then its credit read by a second statement: a statement's subqueries see the orders as they
 * were before it waited for the lock, so one statement would miss the order that held it (READ COMMITTED re-reads
 * only the locked row).
 */
export async function lockCredit(db: Db, accountId: number): Promise<CreditRow | undefined> {
  await accountLocked(db, accountId)
  return creditOf(db, accountId)
}
