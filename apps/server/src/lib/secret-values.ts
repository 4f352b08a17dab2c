import { FILTERED } from '@portal/contract/redact'
import type { Config } from '../config'

/** Shorter values are left alone: they would match ordinary words and numbers in a log line. */
const SHORTEST_SECRET = 8

/**
 * Every token the portal hands out (sessions, password resets, invitations: lib/tokens.ts) is 32 random bytes in
 * base64url, 43 characters. A run of exactly that shape is a token, whatever it was sent under.
 */
const TOKEN_SHAPE = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g

export const isTokenShaped = (value: string) => /^[A-Za-z0-9_-]{43}$/.test(value)

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Redaction by value, beside redaction by name (@portal/contract/redact): the secrets the server knows (the ERP
 * key, payment and metrics passwords, the SMTP password) and anything shaped like a token it issues are replaced
 * wherever they appear, so a key sent under a parameter name nobody thought of (`?erp_key=`, `?ERP_API_KEY=`, a
 * path segment) still never reaches a log line or an error report. Each value is also looked for as a URL and a
 * form would escape it.
 */
export class SecretValues {
  private readonly values = new Set<string>()
  private pattern: RegExp | null = null

  constructor(values: Iterable<string | null | undefined> = []) {
    for (const value of values) this.add(value)
  }

  add(value: string | null | undefined) {
    if (!value || value.length < SHORTEST_SECRET) return
    for (const spelling of spellingsOf(value)) this.values.add(spelling)
    // Longest first, so that a secret holding another is replaced whole.
    const alternatives = [...this.values].sort((a, b) => b.length - a.length).map(escapeRegExp)
    this.pattern = new RegExp(alternatives.join('|'), 'g')
  }

  /** The text with every known secret and every token-shaped run replaced by [Filtered]. */
  redact(text: string): string {
    const known = this.pattern ? text.replace(this.pattern, FILTERED) : text
    return known.replace(TOKEN_SHAPE, FILTERED)
  }

  /** A copy of a value (an error report) with every string redacted. */
  redactDeep<T>(value: T, depth = 0): T {
    if (typeof value === 'string') return this.redact(value) as T
    if (value === null || typeof value !== 'object' || depth > 12) return value
    if (Array.isArray(value)) return value.map((item) => this.redactDeep(item, depth + 1)) as T
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) out[key] = this.redactDeep(item, depth + 1)
    return out as T
  }
}

/** A value as written, percent-escaped (a URL or a form) and with its JSON escapes (a quoted string in a log line). */
function spellingsOf(value: string): string[] {
  const escaped = encodeURIComponent(value)
  const json = JSON.stringify(value).slice(1, -1)
  return [...new Set([value, escaped, escaped.replace(/%20/g, '+'), json])]
}

/** The secrets in the settings: what a start knows before the demo ERP key is read (main.ts adds that one). */
export function configuredSecrets(config: Config): SecretValues {
  const { securepay, mpgs } = config.payments
  return new SecretValues([
    config.erp.apiKey,
    config.erp.previousApiKey,
    config.metrics.token,
    securepay?.password,
    securepay?.nextPassword,
    mpgs?.apiPassword,
    smtpPassword(config.smtpUrl),
  ])
}

function smtpPassword(url: string | undefined): string | null {
  if (!url) return null
  try {
    return decodeURIComponent(new URL(url).password) || null
  } catch {
    return null
  }
}

/**
 * The credentials a request itself presents (its Authorization header, cookies, an X-Api-Key), which may be
 * wrong ones the server does not know (a key from another installation): they are redacted from that
 * request's log lines too. Values the general rules already catch are left out.
 */
export function presentedSecrets(headers: Record<string, string | string[] | undefined>, known: SecretValues): string[] {
  const found: string[] = []
  const consider = (value: string | undefined) => {
    const v = value?.trim()
    if (v && v.length >= SHORTEST_SECRET && !isTokenShaped(v) && known.redact(v) === v) found.push(v)
  }
  const authorization = headers.authorization
  if (typeof authorization === 'string') consider(authorization.replace(/^\s*(Bearer|Basic)\s+/i, ''))
  const apiKey = headers['x-api-key']
  if (typeof apiKey === 'string') consider(apiKey)
  const cookie = headers.cookie
  if (typeof cookie === 'string') for (const part of cookie.split(';')) consider(part.slice(part.indexOf('=') + 1))
  return found
}
