import { SiteInfo } from '@portal/contract/reference'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { DEMO_LOGINS } from '../../db/seed/demo'
import type { Deps } from '../../lib/context'
import { paymentSettings } from '../payments/service'

export const siteRoutes: FastifyPluginAsyncZod<Deps> = async (app, { config }) => {
  const info: SiteInfo = {
    ...config.distributor,
    demo: config.demo,
    contentBaseUrl: config.contentBaseUrl,
    demoLogins: config.demo ? DEMO_LOGINS.map(({ username, password, description }) => ({ username, password, description })) : [],
    payments: paymentSettings(config),
    apiBaseUrl: config.apiBaseUrl,
    imageBaseUrl: config.imageBaseUrl,
    errorReporting: config.errorReporting.browserDsn
      ? { dsn: config.errorReporting.browserDsn, environment: config.errorReporting.environment, release: config.errorReporting.release }
      : null,
  }
  app.get('/site', { config: { public: true }, schema: { tags: ['site'], response: { 200: SiteInfo } } }, async () => info)
}
