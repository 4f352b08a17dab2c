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

/** Names of parameters (query strings, form posts, messages) whose values are secrets, lower case. */
export const SECRET_PARAMS: ReadonlySet<string> = new Set([
  'token',
  'access_token',
  'password',
  'passwd',
  'pwd',
  'secret',
  'api_password',
  'apipassword',
  // An ERP key put in a URL by mistake (it is refused there: modules/erp/key.ts) still never reaches a log.
  'key',
  'api_key',
  'apikey',
  'eps_cardnumber',
  'eps_ccv',
  'eps_expirymonth',
  'eps_expiryyear',
  'eps_password',
  'resultindicator',
])

/**
 * name=value pairs in URLs, query strings and messages. The name is matched whole, with what a query parser
 * would accept in it (percent-escapes, brackets, dots), so that it can be judged as the server reads it.
 */
const PAIR = /(?<![\w%.[\]+-])([\w%.[\]+-]+)=([^&#\s"',;]*)/g
const SECRET_JSON =
  /"(token|password|currentPassword|newPassword|secret|authorization|cookie|EPS_CARDNUMBER|EPS_CCV|text_body|html_body|text|html)"\s*:\s*"(?:[^"\\]|\\.)*"/gi
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{4,}/g
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^:/?#\s@]+:)[^@/?#\s]+@/gi
const CARD_LIKE = /\b\d(?:[ -]?\d){12,18}\b/g

/** A text with its secrets replaced: token=…, password=…, Bearer …, "password":"…", user:password@ in URLs, card numbers. */
export function redactText(text: string): string {
  return text
    .replace(PAIR, (pair, name: string) => (isSecretParam(name) ? `${name}=${FILTERED}` : pair))
    .replace(SECRET_JSON, (_, key: string) => `"${key}":"${FILTERED}"`)
    .replace(BEARER, (_, scheme: string) => `${scheme} ${FILTERED}`)
    .replace(URL_PASSWORD, (_, start: string) => `${start}${FILTERED}@`)
    .replace(CARD_LIKE, (match) => (passesLuhn(match.replace(/\D/g, '')) ? FILTERED : match))
}

export const isSecretKey = (key: string) => SECRET_KEY.test(key)

/** Any name ending in "key" (erp_key, ERP_API_KEY, apiKey, x-api-key): the names keys are put under. */
const KEY_NAME = /key$/

/**
 * Whether a parameter, named as it was written, carries a secret once decoded the way a query parser decodes
 * it: `tok%65n`, `TOKEN`, `token[]`, `user[password]` and `user.password` all do. Escapes are undone up to
 * three times (a name escaped twice), each part of a bracketed or dotted name is judged on its own.
 */
export function isSecretParam(name: string): boolean {
  let decoded = name
  for (let round = 0; round < 3; round++) {
    const next = decodeName(decoded)
    if (next === decoded) break
    decoded = next
  }
  for (const candidate of new Set([name, decoded])) {
    for (const part of candidate.toLowerCase().split(/[[\].]+/)) {
      if (part && (SECRET_PARAMS.has(part) || isSecretKey(part) || KEY_NAME.test(part))) return true
    }
  }
  return false
}

/** `+` is a space and each %XX one byte: enough to read a name, which the secret ones spell in ASCII. */
const decodeName = (name: string) => name.replace(/\+/g, ' ').replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))

/**
 * A URL (path and query, as a request line carries it) for a log line or an error report: the value of
 * every parameter whose decoded name is secret replaced, however the name was written, repeated or not;
 * then the rest of redactText.
 */
export const redactUrl = (url: string) => redactText(url)

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
