import type { ChangeFeed } from '../db/change-feed'
import type { Session } from './context'
import { TtlCache } from './ttl-cache'

/** A signed-in session as the auth hook last read it from the database. */
export interface CachedSession {
  session: Session
  lastSeenAt: number
  expiresAt: number
}

/**
 * What is read on nearly every request, kept in memory for a short while: who a token belongs to,
 * the catalogue's list pages (serialized, per account, branch and page) and the history lists. The
 * database tells every instance what changed as it commits (db/change-feed.ts), so neither is
 * behind the database; `ttlMs` is only a backstop. While the change feed is down nothing is served
 * from memory. Decision 0015.
 */
export class Caches {
  readonly sessions: TtlCache<CachedSession>
  readonly lists: TtlCache<string>
  /** History list pages (orders, back orders, invoices), keyed by historyKey(): the account comes first. */
  readonly history: TtlCache<string>

  constructor(
    private readonly feed: ChangeFeed,
    ttlMs: number,
  ) {
    this.sessions = new TtlCache(20_000, ttlMs)
    this.lists = new TtlCache(2_000, ttlMs)
    this.history = new TtlCache(2_000, ttlMs)
    feed.subscribe('portal_sessions', (payload) => {
      if (payload === null || payload === '*') this.sessions.clear()
      else this.sessions.delete(payload)
    })
    feed.subscribe('portal_catalogue', () => this.lists.clear())
    feed.subscribe('portal_history', (payload) => {
      if (payload === null || payload === '*') this.history.clear()
      else this.forgetHistory(Number(payload))
    })
  }

  /** A history page's key: the account first, so that an account's pages can be dropped together. */
  static historyKey(accountId: number, ...rest: unknown[]): string {
    return JSON.stringify([accountId, ...rest])
  }

  get live(): boolean {
    return this.feed.live
  }

  /** This instance's own changes are forgotten at once, before the notification comes back. */
  forgetSession(sessionId: number) {
    this.sessions.deleteWhere((c) => c.session.sessionId === sessionId)
  }

  forgetUser(userId: number) {
    this.sessions.deleteWhere((c) => c.session.userId === userId)
  }

  forgetCatalogue() {
    this.lists.clear()
  }

  /** A bulk change (an ERP import) touches all three: everything is read again from the database. */
  forgetAll() {
    this.sessions.clear()
    this.lists.clear()
    this.history.clear()
  }

  forgetHistory(accountId: number) {
    const prefix = `[${accountId},`
    this.history.deleteWhere((_, key) => key.startsWith(prefix))
  }
}
