import { CheckoutInfo, type PlacedOrder, type PlaceOrderBody, type SavedCheckoutInfo } from '@portal/contract/checkout'
import type { Deps, Session } from '../../lib/context'
import { forbidden } from '../../lib/errors'
import * as cart from './cart'
import * as placement from './placement'

/**
 * Places an order on account (every account but cash-sale and reseller ones): one transaction that locks the
 * cart, re-prices it, checks the stock, writes the order and empties the cart (placement.ts). A repeated
 * submission with the same idempotency key answers the order the first one placed.
 */
export async function placeOrder(
  { db, caches, stock, metrics }: Deps,
  session: Session,
  body: PlaceOrderBody,
  idempotencyKey: string | undefined,
): Promise<PlacedOrder> {
  placement.refuseResellers(session)
  if (session.isCash) throw forbidden('Cash-sale accounts pay by card at checkout.')
  const key = idempotencyKey ?? null
  const repeated = async (trx: Deps['db']) => {
    const existing = key ? await placement.findOrderByKey(trx, session.userId, key) : undefined
    return existing && placement.placedOrder(trx, session.accountId, existing.id)
  }
  let wrote = false
  let moved: number[] = []
  try {
    const placed = await db.transaction().execute(async (trx) => {
      // The cart lock comes first, so a second submission of the same checkout waits here and then finds the first
      // order: with the lock and the lines when it was placed before (one statement), else with the cart emptied by it.
      const { cart: locked, ordered, lines: read } = await placement.lockCartForOrder(trx, session, key)
      if (ordered !== null) return placement.placedOrder(trx, session.accountId, ordered)
      let priced: Awaited<ReturnType<typeof placement.priceLines>>
      try {
        priced = await placement.priceLines(trx, session, locked, body.warehouse, read)
      } catch (err) {
        // A repeat that waited for the lock finds the cart the first submission emptied: its order is looked for now.
        const existing = placement.isCartEmpty(err) ? await repeated(trx) : undefined
        if (existing) return existing
        throw err
      }
      const { branch, lines } = priced
      const siteCode = await placement.checkSite(trx, session.accountId, body.SiteCode)
      wrote = true
      moved = lines.map((l) => l.productId)
      const buyer = placement.buyerOf(session)
      return placement.place(trx, { buyer, branch, siteCode, form: body, lines, idempotencyKey: key, paymentReference: null, cartLocked: true })
    })
    if (wrote) placement.afterOrder({ metrics, stock, caches }, { accountId: session.accountId, productIds: moved, payment: 'account' })
    return placed
  } catch (err) {
    // Two submissions with one key from two sessions at once: the unique index let one through; answer with it.
    if (key && placement.isUniqueViolation(err)) {
      const existing = await repeated(db)
      if (existing) return existing
    }
    throw err
  }
}

export async function saveCheckoutInfo({ db }: Deps, session: Session, info: CheckoutInfo): Promise<SavedCheckoutInfo> {
  placement.refuseResellers(session)
  const kept = await cart.saveCheckoutInfo(db, session, info)
  return { checkoutInfo: kept ? info : null }
}

/** What was saved; details saved in an older shape read as nothing rather than failing the screen. */
export async function checkoutInfo({ db }: Deps, session: Session): Promise<SavedCheckoutInfo> {
  const parsed = CheckoutInfo.safeParse(await cart.savedCheckoutInfo(db, session.userId))
  return { checkoutInfo: parsed.success ? parsed.data : null }
}
