import { passesLuhn } from './luhn'

/**
 * What never leaves the portal in an error report or a log line: session tokens, passwords, card fields
 * (SecurePay's EPS_CARDNUMBER, EPS_CCV, ...), cookies and e-mail bodies. The server and the web app both
 * scrub their Sentry events with these before sending.
 */
export const FILTERED = '[Filtered]'

/** Keys whose values are dropped wherever they appear in a report. */
const SECRET_KEY =
  /^(authorization|cookie|set-cookie|x-api-key|token|session|password|currentpassword|newpassword|apipassword|secret|fingerprint|resultindicator|successindicator|text_body|html_body|body|attachments)$|pass(word|wd)|secret|token|card|ccv|cvv|^eps_(cardnumber|ccv|expiry)/i

/** key=value pairs in URLs, query strings and messages. */
const SECRET_PAIR =
  /\b(token|access_token|password|passwd|pwd|secret|api_?password|EPS_CARDNUMBER|EPS_CCV|EPS_EXPIRYMONTH|EPS_EXPIRYYEAR|EPS_PASSWORD|resultIndicator)=([^&#\s"',;]*)/gi
const SECRET_JSON =
  /"(token|password|currentPassword|newPassword|secret|authorization|cookie|EPS_CARDNUMBER|EPS_CCV|text_body|html_body|text|html)"\s*:\s*"(?:[^"\\]|\\.)*"/gi
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{4,}/g
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^:/?#\s@]+:)[^@/?#\s]+@/gi
const CARD_LIKE = /\b\d(?:[ -]?\d){12,18}\b/g

/** A text with its secrets replaced: token=…, password=…, Bearer …, "password":"…", user:password@ in URLs, card numbers. */
export function redactText(text: string): string {
  return text
    .replace(SECRET_PAIR, (_, key: string) => `${key}=${FILTERED}`)
    .replace(SECRET_JSON, (_, key: string) => `"${key}":"${FILTERED}"`)
    .replace(BEARER, (_, scheme: string) => `${scheme} ${FILTERED}`)
    .replace(URL_PASSWORD, (_, start: string) => `${start}${FILTERED}@`)
    .replace(CARD_LIKE, (match) => (passesLuhn(match.replace(/\D/g, '')) ? FILTERED : match))
}

export const isSecretKey = (key: string) => SECRET_KEY.test(key)

/** A copy of a value (an error report) with secret keys dropped and every string redacted. */
export function redactDeep<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return redactText(value) as T
  if (value === null || typeof value !== 'object' || depth > 12) return value
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, depth + 1)) as T
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    out[key] = isSecretKey(key) && item !== undefined && item !== null ? FILTERED : redactDeep(item, depth + 1)
  }
  return out as T
}
