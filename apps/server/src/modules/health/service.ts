import type { Readiness } from '@portal/contract/health'
import type { FastifyBaseLogger } from 'fastify'
import { pendingMigrations } from '../../db/migrate'
import { orderBacklog } from '../erp/service'
import { outboxBacklog } from '../mail/outbox'
import type { Deps } from '../../lib/context'
import * as repo from './repo'

/** A check that has not answered by then counts as failed: a load balancer must not wait on a hung database. */
const CHECK_TIMEOUT_MS = 2000

type Check = Readiness['checks']['database']

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/**
 * Whether this instance should get traffic: the database answers, every migration this version knows is
 * applied, and e-mails are leaving the outbox. The reasons a check failed go to the log once, when it
 * starts failing; the answer itself says only which check failed.
 */
export function readinessChecker({ db, config }: Pick<Deps, 'db' | 'config'>, log: FastifyBaseLogger) {
  const failing = new Set<string>()
  const note = (name: string, check: Check, detail?: unknown) => {
    if (!check.ok && !failing.has(name)) log.warn({ check: name, detail: detail instanceof Error ? detail.message : detail }, `readiness check failed: ${name}`)
    if (check.ok && failing.has(name)) log.info({ check: name }, `readiness check recovered: ${name}`)
    if (check.ok) failing.delete(name)
    else failing.add(name)
    return check
  }

  return async function readiness(): Promise<Readiness> {
    let database: Check
    try {
      await withTimeout(repo.ping(db), 'the database')
      database = note('database', { ok: true, message: 'reachable' })
    } catch (err) {
      database = note('database', { ok: false, message: 'unreachable' }, err)
    }
    const unknown = { ok: false, message: 'not checked: the database is unreachable' }
    let migrations: Check = unknown
    let outbox: Check = unknown
    let erpOrders: Check = unknown
    if (database.ok) {
      ;[migrations, outbox, erpOrders] = await Promise.all([migrationsCheck(), outboxCheck(), erpOrdersCheck()])
    }
    // erpOrders is reported, not required: a late ERP is no reason to take every instance out of the load balancer.
    return { status: database.ok && migrations.ok && outbox.ok ? 'ready' : 'not_ready', checks: { database, migrations, outbox, erpOrders } }
  }

  async function erpOrdersCheck(): Promise<Check> {
    if (config.erp.orderAlertMs === 0) return { ok: true, message: 'not checked (ERP_ORDER_ALERT_MINUTES=0)' }
    try {
      const backlog = await withTimeout(orderBacklog(db, config), 'the ERP orders')
      if (backlog.waiting === 0) return note('erpOrders', { ok: true, message: 'all acknowledged' })
      const age = `oldest ${Math.floor((backlog.oldestSeconds ?? 0) / 60)} min old`
      const minutes = config.erp.orderAlertMs / 60_000
      if (backlog.late > 0)
        return note('erpOrders', { ok: false, message: `late: ${backlog.late} of ${backlog.waiting} unacknowledged older than ${minutes} min, ${age}` })
      return note('erpOrders', { ok: true, message: `${backlog.waiting} waiting, ${age}` })
    } catch (err) {
      return note('erpOrders', { ok: false, message: 'could not be read' }, err)
    }
  }

  async function migrationsCheck(): Promise<Check> {
    try {
      const pending = await withTimeout(pendingMigrations(db), 'the migrations table')
      if (pending.length === 0) return note('migrations', { ok: true, message: 'current' })
      return note('migrations', { ok: false, message: `${pending.length} not applied: ${pending.join(', ')}` })
    } catch (err) {
      return note('migrations', { ok: false, message: 'could not be read' }, err)
    }
  }

  async function outboxCheck(): Promise<Check> {
    if (config.readyOutboxMs === 0) return { ok: true, message: 'not checked (READY_OUTBOX_MINUTES=0)' }
    try {
      const backlog = await withTimeout(outboxBacklog(db), 'the outbox')
      if (backlog.pending === 0) return note('outbox', { ok: true, message: 'empty' })
      const age = `oldest unsent e-mail ${Math.floor(backlog.oldestSeconds / 60)} min old`
      // Stuck means no mailer is working: an e-mail due (not waiting for its retry, not claimed) and not taken for
      // that long. A mail relay that refuses e-mails is not this: they wait for their retries (decision 0098), and
      // taking every instance out of the load balancer for it would stop the orders as well as their e-mails.
      if (backlog.overdueSeconds * 1000 > config.readyOutboxMs) {
        const overdue = `one due ${Math.floor(backlog.overdueSeconds / 60)} min ago not taken by any mailer`
        return note('outbox', { ok: false, message: `stuck: ${backlog.pending} waiting, ${overdue}` })
      }
      return note('outbox', { ok: true, message: `${backlog.pending} waiting, ${age}` })
    } catch (err) {
      return note('outbox', { ok: false, message: 'could not be read' }, err)
    }
  }
}
