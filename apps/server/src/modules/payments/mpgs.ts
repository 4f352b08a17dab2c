import { timingSafeEqual } from 'node:crypto'

/**
 * Mastercard Gateway (MPGS) Hosted Checkout (decision 0010): the server opens a checkout session
 * (INITIATE_CHECKOUT) and keeps its successIndicator; the browser's checkout.min.js takes the card on the
 * gateway's page and hands back a resultIndicator; the server compares the two and retrieves the order to
 * confirm amount and status before it believes the payment.
 */

export interface MpgsSettings {
  host: string
  merchantId: string
  apiPassword: string
  apiVersion: number
}

/** What the module needs of fetch; the routes give it one that answers the local sandbox in-process. */
export type Transport = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{ status: number; json(): Promise<unknown>; text(): Promise<string> }>

export class GatewayError extends Error {}

export interface CheckoutSession {
  sessionId: string
  successIndicator: string
}

export interface GatewayOrder {
  result: string
  status: string
  amountCents: number
  currency: string
  /** The last transaction's gateway code: APPROVED, DECLINED, EXPIRED_CARD, ... */
  gatewayCode: string | null
  transactionId: string | null
  /** The successful authorisation's transaction id (what CAPTURE and VOID name), when there is one. */
  authorizationId: string | null
}

export const checkoutScriptUrl = (s: MpgsSettings) => `${s.host}/static/checkout/checkout.min.js`

const base = (s: MpgsSettings) => `${s.host}/api/rest/version/${s.apiVersion}/merchant/${encodeURIComponent(s.merchantId)}`

function headers(s: MpgsSettings): Record<string, string> {
  const credentials = Buffer.from(`merchant.${s.merchantId}:${s.apiPassword}`).toString('base64')
  return { Authorization: `Basic ${credentials}`, 'Content-Type': 'application/json', Accept: 'application/json' }
}

async function call(
  transport: Transport,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<Record<string, unknown>> {
  let res
  try {
    res = await transport(url, init)
  } catch (err) {
    throw new GatewayError(`The payment gateway could not be reached (${(err as Error).message})`)
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>
  if (res.status >= 400) {
    const explanation = (body.error as { explanation?: string } | undefined)?.explanation
    throw new GatewayError(explanation ? `The payment gateway refused the request: ${explanation}` : `The payment gateway answered ${res.status}`)
  }
  return body
}

export interface InitiateCheckout {
  orderId: string
  amount: string
  description: string
  merchantName: string
  returnUrl: string
  cancelUrl: string
}

export async function initiateCheckout(s: MpgsSettings, transport: Transport, p: InitiateCheckout): Promise<CheckoutSession> {
  const body = await call(transport, `${base(s)}/session`, {
    method: 'POST',
    headers: headers(s),
    body: JSON.stringify({
      apiOperation: 'INITIATE_CHECKOUT',
      interaction: {
        // Authorise only: the payment that becomes the order is captured, any other voided (decision 0071).
        operation: 'AUTHORIZE',
        returnUrl: p.returnUrl,
        cancelUrl: p.cancelUrl,
        merchant: { name: p.merchantName },
        displayControl: { billingAddress: 'HIDE', shipping: 'HIDE' },
      },
      order: { id: p.orderId, amount: p.amount, currency: 'AUD', description: p.description },
    }),
  })
  const session = body.session as { id?: unknown } | undefined
  if (typeof session?.id !== 'string' || typeof body.successIndicator !== 'string')
    throw new GatewayError('The payment gateway did not open a checkout session')
  return { sessionId: session.id, successIndicator: body.successIndicator }
}

export async function retrieveOrder(s: MpgsSettings, transport: Transport, orderId: string): Promise<GatewayOrder> {
  const body = await call(transport, `${base(s)}/order/${encodeURIComponent(orderId)}`, { method: 'GET', headers: headers(s) })
  const transactions = Array.isArray(body.transaction) ? (body.transaction as Array<Record<string, unknown>>) : []
  const last = transactions.at(-1)
  const amount = typeof body.amount === 'number' ? body.amount : Number(body.amount)
  const idOf = (t: Record<string, unknown> | undefined) => ((t?.transaction as { id?: string } | undefined)?.id ?? null) || null
  const authorization = transactions.find((t) => t.result === 'SUCCESS' && (t.transaction as { type?: string } | undefined)?.type === 'AUTHORIZATION')
  return {
    result: String(body.result ?? ''),
    status: String(body.status ?? ''),
    amountCents: Number.isFinite(amount) ? Math.round(amount * 100) : -1,
    currency: String(body.currency ?? ''),
    gatewayCode: ((last?.response as { gatewayCode?: string } | undefined)?.gatewayCode ?? null) || null,
    transactionId: idOf(last),
    authorizationId: idOf(authorization),
  }
}

/** The transaction ids the portal gives its own operations on an order (unique within the order, as the gateway needs). */
const CAPTURE_ID = 'portal-capture'
const VOID_ID = 'portal-void'
const REFUND_ID = 'portal-refund'

/** Whether a transaction id is the portal's capture of an order (the money was taken). */
export const isCapture = (transactionId: string) => transactionId === CAPTURE_ID

async function operate(s: MpgsSettings, transport: Transport, orderId: string, transactionId: string, body: Record<string, unknown>): Promise<void> {
  const answer = await call(transport, `${base(s)}/order/${encodeURIComponent(orderId)}/transaction/${encodeURIComponent(transactionId)}`, {
    method: 'PUT',
    headers: headers(s),
    body: JSON.stringify(body),
  })
  if (answer.result !== 'SUCCESS') {
    const code = (answer.response as { gatewayCode?: string } | undefined)?.gatewayCode ?? null
    throw new GatewayError(`The payment gateway did not ${String(body.apiOperation).toLowerCase()} the payment: ${gatewayCodeText(code)}`)
  }
}

/** Takes the authorised amount (in full) of the payment that became the order; its transaction id. */
export async function capture(s: MpgsSettings, transport: Transport, orderId: string, amount: string): Promise<string> {
  await operate(s, transport, orderId, CAPTURE_ID, { apiOperation: 'CAPTURE', transaction: { amount, currency: 'AUD' } })
  return CAPTURE_ID
}

/** Refunds, in full, a captured payment that made no order; the refund's transaction id. */
export async function refund(s: MpgsSettings, transport: Transport, orderId: string, amount: string): Promise<string> {
  await operate(s, transport, orderId, REFUND_ID, { apiOperation: 'REFUND', transaction: { amount, currency: 'AUD' } })
  return REFUND_ID
}

/** Voids an authorisation that made no order: the card is never charged; its transaction id. */
export async function voidAuthorization(s: MpgsSettings, transport: Transport, orderId: string, authorizationId: string): Promise<string> {
  await operate(s, transport, orderId, VOID_ID, { apiOperation: 'VOID', transaction: { targetTransactionId: authorizationId } })
  return VOID_ID
}

/** The resultIndicator the browser brought back equals the successIndicator kept with the pending order. */
export function indicatorsMatch(expected: string | null, given: string): boolean {
  if (!expected) return false
  const a = Buffer.from(expected, 'utf8')
  const b = Buffer.from(given, 'utf8')
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Words for a gateway code, for the checkout screen's 'An error occured while processing payment: …'. */
export function gatewayCodeText(code: string | null): string {
  switch (code) {
    case 'DECLINED':
      return 'Declined'
    case 'EXPIRED_CARD':
      return 'Expired Card'
    case 'INSUFFICIENT_FUNDS':
      return 'Insufficient Funds'
    case 'TIMED_OUT':
      return 'The bank did not answer in time'
    case 'DECLINED_DO_NOT_CONTACT':
      return 'Do Not Honour'
    case 'ACQUIRER_SYSTEM_ERROR':
    case 'SYSTEM_ERROR':
      return 'The payment system had an error'
    case null:
      return 'The payment was not completed'
    default:
      return `Not approved (${code.toLowerCase().replace(/_/g, ' ')})`
  }
}
