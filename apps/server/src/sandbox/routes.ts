import type { FastifyPluginAsync } from 'fastify'
import type { Deps } from '../lib/context'
import { acceptFormPosts } from '../modules/payments/form-body'
import { mpgsSandbox } from './mpgs'
import { securePaySandbox } from './securepay'

/**
 * The payment providers' local stand-ins, under /sandbox, speaking the providers' own protocols so that
 * switching to the real provider is configuration only. app.ts registers them outside production mode only.
 */
export const sandboxRoutes: FastifyPluginAsync<Deps> = async (app, { config, db }) => {
  acceptFormPosts(app)
  securePaySandbox(app, config, db)
  mpgsSandbox(app, config, db)
}
