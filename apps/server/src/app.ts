import Fastify, { type FastifyInstance } from 'fastify'
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { resolve } from 'node:path'
import type { Config } from './config'
import type { ChangeFeed } from './db/change-feed'
import type { Database } from './db/database'
import { Caches } from './lib/caches'
import { InMemory } from './lib/in-memory'
import { SearchEngine } from './modules/catalogue/search-engine'
import { StockBook } from './modules/catalogue/stock-book'
import type { Deps } from './lib/context'
import type { ErrorReporter } from './lib/error-reporting'
import { responseSerializerCompiler } from './lib/json-serializer'
import { AppMetrics, type PoolStats } from './lib/metrics'
import { configuredSecrets, type SecretValues } from './lib/secret-values'
import { accountRoutes } from './modules/account/routes'
import { applicationsRoutes } from './modules/applications/routes'
import { authRoutes } from './modules/auth/routes'
import { buyAgainRoutes } from './modules/buy-again/routes'
import { approvalsRoutes, cartRoutes, checkoutRoutes } from './modules/ordering'
import { catalogueRoutes } from './modules/catalogue/routes'
import { contentRoutes } from './modules/content/routes'
import { erpScope } from './modules/erp/index'
import { orderBacklog } from './modules/erp/service'
import { filesRoutes } from './modules/files/routes'
import { healthRoutes } from './modules/health/routes'
import { invoicesRoutes } from './modules/invoices/routes'
import { listsRoutes } from './modules/lists/routes'
import { devOutboxRoutes } from './modules/mail/dev-routes'
import { outboxBacklog } from './modules/mail/outbox'
import { ordersRoutes } from './modules/orders/routes'
import { invoicePaymentsRoutes } from './modules/payments/invoice-payment-routes'
import { paymentsRoutes } from './modules/payments/routes'
import { quickOrderRoutes } from './modules/quick-order/routes'
import { quotesRoutes } from './modules/quotes/routes'
import { manifestRoutes, siteRoutes } from './modules/site/routes'
import { watchStockAlerts } from './modules/stock-alerts/drain'
import { stockAlertsRoutes } from './modules/stock-alerts/routes'
import { startStandingOrders } from './modules/standing-orders/runner'
import { standingOrdersRoutes } from './modules/standing-orders/routes'
import { usersRoutes } from './modules/users/routes'
import { actingRoutes, backOfficeScope } from './modules/back-office'
import { registerAuth } from './plugins/auth'
import { registerCompression } from './plugins/compress'
import { frameworkErrors, registerErrorHandling } from './plugins/errors'
import { registerJsonBody } from './plugins/json-body'
import { loggerOptions, registerObservability, requestIdOf, requestLoggerFactory } from './plugins/observability'
import { registerOpenApi } from './plugins/openapi'
import { registerSecurityHeaders } from './plugins/security'
import { registerWeb } from './plugins/web'
import { sandboxRoutes } from './sandbox/routes'
import { SANDBOX_TEST_CARDS } from './sandbox/test-cards'

export interface AppOptions {
  config: Config
  db: Database
  /** The database's change notifications; without them nothing is cached in memory. */
  changes?: ChangeFeed
  /** Where the built web app is; tests leave it out. */
  webDist?: string
  logger?: boolean
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream
  /** The PostgreSQL pool, for its metrics. */
  pool?: PoolStats
  /** Where unexpected errors are reported (lib/error-reporting.ts); none when SENTRY_DSN is unset. */
  errorReporter?: ErrorReporter | null
  /** The ERP interchange's key as the start resolved it (modules/erp/key.ts); ERP_API_KEY when left out. */
  erpKey?: string | null
  /** The secrets no log line may hold (lib/secret-values.ts); the settings' and the ERP key when left out. */
  secrets?: SecretValues
  /** Runs the standing orders' scheduler (the server does; tests run it by hand). */
  scheduler?: boolean
}

const BODY_LIMIT = 1024 * 1024

/** What the server keeps in memory, following the change feed: the stock book, the search index and the caches. */
function keptInMemory(app: FastifyInstance, db: Database, changes: ChangeFeed, config: Config): InMemory {
  const stock = new StockBook(db, changes, (error) => app.log.error({ err: error }, 'the stock could not be read'))
  const search = new SearchEngine(db, stock, changes, {
    error: (error) => app.log.error({ err: error }, 'the search index could not be refreshed'),
    built: (facts) => app.log.info(facts, 'search index built'),
  })
  const caches = config.cacheTtlMs > 0 ? new Caches(changes, config.cacheTtlMs) : undefined
  // Pages cached from the previous index are forgotten once the new one is in place.
  if (caches) search.onChange(() => caches.forgetCatalogue())
  return new InMemory({ changes, stock, search, ...(caches ? { caches } : {}) })
}

/** The whole server, without listening: main.ts listens, tests inject. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db, changes, webDist, logger = true, logStream, pool, errorReporter, erpKey } = options
  const secrets = options.secrets ?? configuredSecrets(config)
  secrets.add(erpKey)
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    logger: (logger || logStream !== undefined) && loggerOptions(config, logStream, secrets),
    childLoggerFactory: requestLoggerFactory(secrets),
    genReqId: requestIdOf,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  // Answers are written by serializers compiled from the contract, which check themselves outside production (decision 0100).
  app.setSerializerCompiler(responseSerializerCompiler({ checked: !config.production }))

  const metrics = new AppMetrics({ pool, outboxBacklog: () => outboxBacklog(db), erpBacklog: () => orderBacklog(db, config) })
  const inMemory = changes ? keptInMemory(app, db, changes, config) : InMemory.none()
  const deps: Deps = { db, config, metrics, inMemory }
  if (changes) {
    // Back-in-stock e-mails follow the stock's notifications, after the write has committed (decision 0087).
    const stockAlerts = watchStockAlerts(deps, changes, app.log)
    app.decorate('stockAlerts', stockAlerts)
    app.addHook('onClose', () => stockAlerts.stop())
  }
  if (options.scheduler) {
    // Standing orders' runs and reminders: every instance ticks, the database gives each run to one (decision 0093).
    const scheduler = startStandingOrders(deps, app.log)
    app.addHook('onClose', () => scheduler.stop())
  }
  registerObservability(app, { config, metrics, reporter: errorReporter })
  registerCompression(app)
  const fallback = await registerWeb(app, webDist ?? resolve(import.meta.dirname, '../../web/dist'))
  registerErrorHandling(app, fallback)
  registerJsonBody(app)
  registerSecurityHeaders(app, config)
  registerAuth(app, deps)
  await registerOpenApi(app)

  await app.register(
    async (api) => {
      await api.register(healthRoutes, deps)
      await api.register(authRoutes, deps)
      await api.register(siteRoutes, { ...deps, ...(config.payments.sandboxEnabled ? { sandboxTestCards: SANDBOX_TEST_CARDS } : {}) })
      await api.register(catalogueRoutes, deps)
      await api.register(filesRoutes, deps)
      await api.register(applicationsRoutes, deps)
      // The benchmark's baseline: the same server, hooks and headers, no work (npm run bench:catalogue).
      if (config.benchHello) api.get('/hello', { config: { public: true }, schema: { hide: true } }, async () => ({ hello: 'world' }))
      await api.register(accountRoutes, deps)
      await api.register(ordersRoutes, deps)
      await api.register(invoicesRoutes, deps)
      await api.register(cartRoutes, deps)
      await api.register(quickOrderRoutes, deps)
      await api.register(listsRoutes, deps)
      await api.register(stockAlertsRoutes, deps)
      await api.register(buyAgainRoutes, deps)
      await api.register(checkoutRoutes, deps)
      await api.register(approvalsRoutes, deps)
      await api.register(quotesRoutes, deps)
      await api.register(standingOrdersRoutes, deps)
      await api.register(paymentsRoutes, deps)
      await api.register(invoicePaymentsRoutes, deps)
      await api.register(usersRoutes, deps)
      await api.register(actingRoutes, deps)
      await api.register(backOfficeScope, { ...deps, prefix: '/staff' })
      await api.register(erpScope, { ...deps, erpKey: erpKey === undefined ? config.erp.apiKey : erpKey, prefix: '/erp' })
    },
    { prefix: '/api' },
  )
  await app.register(manifestRoutes, deps)
  await app.register(contentRoutes, { ...deps, prefix: '/content' })
  if (!config.production) await app.register(devOutboxRoutes, { ...deps, prefix: '/dev' })
  // The payment providers' local stand-ins: never in production mode, where /sandbox/... answers 404.
  if (config.payments.sandboxEnabled) await app.register(sandboxRoutes, { ...deps, prefix: '/sandbox' })

  return app
}
