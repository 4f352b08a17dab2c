import type { CreateStockAlertBody, StockAlert } from '@portal/contract/stock-alerts'
import type { Deps, Session } from '../../lib/context'
import { badRequest, notFound } from '../../lib/errors'
import { branchOf, takesOrdersFor } from '../branches/service'
import type { Mail } from '../mail/outbox'
import * as repo from './repo'

const toAlert = (row: repo.AlertRow): StockAlert => ({
  id: row.id,
  ProductID: row.product_id,
  ProductCode: row.product_code,
  Description: row.description,
  LocationID: row.location_id,
  BranchName: row.branch_name,
  quantity: row.quantity,
  status: row.closed_as ?? 'waiting',
  createdAt: row.created,
  closedAt: row.closed,
  lapsesAt: row.lapses,
})

/**
 * "Notify me": whoever may see the product may ask, at a branch their account orders from, while that branch
 * has fewer than they want. Asking again while a request waits sets its quantity (200); a new one is 201.
 */
export async function create({ db }: Deps, session: Session, body: CreateStockAlertBody): Promise<{ created: boolean; alert: StockAlert }> {
  const branch = branchOf(session, body.warehouse)
  // A request for stock at a branch the account does not order from would never lead to an order.
  if (!(await takesOrdersFor(db, session.accountId, branch))) throw badRequest('unknown_warehouse', 'You do not order from this branch.', 'body.warehouse')
  const product = await repo.productAtBranch(db, session, body.productId, branch)
  if (!product) throw notFound('product')
  const wanted = body.quantity ?? 1
  if (product.available >= wanted)
    throw badRequest(
      'in_stock',
      body.quantity === undefined
        ? 'This product is in stock at this branch: add it to your cart.'
        : `There are ${product.available.toLocaleString('en-AU')} in stock at this branch: add them to your cart.`,
      'body.quantity',
    )
  const { id, created } = await repo.openRequest(db, { userId: session.userId, productId: product.id, branch, quantity: body.quantity ?? null })
  const row = await repo.requestOf(db, session.userId, id)
  return { created, alert: toAlert(row!) }
}

export async function list({ db }: Deps, session: Session): Promise<StockAlert[]> {
  return (await repo.requestsOf(db, session.userId)).map(toAlert)
}

/** Cancels one of this user's requests; anyone else's is not found, whoever's account it is. */
export async function cancel({ db }: Deps, session: Session, id: number): Promise<void> {
  if (!(await repo.cancel(db, session.userId, id))) throw notFound('stock alert')
}

/** The e-mail of a request whose stock has come: the product, the branch, how many, and a link to the product. */
export function stockAlertMail(config: Pick<Deps['config'], 'publicUrl' | 'distributor'>, claimed: repo.Claimed): Mail {
  const link = `${config.publicUrl}/product/${claimed.product_id}`
  const asked = claimed.quantity === null ? '' : ` (you asked for ${claimed.quantity.toLocaleString('en-AU')})`
  return {
    to: claimed.email,
    subject: `Back in stock at ${claimed.branch_name}: ${claimed.product_code} ${claimed.description}`,
    text: [
      `Hello ${claimed.name},`,
      '',
      `${claimed.product_code} ${claimed.description} is back in stock at ${claimed.branch_name}: ${claimed.available.toLocaleString('en-AU')} available now${asked}.`,
      '',
      `Order it here: ${link}`,
      '',
      'Stock is not held for you: it goes to whoever orders first. This was a one-off alert; ask again on the product page if you miss it.',
      '',
      config.distributor.name,
    ].join('\n'),
  }
}
