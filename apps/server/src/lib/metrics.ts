import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/** What a pg pool tells about itself; PGlite has none. */
export interface PoolStats {
  readonly totalCount: number
  readonly idleCount: number
  readonly waitingCount: number
}

export type OrderPayment = 'account' | 'card'
export type PaymentOutcome = 'approved' | 'declined'

/** The metrics a service may move (orders placed, payments); the HTTP ones are the observability plugin's. */
export interface BusinessMetrics {
  orderPlaced(payment: OrderPayment): void
  payment(provider: string, outcome: PaymentOutcome): void
}

/** Metrics that count nothing: code run outside the server (seeding, the command-line import) has no GET /metrics. */
export const NO_METRICS: BusinessMetrics = { orderPlaced: () => {}, payment: () => {} }

// Process metrics (CPU, memory, event loop, GC) exist once per process, however many apps a test builds.
let processRegistry: Registry | undefined
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/**
 * The Prometheus metrics of one app instance, in a registry of its own (tests build several apps in one
 * process). Requests are labelled by route pattern (/api/product/:id), never by the raw URL.
 */
export class AppMetrics implements BusinessMetrics {
  readonly registry = new Registry()
  private readonly requestDuration: Histogram<'method' | 'route' | 'status_code'>
  private readonly serverErrors: Counter<'method' | 'route'>
  private readonly ordersPlaced: Counter<'payment'>
  private readonly payments: Counter<'provider' | 'outcome'>
  /** Read from the database once per scrape, before the registry is collected. */
  private readonly outbox = { pending: 0, oldestSeconds: 0 }
  private readonly readOutbox: () => Promise<void>
  /** One bound child per method, route and status: a request costs a map lookup and an observe. */
  private readonly children = new Map<string, { observe(value: number): void }>()

  constructor({
    outboxBacklog,
    erpBacklog,
    pool,
  }: {
    outboxBacklog: () => Promise<{ pending: number; oldestSeconds: number }>
    /** Portal orders the ERP has not acknowledged (modules/erp): how many, how many are late, the oldest's age. */
    erpBacklog?: () => Promise<{ waiting: number; late: number; oldestSeconds: number | null }>
    pool?: PoolStats
  }) {
    const registers = [this.registry]
    this.requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status code, and how long they took',
      labelNames: ['method', 'route', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers,
    })
    this.serverErrors = new Counter({
      name: 'portal_server_errors_total',
      help: 'Requests that failed with an unexpected error (answered 5xx), by method and route pattern',
      labelNames: ['method', 'route'],
      registers,
    })
    this.ordersPlaced = new Counter({
      name: 'portal_orders_placed_total',
      help: 'Orders placed, by how they are paid (account or card)',
      labelNames: ['payment'],
      registers,
    })
    this.payments = new Counter({
      name: 'portal_payments_total',
      help: 'Card payment results from the provider, by provider and outcome (approved or declined)',
      labelNames: ['provider', 'outcome'],
      registers,
    })
    for (const payment of ['account', 'card'] as const) this.ordersPlaced.labels(payment).inc(0)

    if (pool) {
      new Gauge({
        name: 'portal_db_pool_connections',
        help: 'Database pool connections by state: open (total), idle, and requests waiting for one',
        labelNames: ['state'],
        registers,
        collect() {
          this.labels('total').set(pool.totalCount)
          this.labels('idle').set(pool.idleCount)
          this.labels('waiting').set(pool.waitingCount)
        },
      })
    }
    const outbox = this.outbox
    new Gauge({
      name: 'portal_email_outbox_pending',
      help: 'E-mails in the outbox waiting to be sent',
      registers,
      collect() {
        this.set(outbox.pending)
      },
    })
    new Gauge({
      name: 'portal_email_outbox_oldest_pending_seconds',
      help: 'Age of the oldest e-mail waiting to be sent (0 when none is)',
      registers,
      collect() {
        this.set(outbox.oldestSeconds)
      },
    })
    const erp = { waiting: 0, late: 0, oldestSeconds: 0 }
    if (erpBacklog) {
      const gauge = (name: string, help: string, value: () => number) =>
        new Gauge({
          name,
          help,
          registers,
          collect() {
            this.set(value())
          },
        })
      gauge('portal_erp_orders_unacknowledged', 'Portal orders the ERP has not acknowledged yet', () => erp.waiting)
      gauge('portal_erp_orders_late', 'Unacknowledged portal orders older than ERP_ORDER_ALERT_MINUTES', () => erp.late)
      gauge('portal_erp_orders_oldest_unacknowledged_seconds', 'Age of the oldest unacknowledged portal order (0 when none is)', () => erp.oldestSeconds)
    }
    this.readOutbox = async () => {
      // A database that does not answer leaves the last figures; /api/ready is what reports it.
      const [backlog, orders] = await Promise.all([outboxBacklog().catch(() => undefined), erpBacklog?.().catch(() => undefined)])
      if (backlog) Object.assign(outbox, backlog)
      if (orders) Object.assign(erp, { ...orders, oldestSeconds: Math.floor(orders.oldestSeconds ?? 0) })
    }
  }

  observeRequest(method: string, route: string, statusCode: number, seconds: number) {
    const key = `${method} ${statusCode} ${route}`
    let child = this.children.get(key)
    if (!child) {
      child = this.requestDuration.labels(method, route, String(statusCode))
      this.children.set(key, child)
    }
    child.observe(seconds)
    if (statusCode >= 500) this.serverErrors.labels(method, route).inc()
  }

  orderPlaced(payment: OrderPayment) {
    this.ordersPlaced.labels(payment).inc()
  }

  payment(provider: string, outcome: PaymentOutcome) {
    this.payments.labels(provider, outcome).inc()
  }

  readonly contentType = this.registry.contentType

  /** The text exposition of this app's metrics and the process's. */
  async render(): Promise<string> {
    await this.readOutbox()
    const [own, process] = await Promise.all([this.registry.metrics(), processMetrics().metrics()])
    return `${own}\n${process}`
  }
}
