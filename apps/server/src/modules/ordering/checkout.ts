import { AUSTRALIAN_STATES, CheckoutInfo, type CheckoutStart, type PlacedOrder, type PlaceOrderBody, type SavedCheckoutInfo } from '@portal/contract/checkout'
import type { Deps, Session } from '../../lib/context'
import { forbidden } from '../../lib/errors'
import * as cart from './cart'
import type { SentForApproval } from '@portal/contract/approvals'
import * as approvals from './approvals'
import * as credit from './credit'
import * as repo from './checkout-repo'
import * as placement from './placement'

/**
 * Places an order on account (every account but cash-sale and reseller ones) of the cart's lines at today's prices,
 * through placement.placeOrder. A repeated submission with the same idempotency key answers the order the first
 * one placed. An order over the buyer's spending limit is not placed: it is sent for approval (approvals.ts), and
 * that is the answer, to a repeated submission too.
 */
export async function orderOnAccount(
  deps: Deps,
  session: Session,
  body: PlaceOrderBody,
  idempotencyKey: string | undefined,
): Promise<PlacedOrder | SentForApproval> {
  placement.refuseResellers(session)
  if (session.isCash) throw forbidden('Cash-sale accounts pay by card at checkout.')
  const key = idempotencyKey ?? null
  const answer = await placement.placeOrder<SentForApproval>(deps, {
    buyer: { userId: session.userId, accountId: session.accountId, viewer: session },
    key,
    payment: 'account',
    credit: { confirmed: body.creditConfirmed === true, accountsPhone: deps.config.distributor.accountsPhone },
    async prepare(trx, read) {
      // The buyer's limits, and a repeated submission of an order already sent for approval: that is the answer.
      const limits = read.limits ?? (await approvals.limitsOf(trx, session.userId, key))
      if (limits.keyed !== null) return { noOrder: await approvals.sentForApproval(trx, session, limits.keyed) }
      const { branch, lines, totals, quoteId } = await placement.priceLines(trx, session, read.cart, body.warehouse, read.lines)
      const siteCode = await placement.checkSite(trx, session.accountId, body.SiteCode)
      const over = await approvals.overLimit(trx, session.userId, limits, totals.exCents)
      if (over) return { noOrder: await approvals.submit(trx, deps, session, { branch, siteCode, form: body, lines, over, key }) }
      return { buyer: placement.buyerOf(session), branch, siteCode, form: body, lines, paymentReference: null, quoteId }
    },
  })
  return placement.isNoOrder(answer) ? answer.noOrder : answer
}

/** The account's credit as the cart and checkout show it (credit.ts). */
export const cartCredit = credit.cartCredit

export async function saveCheckoutInfo({ db }: Deps, session: Session, info: CheckoutInfo): Promise<SavedCheckoutInfo> {
  placement.refuseResellers(session)
  const kept = await cart.saveCheckoutInfo(db, session, info)
  return { checkoutInfo: kept ? info : null }
}

/** What was saved (details saved in an older shape read as nothing rather than failing the screen), and the defaults. */
export async function checkoutInfo({ db }: Deps, session: Session): Promise<CheckoutStart> {
  const [saved, defaults] = await Promise.all([cart.savedCheckoutInfo(db, session.userId), checkoutDefaults(db, session)])
  const parsed = CheckoutInfo.safeParse(saved)
  return { checkoutInfo: parsed.success ? parsed.data : null, defaults }
}

const STATES = new Set<string>(AUSTRALIAN_STATES)
const stateOf = (value: string) => {
  const upper = value.trim().toUpperCase()
  return STATES.has(upper) ? (upper as CheckoutInfo['State']) : ''
}
const cut = (value: string, max: number) => value.trim().slice(0, max)

/**
 * What the checkout form starts with when nothing is saved (decision 0072). With an earlier order of this user:
 * its delivery site as the site reads today (else the address it was sent to), its contact, carrier and delivery
 * type. Without one: the account's default site (the first on the default branch, else its first site),
 * delivered, no carrier. Never the purchase order number or the description: those are each order's own.
 */
async function checkoutDefaults(db: Deps['db'], session: Session): Promise<CheckoutInfo> {
  const [last, sites, branch] = await Promise.all([
    repo.lastOrderDelivery(db, session.accountId, session.userId),
    repo.deliverySites(db, session.accountId),
    repo.defaultBranch(db, session.accountId),
  ])
  const site =
    (last ? sites.find((s) => s.site_code === last.site_code) : undefined) ?? (last ? undefined : (sites.find((s) => s.location_id === branch) ?? sites[0]))
  const fromSite: CheckoutInfo = site
    ? {
        SiteCode: cut(site.site_code, 20),
        DeliveryName: cut(site.name, 100),
        Address1: cut(site.address1, 100),
        Address2: cut(site.address2, 100),
        City: cut(site.city, 60),
        State: stateOf(site.state),
        PostalCode: cut(site.postal_code, 10),
        Contact: cut(site.contact, 100),
        Email: cut(site.email, 254),
        Phone: cut(site.phone, 30),
        Fax: cut(site.fax, 30),
      }
    : {}
  if (!last) return { ...fromSite, DeliveryType: 1 }
  const fromOrder: CheckoutInfo = site
    ? fromSite
    : {
        DeliveryName: cut(last.delivery_name, 100),
        Address1: cut(last.delivery_address1, 100),
        Address2: cut(last.delivery_address2, 100),
        City: cut(last.delivery_city, 60),
        State: stateOf(last.delivery_state),
        PostalCode: cut(last.delivery_postal_code, 10),
        Contact: cut(last.contact, 100),
        Email: cut(last.email, 254),
        Phone: cut(last.phone, 30),
        Fax: cut(last.fax, 30),
      }
  const info: CheckoutInfo = {
    ...fromOrder,
    CarrierName: cut(last.carrier_name, 60),
    CarrierInstructions: cut(last.carrier_instructions, 500),
    DeliveryType: last.delivery_type === 2 ? 2 : 1,
  }
  // Only what the form takes: an ERP row with a value the form would refuse starts that field empty.
  const parsed = CheckoutInfo.safeParse(info)
  return parsed.success ? parsed.data : { ...fromSite, DeliveryType: 1 }
}
