import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config'

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "connect-src 'self'",
  // The web app's service worker (/sw.js) and manifest come from this origin only.
  "worker-src 'self'",
  "manifest-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
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
 * Mastercard Gateway's checkout.min.js is loaded from its host (script-src, and it talks to, frames and
 * may post to its host), and the browser asks the IP-lookup service for the user's address (connect-src).
 * Nothing else: forms post to our own origin and the configured providers only (decision 0016).
 * A configured provider's origin is named in every mode, even when it is PUBLIC_URL's: 'self' is the origin
 * the page was opened at, which need not be PUBLIC_URL. Only the local sandbox (no provider URL set) is left
 * to 'self', because the browser reaches it on the page's own origin (decision 0026).
 */
export function withPaymentOrigins(csp: string, config: Pick<Config, 'publicUrl' | 'payments'>): string {
  const sandbox = (url: string) => url.startsWith(`${config.publicUrl}/sandbox/`)
  const originOf = (url: string | undefined | null) => (url && !sandbox(url) ? new URL(url).origin : null)
  const add = (policy: string, directive: string, origin: string | null) => {
    if (!origin) return policy
    if (!new RegExp(`(^|; )${directive} `).test(policy)) return `${policy}; ${directive} 'self' ${origin}`
    return policy.replace(new RegExp(`(^|; )(${directive}) ([^;]*)`), (_, sep: string, name: string, sources: string) =>
      sources.split(' ').includes(origin) ? `${sep}${name} ${sources}` : `${sep}${name} ${sources} ${origin}`,
    )
  }
  const gateway = originOf(config.payments.mpgs ? `${config.payments.mpgs.host}/` : null)
  let policy = add(csp, 'form-action', originOf(config.payments.securepay?.url))
  for (const directive of ['script-src', 'connect-src', 'frame-src', 'form-action']) policy = add(policy, directive, gateway)
  return add(policy, 'connect-src', originOf(config.payments.ipLookupUrl))
}

/**
 * The web app's run-time settings may name other origins: the API and picture bases (API_BASE_URL,
 * IMAGE_BASE_URL) and the error-reporting DSN's host, which the browser sends its reports to.
 */
export function withRuntimeOrigins(csp: string, config: Pick<Config, 'publicUrl' | 'apiBaseUrl' | 'imageBaseUrl' | 'errorReporting'>): string {
  const own = new URL(config.publicUrl).origin
  const originOf = (url: string | null) => (url && /^https?:\/\//.test(url) ? new URL(url).origin : null)
  const extra = (directive: string, origins: Array<string | null>) => (policy: string) => {
    const add = [...new Set(origins)].filter((o): o is string => o !== null && o !== own)
    if (add.length === 0) return policy
    return policy.replace(
      new RegExp(`(^|; )(${directive}) ([^;]*)`),
      (_, sep: string, name: string, sources: string) => `${sep}${name} ${[sources, ...add.filter((o) => !sources.split(' ').includes(o))].join(' ')}`,
    )
  }
  const connect = extra('connect-src', [originOf(config.apiBaseUrl), originOf(config.errorReporting.browserDsn)])
  const images = extra('img-src', [originOf(config.apiBaseUrl), originOf(config.imageBaseUrl)])
  return images(connect(csp))
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sets the headers below; for answers that skip the hooks (the router's own errors, plugins/errors.ts). */
    securityHeaders(req: FastifyRequest, reply: FastifyReply): void
  }
}

/** Headers every response carries, the docs browser's pages included (it needs nothing but its own scripts). */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const contentSecurityPolicy = withRuntimeOrigins(withPaymentOrigins(withContentOrigin(CSP, config.contentBaseUrl), config), config)
  const securityHeaders = (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('X-Content-Type-Options', 'nosniff')
    reply.header('Referrer-Policy', 'same-origin')
    reply.header('X-Frame-Options', 'DENY')
    reply.header('Content-Security-Policy', contentSecurityPolicy)
    if (config.production) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    if (req.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store')
  }
  app.decorate('securityHeaders', securityHeaders)
  app.addHook('onSend', (req, reply, payload, done) => {
    securityHeaders(req, reply)
    done(null, payload)
  })
}
