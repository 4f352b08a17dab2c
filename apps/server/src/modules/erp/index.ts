import type { FastifyPluginAsync } from 'fastify'
import type { Deps } from '../../lib/context'
import { erpKeyCheck } from './key'
import { ErpProblemsError, replyProblems } from './problems'
import { erpImportRoutes } from './import-routes'
import { erpRoutes } from './routes'

export { exportOrders } from './export'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route of the ERP interchange: it answers the ERP key only, never a customer's session (modules/erp/index.ts). */
    erp?: boolean
  }
}

export interface ErpOptions extends Deps {
  /** The key the routes accept (modules/erp/key.ts resolveErpKey); null: the interchange is off and /api/erp/* answers 404. */
  erpKey: string | null
}

/**
 * The /api/erp scope (docs/erp-interchange.md): every route inside answers `Authorization: Bearer <ERP_API_KEY>`
 * only, every call is logged (without the key), and problems with what was sent answer 422 with the list.
 * Registered with the prefix /erp inside /api.
 */
export const erpScope: FastifyPluginAsync<ErpOptions> = async (scope, { erpKey, ...deps }) => {
  if (!erpKey) return
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, erp: true }
    route.schema = { ...route.schema, tags: ['erp'], security: [{ erpKey: [] }] }
  })
  // During a rotation ERP_API_KEY_PREVIOUS is accepted too (it is only ever set beside ERP_API_KEY).
  scope.addHook('onRequest', erpKeyCheck(erpKey, deps.config.erp.previousApiKey))
  scope.addHook('onResponse', async (req, reply) => {
    req.log.info({ erp: { method: req.method, route: req.routeOptions.url, status: reply.statusCode, from: req.ip } }, 'ERP interchange call')
  })
  scope.setErrorHandler((error, _req, reply) => {
    if (error instanceof ErpProblemsError) return replyProblems(reply, error.problems, error.total)
    throw error
  })
  // The scope's own options carry its prefix (/erp); the route files inside add none of their own.
  await scope.register(erpRoutes, { ...deps, prefix: '' })
  await scope.register(erpImportRoutes, { ...deps, prefix: '' })
}
