import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { statement } from '../../db/statement'

type Db = Kysely<DB>

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

/** The account's credit row (placement-repo.ts reads it with the stock, once the account's row is locked). */
export const creditQuery = (db: Db, accountId: number | null) =>
  db
    .selectFrom('customer_accounts')
    .select(['credit_limit_cents', 'balance_cents', 'credit_mode', 'on_hold', notYetInvoiced.as('uninvoiced')])
    .where('id', '=', accountId)

const creditRead = statement((db, accountId: number) => creditQuery(db, accountId))

export interface CreditRow {
  limitCents: number
  balanceCents: number
  uninvoicedCents: number
  mode: 'warn' | 'block' | null
  onHold: boolean
}

/** A credit row as the database answers it (its sums may come as text), in cents. */
export function creditRowOf(row: {
  credit_limit_cents: number | string | null
  balance_cents: number | string | null
  uninvoiced: number | string
  credit_mode: 'warn' | 'block' | null
  on_hold: boolean
}): CreditRow {
  return {
    limitCents: Number(row.credit_limit_cents),
    balanceCents: Number(row.balance_cents),
    uninvoicedCents: Number(row.uninvoiced),
    mode: row.credit_mode,
    onHold: row.on_hold,
  }
}

/** The account's credit as the database has it now. */
export async function creditOf(db: Db, accountId: number): Promise<CreditRow | undefined> {
  const row = (await creditRead(db, accountId))[0]
  return row ? creditRowOf(row) : undefined
}
