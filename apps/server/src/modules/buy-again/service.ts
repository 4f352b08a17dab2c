import { BUY_AGAIN_SIZE, type BuyAgainItem } from '@portal/contract/lists'
import type { Deps, Session } from '../../lib/context'
import { monthsBefore, today } from '../../lib/date-range'
import { branchOf } from '../branches/service'
import { ensureBranch, stockedRows, toOffer } from '../catalogue/service'
import * as repo from './repo'

/** The first day of the month eleven months back: "the last 12 months" is this month and the eleven before (decision 0030). */
export const firstMonth = (day: string) => `${monthsBefore(day, 11).slice(0, 7)}-01`

/**
 * Buy again: what this account ordered most in the last 12 months (in most orders, then most units), with
 * the last order's date and quantity, and each product's current price and stock at the branch; a product
 * no longer sold to the account comes without one and cannot be added.
 */
export async function buyAgain(deps: Deps, session: Session, query: { warehouse?: string | undefined }): Promise<BuyAgainItem[]> {
  const warehouse = branchOf(session, query.warehouse)
  // The stock at the branch is the stock book's when it can give it, as on the catalogue's pages (decision 0097).
  const read = (stocked: boolean) =>
    repo.mostOrdered(deps.db, { session, warehouse, accountId: session.accountId, stocked }, firstMonth(today()), BUY_AGAIN_SIZE)
  const rows = await stockedRows(deps, warehouse, read)
  if (rows.length === 0) await ensureBranch(deps.db, warehouse)
  return rows.map((r) => ({
    ProductID: r.product_id,
    ProductCode: r.product_code,
    Description: r.description,
    Product: r.sold ? toOffer(r, session) : null,
    Orders: r.orders,
    TotalQuantity: r.total,
    LastOrderDate: r.last_date,
    LastQuantity: r.last_qty,
  }))
}
