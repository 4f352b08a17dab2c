import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Deps, Session } from '../lib/context'
import { unauthorized } from '../lib/errors'
import { resolveSession } from '../modules/auth/service'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open without a session (login, password reset, reference data). Everything else needs one. */
    public?: boolean
  }
  interface FastifyRequest {
    session: Session | null
    requireSession(): Session
  }
}

/** The token comes as `Authorization: Bearer …` or, for older API clients, as `?token=`. */
export function tokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined
  const query = req.query as Record<string, unknown> | undefined
  return typeof query?.token === 'string' && query.token ? query.token : undefined
}

/** Sessions are default-deny: an /api route answers 401 without a live session unless it is marked public. */
export function registerAuth(app: FastifyInstance, deps: Deps) {
  app.decorateRequest('session', null)
  app.decorateRequest('requireSession', function (this: FastifyRequest) {
    if (!this.session) throw unauthorized()
    return this.session
  })

  // A callback hook: a session this instance holds is answered without a promise (resolveSession); only the others wait.
  app.addHook('onRequest', (req, _reply, done) => {
    // The ERP interchange answers its key only (modules/erp/index.ts), the back office its own sessions
    // (modules/back-office/index.ts): no customer's session is looked for there.
    const { erp, backOffice } = req.routeOptions.config
    if (!req.url.startsWith('/api/') || erp || backOffice) return done()
    const decide = (session: Session | null) => {
      req.session = session
      done(!session && !req.routeOptions.config.public && req.routeOptions.url ? unauthorized() : undefined)
    }
    const token = tokenOf(req)
    if (!token) return decide(null)
    const found = resolveSession(deps, token)
    if (found instanceof Promise) found.then(decide, done)
    else decide(found)
  })
}
