import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self' https:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ')

/** A content service on another origin (CONTENT_BASE_URL, a real WordPress) is fetched from and shows pictures. */
export function withContentOrigin(csp: string, contentBaseUrl: string): string {
  if (!/^https?:\/\//.test(contentBaseUrl)) return csp
  const origin = new URL(contentBaseUrl).origin
  return csp.replace(/(^|; )(connect-src|img-src) ([^;]*)/g, (_, sep: string, name: string, sources: string) => `${sep}${name} ${sources} ${origin}`)
}

/**
 * Card payments reach other origins: the card form posts to the SecurePay endpoint (form-action), the
 * Mastercard Gateway's checkout.min.js is loaded from its host (script-src, and it talks to and frames its
 * host), and the browser asks the IP-lookup service for the user's address (connect-src).
 */
export function withPaymentOrigins(csp: string, config: Pick<Config, 'publicUrl' | 'payments'>): string {
  const own = new URL(config.publicUrl).origin
  const originOf = (url: string | undefined | null) => (url ? new URL(url).origin : null)
  const add = (policy: string, directive: string, origin: string | null) => {
    if (!origin || origin === own) return policy
    if (!new RegExp(`(^|; )${directive} `).test(policy)) return `${policy}; ${directive} 'self' ${origin}`
    return policy.replace(new RegExp(`(^|; )(${directive}) ([^;]*)`), (_, sep: string, name: string, sources: string) =>
      sources.split(' ').includes(origin) ? `${sep}${name} ${sources}` : `${sep}${name} ${sources} ${origin}`,
    )
  }
  const gateway = originOf(config.payments.mpgs?.host)
  let policy = add(csp, 'form-action', originOf(config.payments.securepay?.url))
  for (const directive of ['script-src', 'connect-src', 'frame-src']) policy = add(policy, directive, gateway)
  return add(policy, 'connect-src', originOf(config.payments.ipLookupUrl))
}

/** Headers every response carries. The docs browser brings its own CSP. */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const contentSecurityPolicy = withPaymentOrigins(withContentOrigin(CSP, config.contentBaseUrl), config)
  app.addHook('onSend', async (req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff')
    reply.header('Referrer-Policy', 'same-origin')
    reply.header('X-Frame-Options', 'DENY')
    if (!req.url.startsWith('/api/docs/ui')) reply.header('Content-Security-Policy', contentSecurityPolicy)
    if (config.production) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    if (req.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store')
  })
}
