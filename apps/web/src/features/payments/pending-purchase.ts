/**
 * A card payment leaves the app for the provider's page. What it was for is noted in the tab's session
 * storage, so that the purchase can be reported to analytics once the order exists, whichever page the
 * provider sends the browser back to.
 */
const KEY = 'pending-purchase'
const FORGET_AFTER_MS = 3 * 60 * 60 * 1000

export type PendingPurchase = { orderId: string; at: number }

export function rememberPendingPurchase(orderId: string) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ orderId, at: Date.now() } satisfies PendingPurchase))
  } catch {
    // storage unavailable: the purchase simply goes unreported
  }
}

export function readPendingPurchase(): PendingPurchase | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as PendingPurchase | null
    if (!value || typeof value.orderId !== 'string' || typeof value.at !== 'number') return null
    if (Date.now() - value.at > FORGET_AFTER_MS) {
      forgetPendingPurchase()
      return null
    }
    return value
  } catch {
    return null
  }
}

export function forgetPendingPurchase() {
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // nothing to forget
  }
}

const sessionKey = (orderId: string) => `mpgs-session:${orderId}`

/** The Mastercard Gateway session a pending order is being paid in (the gateway sends back only the resultIndicator). */
export function rememberGatewaySession(orderId: string, sessionId: string) {
  try {
    sessionStorage.setItem(sessionKey(orderId), sessionId)
  } catch {
    // without it the return cannot be completed; the payer is sent back to the checkout
  }
}

export function gatewaySession(orderId: string): string | null {
  try {
    return sessionStorage.getItem(sessionKey(orderId))
  } catch {
    return null
  }
}
