import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

/**
 * The NOTIFY channels of migrations 0004, 0005, 0012 and 0021: who listens empties its caches on what they say.
 * `portal_sync` carries no change: an instance sends itself a mark on it to learn that it has heard every change
 * committed before (ChangeFeed.caughtUp).
 */
export const CHANGE_CHANNELS = ['portal_sessions', 'portal_catalogue', 'portal_history', 'portal_stock', 'portal_products', 'portal_sync'] as const
export type ChangeChannel = (typeof CHANGE_CHANNELS)[number]

/** A payload, or null: "anything may have changed" (the feed was down and may have missed some). */
export type ChangeHandler = (payload: string | null) => void

/**
 * What the database says has changed, as it commits. On PostgreSQL a connection of its own LISTENs
 * and reconnects when it drops; while it is down `live` is false and caches are not to be trusted.
 * On PGlite there is one process and one connection: notifications arrive before the writing
 * statement's promise resolves, so caches are never behind.
 */
export interface ChangeFeed {
  readonly live: boolean
  subscribe(channel: ChangeChannel, handler: ChangeHandler): void
  /**
   * Resolves true once every change committed before the call has been told to the subscribers (a writer in this
   * process waits for it before it answers: decision 0097), false when that cannot be known (the feed is down,
   * or did not answer within `timeoutMs`).
   */
  caughtUp(timeoutMs?: number): Promise<boolean>
  /**
   * Tells this process's subscribers a change its own transaction committed, with the payload the database's
   * trigger sends for it, before the database's notification comes back (which tells every instance, this one
   * again: the subscribers' handling is the same twice). Nothing else is told: a writer that needs its change seen
   * at once and knows what the trigger says (an order's account and products) tells it; others wait (caughtUp).
   */
  tell(channel: ChangeChannel, payload: string): void
  close(): Promise<void>
}

const CAUGHT_UP_MS = 5_000

class Handlers {
  private readonly byChannel = new Map<string, ChangeHandler[]>()
  add(channel: ChangeChannel, handler: ChangeHandler) {
    this.byChannel.set(channel, [...(this.byChannel.get(channel) ?? []), handler])
  }
  emit(channel: string, payload: string | null) {
    for (const handler of this.byChannel.get(channel) ?? []) handler(payload)
  }
  emitAll(payload: string | null) {
    for (const channel of this.byChannel.keys()) this.emit(channel, payload)
  }
}

export async function pgliteChangeFeed(pglite: PGlite): Promise<ChangeFeed> {
  const handlers = new Handlers()
  const unlisten = await Promise.all(CHANGE_CHANNELS.map((channel) => pglite.listen(channel, (payload) => handlers.emit(channel, payload))))
  return {
    live: true,
    subscribe: (channel, handler) => handlers.add(channel, handler),
    // One connection: a statement's notifications are told before its promise resolves.
    caughtUp: async () => true,
    tell: (channel, payload) => handlers.emit(channel, payload),
    async close() {
      if (!pglite.closed) await Promise.all(unlisten.map((stop) => stop()))
    },
  }
}

const RETRY_MIN_MS = 500
const RETRY_MAX_MS = 30_000

export async function postgresChangeFeed(connectionString: string, onError: (error: Error) => void = () => {}): Promise<ChangeFeed> {
  const handlers = new Handlers()
  let client: pg.Client | null = null
  let live = false
  let closed = false
  let retryMs = RETRY_MIN_MS
  let timer: NodeJS.Timeout | undefined

  const down = (error?: Error) => {
    if (error) onError(error)
    if (!live && client === null) return
    live = false
    client?.removeAllListeners()
    client?.end().catch(() => {})
    client = null
    handlers.emitAll(null)
    if (!closed) {
      timer = setTimeout(() => void connect(), retryMs)
      timer.unref()
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS)
    }
  }

  const connect = async () => {
    const next = new pg.Client({ connectionString, application_name: 'portal-change-feed' })
    next.on('error', (error) => down(error))
    next.on('end', () => down())
    next.on('notification', (msg) => handlers.emit(msg.channel, msg.payload ?? null))
    client = next
    try {
      await next.connect()
      for (const channel of CHANGE_CHANNELS) await next.query(`LISTEN ${channel}`)
      if (closed) return void next.end().catch(() => {})
      retryMs = RETRY_MIN_MS
      // Whatever changed while no one listened is unknown: start from empty caches.
      handlers.emitAll(null)
      live = true
    } catch (error) {
      down(error as Error)
    }
  }

  // PostgreSQL tells a listener the notifications of transactions in the order they committed: a mark this
  // connection sends itself now comes after every change committed before it. One mark is on its way at a time, and
  // every caller that asks meanwhile waits for the next one, sent as soon as the first is back: under load (an order
  // a few milliseconds, each waiting to be heard) a mark serves many writers, and PostgreSQL commits one NOTIFY for
  // them rather than one each, which would queue every notifying commit behind them.
  const marks = new Map<string, (heard: boolean) => void>()
  let marksSent = 0
  let waiting: Array<(heard: boolean) => void> = []
  let markOut = false
  handlers.add('portal_sync', (payload) => {
    if (payload === null) {
      for (const settle of marks.values()) settle(false)
      return
    }
    marks.get(payload)?.(true)
  })
  const sendMark = () => {
    const sender = client
    const waiters = waiting
    waiting = []
    if (!live || sender === null) return waiters.forEach((w) => w(false))
    markOut = true
    const mark = `${process.pid}:${++marksSent}`
    const settle = (heard: boolean) => {
      clearTimeout(timer)
      marks.delete(mark)
      markOut = false
      for (const w of waiters) w(heard)
      if (waiting.length > 0) sendMark()
    }
    const timer = setTimeout(() => settle(false), CAUGHT_UP_MS)
    timer.unref()
    marks.set(mark, settle)
    sender.query(`SELECT pg_notify('portal_sync', $1)`, [mark]).catch(() => settle(false))
  }
  const caughtUp = (timeoutMs = CAUGHT_UP_MS): Promise<boolean> => {
    if (!live || client === null) return Promise.resolve(false)
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs)
      timer.unref()
      waiting.push((heard) => {
        clearTimeout(timer)
        resolve(heard)
      })
      if (!markOut) sendMark()
    })
  }

  await connect()
  return {
    get live() {
      return live
    },
    subscribe: (channel, handler) => handlers.add(channel, handler),
    caughtUp,
    tell: (channel, payload) => {
      if (live) handlers.emit(channel, payload)
    },
    async close() {
      closed = true
      clearTimeout(timer)
      live = false
      const last = client
      client = null
      last?.removeAllListeners()
      await last?.end().catch(() => {})
    },
  }
}
