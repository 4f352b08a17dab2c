import { SiteInfo } from '@portal/contract/reference'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { DEMO_LOGINS } from '../../lib/demo-logins'
import type { Deps } from '../../lib/context'
import { paymentSettings, type SandboxTestCards } from '../payments/service'

/** `sandboxTestCards`: what the local payment sandbox (registered by app.ts outside production) approves and declines. */
export const siteRoutes: FastifyPluginAsyncZod<Deps & { sandboxTestCards?: SandboxTestCards }> = async (app, { config, sandboxTestCards }) => {
  const info: SiteInfo = {
    ...config.distributor,
    demo: config.demo,
    contentBaseUrl: config.contentBaseUrl,
    demoLogins: config.demo ? DEMO_LOGINS.map(({ username, password, description }) => ({ username, password, description })) : [],
    payments: paymentSettings(config, sandboxTestCards),
    apiBaseUrl: config.apiBaseUrl,
    imageBaseUrl: config.imageBaseUrl,
    errorReporting: config.errorReporting.browserDsn
      ? { dsn: config.errorReporting.browserDsn, environment: config.errorReporting.environment, release: config.errorReporting.release }
      : null,
  }
  app.get('/site', { config: { public: true }, schema: { tags: ['site'], response: { 200: SiteInfo } } }, async () => info)
}
