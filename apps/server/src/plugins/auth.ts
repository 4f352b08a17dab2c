import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Deps, Session } from '../lib/context'
import { forbidden, unauthorized } from '../lib/errors'
import { resolveSession } from '../modules/auth/service'
import { auditActing, NOT_WHILE_ACTING } from '../modules/back-office'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open without a session (login, password reset, reference data). Everything else needs one. */
    public?: boolean
    /**
     * What a session of staff ordering for a customer may not do here (decision 0101): `settings` (passwords, users,
     * the account's settings) or `payment` (a card payment). Refused 403 before the route runs.
     */
    notWhileActing?: 'settings' | 'payment'
    /** A route that writes its own audit row for staff ordering for a customer (the generic one is not written). */
    auditsItself?: boolean
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
      const refused = session?.actingBy && req.routeOptions.config.notWhileActing
      done(!session && !req.routeOptions.config.public && req.routeOptions.url ? unauthorized() : refused ? forbidden(NOT_WHILE_ACTING[refused]) : undefined)
    }
    const token = tokenOf(req)
    if (!token) return decide(null)
    const found = resolveSession(deps, token)
    if (found instanceof Promise) found.then(decide, done)
    else decide(found)
  })

  // What staff ordering for a customer change through the customer's routes is audited once it has been answered
  // (decision 0101): a route that changes something and succeeded. The order's number is read from its answer.
  // A callback hook, not an async one: it runs on every request, and for all but staff's it does nothing.
  app.addHook('onSend', (req, reply, payload, done) => {
    const session = req.session
    if (!session?.actingBy || req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return done(null, payload)
    if (reply.statusCode >= 400 || req.routeOptions.config.auditsItself || !req.routeOptions.url) return done(null, payload)
    let salesOrder: string | undefined
    if (req.routeOptions.url === '/api/orders' && typeof payload === 'string') {
      try {
        salesOrder = (JSON.parse(payload) as { SalesOrder?: string }).SalesOrder
      } catch {
        salesOrder = undefined
      }
    }
    auditActing(deps, session, req.ip, { method: req.method, url: req.routeOptions.url, status: reply.statusCode, salesOrder }).then(
      () => done(null, payload),
      (err: unknown) => {
        req.log.error({ err }, 'could not audit a change made by staff ordering for a customer')
        done(null, payload)
      },
    )
  })
}
