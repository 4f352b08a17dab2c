import type { FastifyBaseLogger } from 'fastify'
import type { ChangeFeed } from '../../db/change-feed'
import type { Deps } from '../../lib/context'
import * as repo from './repo'
import { stockAlertMail } from './service'

/** Requests claimed a transaction: the e-mails of one batch are one insert. */
export const DRAIN_BATCH = 500
/** Stock notifications this close together are one drain: a delta of 10,000 rows sends twenty of them. */
const GATHER_MS = 100
/**
 * Every request is looked at this often whatever the notifications said: stock freed by a card payment's hold
 * running out notifies nothing, and notifications sent while this instance was not listening are gone. Lapsing
 * is done then too.
 */
export const SWEEP_MS = 5 * 60_000

/**
 * Sends the e-mail of every open request (of `productIds`, or of every product when null) whose branch has the
 * stock asked for, each once, in batches; returns how many. Safe to run in any number of instances at once:
 * each request is claimed by one of them (repo.claimAndMail).
 */
export async function drainStockAlerts({ db, config }: Pick<Deps, 'db' | 'config'>, productIds: number[] | null = null): Promise<number> {
  if (productIds !== null && !(await repo.anyWaiting(db, productIds))) return 0
  let sent = 0
  for (;;) {
    const claimed = await repo.claimAndMail(db, productIds, DRAIN_BATCH, (row) => stockAlertMail(config, row))
    sent += claimed.length
    if (claimed.length < DRAIN_BATCH) return sent
  }
}

/** Lapses the requests past their 90 days, then sends what every product's stock allows. */
export async function sweepStockAlerts(deps: Pick<Deps, 'db' | 'config'>): Promise<{ lapsed: number; sent: number }> {
  const lapsed = await repo.lapse(deps.db)
  return { lapsed, sent: await drainStockAlerts(deps) }
}

export interface StockAlertWatcher {
  /** Resolves once every stock change committed before the call has been drained (tests wait for it). */
  settled(): Promise<void>
  stop(): Promise<void>
}

/**
 * Drains the requests of the products whose stock changed, after the change has committed: the database's
 * `portal_stock` notification (migration 0012) names them, so nothing is added to whatever wrote the stock (the
 * ERP's delta, an import, an order). The sends go through the outbox like every e-mail.
 */
export function watchStockAlerts(deps: Pick<Deps, 'db' | 'config'>, changes: ChangeFeed, log: Pick<FastifyBaseLogger, 'error'>): StockAlertWatcher {
  const changed = new Set<number>()
  let everything = false
  let sweepDue = true
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | null = null
  let stopped = false

  const run = async () => {
    timer = undefined
    const ids = everything ? null : [...changed]
    const sweep = sweepDue
    changed.clear()
    everything = false
    sweepDue = false
    try {
      if (sweep) await sweepStockAlerts(deps)
      else await drainStockAlerts(deps, ids)
    } catch (error) {
      log.error({ err: error }, 'back-in-stock requests could not be sent')
      // Whatever was not sent is found by the next sweep.
    }
  }
  const schedule = () => {
    if (stopped || timer || running) return
    timer = setTimeout(() => {
      running = run().finally(() => {
        running = null
        if (changed.size > 0 || everything || sweepDue) schedule()
      })
    }, GATHER_MS)
    timer.unref()
  }

  changes.subscribe('portal_stock', (payload) => {
    if (payload === null || payload === '*') everything = true
    else for (const id of payload.split(',')) changed.add(Number(id))
    schedule()
  })
  const sweeper = setInterval(() => {
    sweepDue = true
    schedule()
  }, SWEEP_MS)
  sweeper.unref()
  schedule()

  return {
    async settled() {
      await changes.caughtUp()
      while (timer || running) {
        if (running) await running
        else await new Promise((resolve) => setTimeout(resolve, GATHER_MS))
      }
    },
    async stop() {
      stopped = true
      clearInterval(sweeper)
      clearTimeout(timer)
      timer = undefined
      await running
    },
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The back-in-stock drain of this server; absent without a change feed. */
    stockAlerts?: StockAlertWatcher
  }
}
