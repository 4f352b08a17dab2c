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

/** Headers every response carries. The docs browser brings its own CSP. */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  app.addHook('onSend', async (req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff')
    reply.header('Referrer-Policy', 'same-origin')
    reply.header('X-Frame-Options', 'DENY')
    if (!req.url.startsWith('/api/docs/ui')) reply.header('Content-Security-Policy', CSP)
    if (config.production) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    if (req.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store')
  })
}
