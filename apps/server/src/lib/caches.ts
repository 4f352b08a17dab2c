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
 * The two things read on nearly every request, kept in memory for a short while: who a token
 * belongs to, and the catalogue's list pages (serialized, per account, branch and page). The
 * database tells every instance what changed as it commits (db/change-feed.ts), so neither is
 * behind the database; `ttlMs` is only a backstop. While the change feed is down nothing is served
 * from memory. Decision 0015.
 */
export class Caches {
  readonly sessions: TtlCache<CachedSession>
  readonly lists: TtlCache<string>

  constructor(
    private readonly feed: ChangeFeed,
    ttlMs: number,
  ) {
    this.sessions = new TtlCache(20_000, ttlMs)
    this.lists = new TtlCache(2_000, ttlMs)
    feed.subscribe('portal_sessions', (payload) => {
      if (payload === null || payload === '*') this.sessions.clear()
      else this.sessions.delete(payload)
    })
    feed.subscribe('portal_catalogue', () => this.lists.clear())
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
}
