import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * SecurePay Direct Post (decision 0010): the card form posts from the browser to the provider with a
 * request fingerprint; the provider sends the browser back to the result URL with a result fingerprint.
 * Both are HMAC-SHA256 keyed with the transaction password, lowercase hex.
 */

export interface SecurePaySettings {
  url: string
  merchantId: string
  password: string
  /**
   * The new transaction password while it is rotated: requests are still signed with `password`, and a
   * result signed with either is genuine (the provider signs with the new one from the moment it is changed).
   */
  nextPassword?: string
  /** SecurePay's XML API for refunds, when not beside `url` (refundUrlOf). */
  refundUrl?: string
}

/** EPS_TXNTYPE 0: a payment. */
export const TXN_PAYMENT = '0'

/** A request fingerprint (and so the form) is valid for one hour after EPS_TIMESTAMP. */
export const FINGERPRINT_VALIDITY_MS = 60 * 60 * 1000

/** Clocks differ a little between us and the provider. */
export const CLOCK_SKEW_MS = 5 * 60 * 1000

const hmac = (key: string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest('hex')

export interface RequestFields {
  merchant: string
  txnType: string
  referenceId: string
  amount: string
  timestamp: string
}

/** HMAC-SHA256 over EPS_MERCHANT|password|EPS_TXNTYPE|EPS_REFERENCEID|EPS_AMOUNT|EPS_TIMESTAMP. */
export function requestFingerprint(password: string, f: RequestFields): string {
  return hmac(password, [f.merchant, password, f.txnType, f.referenceId, f.amount, f.timestamp].join('|'))
}

export interface ResultFields {
  merchant: string
  referenceId: string
  /** The amount that was sent, with two decimals. */
  amount: string
  timestamp: string
  summaryCode: string
}

/** HMAC-SHA256 over merchant|password|refid|amount|timestamp|summarycode. */
export function resultFingerprint(password: string, f: ResultFields): string {
  return hmac(password, [f.merchant, password, f.referenceId, f.amount, f.timestamp, f.summaryCode].join('|'))
}

/** Compares two hex fingerprints in constant time; anything not 64 hex digits is simply unequal. */
export function fingerprintsMatch(expected: string, given: string | undefined): boolean {
  if (!given || !/^[0-9a-fA-F]{64}$/.test(given) || !/^[0-9a-f]{64}$/.test(expected)) return false
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'))
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** UTC YYYYMMDDHHmmss. */
export function timestampOf(date: Date): string {
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`
}

export function parseTimestamp(value: string | undefined): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value ?? '')
  if (!m) return null
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number]
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s))
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? date : null
}

/** EPS_AMOUNT: dollars with two decimals, from integer cents. */
export function amountOf(cents: number): string {
  return `${Math.floor(cents / 100)}.${pad(cents % 100)}`
}

export interface PaymentRequest {
  referenceId: string
  amountCents: number
  timestamp: string
  resultUrl: string
}

/** The hidden fields the card form posts with (the browser adds EPS_IP and the card's own fields). */
export function formFields(settings: SecurePaySettings, p: PaymentRequest): Record<string, string> {
  const request: RequestFields = {
    merchant: settings.merchantId,
    txnType: TXN_PAYMENT,
    referenceId: p.referenceId,
    amount: amountOf(p.amountCents),
    timestamp: p.timestamp,
  }
  return {
    EPS_MERCHANT: request.merchant,
    EPS_TXNTYPE: request.txnType,
    EPS_REFERENCEID: request.referenceId,
    EPS_AMOUNT: request.amount,
    EPS_TIMESTAMP: request.timestamp,
    EPS_FINGERPRINT: requestFingerprint(settings.password, request),
    EPS_RESULTURL: p.resultUrl,
    EPS_REDIRECT: 'TRUE',
    EPS_CURRENCY: 'AUD',
  }
}

export interface ReceivedResult {
  merchant?: string | undefined
  refid?: string | undefined
  amount?: string | undefined
  timestamp?: string | undefined
  summarycode?: string | undefined
  rescode?: string | undefined
  restext?: string | undefined
  txnid?: string | undefined
  fingerprint?: string | undefined
}

export type ResultCheck =
  | { valid: true; approved: boolean; responseText: string; transactionId: string | null }
  | { valid: false; reason: 'merchant' | 'reference' | 'amount' | 'fingerprint' | 'timestamp' }

/**
 * Whether a result really is the provider's answer to this payment request: our merchant, our reference,
 * the amount we sent, a genuine fingerprint (constant-time compare) and a timestamp inside the request's hour.
 */
export function checkResult(
  settings: SecurePaySettings,
  sent: { referenceId: string; amountCents: number; timestamp: string },
  result: ReceivedResult,
  now: Date,
): ResultCheck {
  if (result.merchant !== settings.merchantId) return { valid: false, reason: 'merchant' }
  if (result.refid !== sent.referenceId) return { valid: false, reason: 'reference' }
  const amount = amountOf(sent.amountCents)
  if (result.amount !== undefined && result.amount !== amount) return { valid: false, reason: 'amount' }
  const signed = {
    merchant: settings.merchantId,
    referenceId: sent.referenceId,
    amount,
    timestamp: result.timestamp ?? '',
    summaryCode: result.summarycode ?? '',
  }
  const keys = settings.nextPassword ? [settings.password, settings.nextPassword] : [settings.password]
  if (!keys.some((key) => fingerprintsMatch(resultFingerprint(key, signed), result.fingerprint))) return { valid: false, reason: 'fingerprint' }
  const answered = parseTimestamp(result.timestamp)
  const requested = parseTimestamp(sent.timestamp)
  if (
    !answered ||
    !requested ||
    answered.getTime() < requested.getTime() - CLOCK_SKEW_MS ||
    answered.getTime() > requested.getTime() + FINGERPRINT_VALIDITY_MS + CLOCK_SKEW_MS ||
    answered.getTime() > now.getTime() + CLOCK_SKEW_MS ||
    now.getTime() - answered.getTime() > FINGERPRINT_VALIDITY_MS
  ) {
    return { valid: false, reason: 'timestamp' }
  }
  return {
    valid: true,
    approved: result.summarycode === '1',
    responseText: result.restext?.trim() || (result.summarycode === '1' ? 'Approved' : 'Declined'),
    transactionId: result.txnid?.trim() || null,
  }
}

// ---- Refunds (SecurePay's XML API) -------------------------------------------------------------------------------

/** The XML API's transaction type for a refund of an earlier payment. */
export const TXN_REFUND = '4'
/** The XML API's transaction source for a refund sent by the merchant's own system. */
const TXN_SOURCE_MERCHANT = '23'

/**
 * Where refunds go: SecurePay's XML API beside the Direct Post endpoint (`…/directpost/authorise` becomes
 * `…/xmlapi/payment`, on the test or the live host alike), unless SECUREPAY_REFUND_URL names it.
 */
export function refundUrlOf(settings: Pick<SecurePaySettings, 'url' | 'refundUrl'>): string {
  if (settings.refundUrl) return settings.refundUrl
  const u = new URL(settings.url)
  u.pathname = u.pathname.replace(/\/directpost\/authorise\/?$/, '/xmlapi/payment')
  return u.toString()
}

const xmlText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The first element named `tag` in `xml`, as text (entities decoded); undefined when there is none. */
export function xmlValue(xml: string, tag: string): string | undefined {
  const m = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`).exec(xml)
  if (!m) return undefined
  return m[1]!
    .replace(/^<!\[CDATA\[([\s\S]*)\]\]>$/, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim()
}

export interface RefundRequest {
  /** Unique per message: the portal's refund record. */
  messageId: string
  /** The payment's reference (EPS_REFERENCEID), SecurePay's purchase order number for it. */
  referenceId: string
  amountCents: number
  /** The approved payment's transaction id (the result's txnid). */
  transactionId: string
  now: Date
}

/** The XML message of a refund: the merchant's id and transaction password, and the payment it refunds. */
export function refundMessage(settings: SecurePaySettings, r: RefundRequest): string {
  // YYYYDDMMHHNNSSKKK000sOOO: the XML API's own timestamp form (day before month), UTC.
  const t = r.now
  const stamp = `${t.getUTCFullYear()}${pad(t.getUTCDate())}${pad(t.getUTCMonth() + 1)}${pad(t.getUTCHours())}${pad(t.getUTCMinutes())}${pad(t.getUTCSeconds())}${pad(t.getUTCMilliseconds(), 3)}000+000`
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<SecurePayMessage>',
    `<MessageInfo><messageID>${xmlText(r.messageId)}</messageID><messageTimestamp>${stamp}</messageTimestamp><timeoutValue>60</timeoutValue><apiVersion>xml-4.2</apiVersion></MessageInfo>`,
    `<MerchantInfo><merchantID>${xmlText(settings.merchantId)}</merchantID><password>${xmlText(settings.password)}</password></MerchantInfo>`,
    '<RequestType>Payment</RequestType>',
    '<Payment><TxnList count="1"><Txn ID="1">',
    `<txnType>${TXN_REFUND}</txnType><txnSource>${TXN_SOURCE_MERCHANT}</txnSource><amount>${r.amountCents}</amount><currency>AUD</currency>`,
    `<purchaseOrderNo>${xmlText(r.referenceId)}</purchaseOrderNo><txnID>${xmlText(r.transactionId)}</txnID>`,
    '</Txn></TxnList></Payment>',
    '</SecurePayMessage>',
  ].join('')
}

/** How a payment that made no order was given back: refunded (or, for an authorisation, `voided`: never charged), or why not. */
export type RefundOutcome = { refunded: true; transactionId: string; voided?: boolean } | { refunded: false; reason: string }

/**
 * What SecurePay answered a refund: refunded when the message was accepted (status 000) and the transaction
 * approved; otherwise why not, in the provider's words.
 */
export function refundOutcome(xml: string): RefundOutcome {
  const status = xmlValue(xml, 'statusCode')
  if (status !== '000') return { refunded: false, reason: `${xmlValue(xml, 'statusDescription') ?? 'No answer'} (status ${status ?? 'none'})` }
  const txn = xmlValue(xml, 'Txn') ?? ''
  if (xmlValue(txn, 'approved') !== 'Yes')
    return { refunded: false, reason: `${xmlValue(txn, 'responseText') ?? 'Not approved'} (${xmlValue(txn, 'responseCode') ?? 'no code'})` }
  return { refunded: true, transactionId: xmlValue(txn, 'txnID') ?? '' }
}
