import type { Warehouse } from '@portal/contract/reference'
import type { Deps, Session } from '../../lib/context'
import * as repo from './repo'

/**
 * Branches: the distributor's locations, their names, and whether customers order from them (`trading`,
 * set by the data). In the code the idea is a "branch" and its code; the API's `warehouse` and
 * `LocationID` are the API's names for the same thing, used only at the edge (docs/decisions/0023).
 */

type Db = Deps['db']

export interface Branch {
  code: string
  name: string
  trading: boolean
}

const toBranch = (row: { location_id: string; name: string; trading: boolean }): Branch => ({ code: row.location_id, name: row.name, trading: row.trading })

/** The branch a request is about: the one asked for, else the account's default. Codes are upper case. */
export function branchOf(session: Pick<Session, 'defaultBranch'>, asked: string | undefined): string {
  return (asked ?? session.defaultBranch).toUpperCase()
}

/**
 * The branches customers order from, for `GET /api/warehouses` (the branch menu, the cart's branch choice): a
 * branch that does not trade (an ERP's `Active N`) is offered nowhere, since no cart or order takes it.
 */
export async function warehouses({ db }: Pick<Deps, 'db'>): Promise<Warehouse[]> {
  const rows = await repo.listBranches(db)
  return rows.filter((r) => r.trading).map((r) => ({ LocationID: r.location_id, NAME: r.name }))
}

/** The branches an account may order from (its branch group, resellers'); empty when it may order from any. */
export const branchGroup = (db: Db, accountId: number) => repo.branchGroup(db, accountId)

/** Whether the account may order from the branch (its branch group, when it has one). */
export const accountOrdersFrom = (db: Db, accountId: number, branch: string) => repo.accountOrdersFrom(db, accountId, branch.toUpperCase())

/** Whether the branch takes orders (it trades) and this account orders from it: where a cart, a request or a standing order may be. */
export async function takesOrdersFor(db: Db, accountId: number, branch: string): Promise<boolean> {
  return (await findTradingBranch(db, branch)) !== undefined && (await accountOrdersFrom(db, accountId, branch))
}

/** Every branch, trading or not, in the distributor's order (the selector's, the stock book's). */
export const listBranches = (db: Db) => repo.listBranches(db)

/** A branch by its code, trading or not; undefined when there is none. */
export async function findBranch(db: Db, code: string): Promise<Branch | undefined> {
  const row = await repo.findBranch(db, code.toUpperCase())
  return row && toBranch(row)
}

/** A branch customers order from (carts and orders belong to one); undefined for an unknown or non-trading one. */
export async function findTradingBranch(db: Db, code: string): Promise<Branch | undefined> {
  const branch = await findBranch(db, code)
  return branch?.trading ? branch : undefined
}

/** The branch's name, or its code when it has gone. */
export async function branchName(db: Db, code: string): Promise<string> {
  return (await findBranch(db, code))?.name ?? code
}
