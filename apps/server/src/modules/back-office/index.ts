import type { BackOfficeRole } from '@portal/contract/back-office'
import type { FastifyPluginAsync } from 'fastify'
import type { Deps } from '../../lib/context'
import { forbidden, unauthorized } from '../../lib/errors'
import { tokenOf } from '../../plugins/auth'
import { backOfficeRoutes } from './routes'
import { resolveBackOfficeSession, type BackOfficeSession } from './session'

export { findActiveUserByEmail, openSession, type BackOfficeSession } from './session'
export { staffChanges } from './accounts'
export { completeInvitation } from './users'
export { auditActing, NOT_WHILE_ACTING, stopActing } from './acting'
export { actingRoutes } from './acting-routes'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route of the back office (/api/staff): it answers a back office session only, never a customer's. */
    backOffice?: boolean
    /** A back office route a session reaches before its second factor (enrol, give the code, sign out). */
    beforeSecondFactor?: boolean
    /** The back office roles of which the user needs one; left out: any role. */
    roles?: readonly BackOfficeRole[]
  }
  interface FastifyRequest {
    backOffice: BackOfficeSession | null
  }
}

/**
 * The /api/staff scope (decision 0083): every route inside answers a back office session only (the customers'
 * auth hook looks for none here, and a customer's token is no back office session), gives the second factor
 * before anything else, and enforces the roles each route names.
 */
export const backOfficeScope: FastifyPluginAsync<Deps> = async (scope, deps) => {
  scope.decorateRequest('backOffice', null)
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, backOffice: true }
    route.schema = { ...route.schema, tags: ['back office'], security: [{ bearer: [] }] }
  })
  scope.addHook('onRequest', async (req) => {
    const token = tokenOf(req)
    const session = token ? await resolveBackOfficeSession(deps, token) : null
    if (!session) throw unauthorized()
    const config = req.routeOptions.config
    if (session.secondFactor !== 'done' && !config.beforeSecondFactor) throw unauthorized('Give your second factor to continue.')
    if (config.roles && !config.roles.some((role) => session.roles.includes(role))) throw forbidden()
    req.backOffice = session
  })
  await scope.register(backOfficeRoutes, { ...deps, prefix: '' })
}
