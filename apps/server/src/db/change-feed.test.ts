import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChangeFeed } from './change-feed'
import { openDatabase, type DatabaseHandle } from './database'

const url = process.env.TEST_DATABASE_URL

// Decision 0097: a writer in this process waits until its own feed has told the caches what it committed.
describe.skipIf(!url)('the change feed on PostgreSQL says when it has caught up', () => {
  let feed: ChangeFeed
  let writer: DatabaseHandle
  beforeAll(async () => {
    writer = await openDatabase({ databaseUrl: url!, poolSize: 1 })
    feed = await writer.openChangeFeed()
  })
  afterAll(async () => {
    await feed?.close()
    await writer?.close()
  })

  it('has told every change committed before it, from another connection, once caughtUp resolves', async () => {
    const heard: Array<string | null> = []
    feed.subscribe('portal_products', (payload) => heard.push(payload))
    for (let round = 1; round <= 20; round++) {
      await sql`SELECT pg_notify('portal_products', ${String(round)})`.execute(writer.db)
      expect(await feed.caughtUp()).toBe(true)
      expect(heard.at(-1)).toBe(String(round))
    }
    // Many at once: each mark is its own.
    expect(await Promise.all([feed.caughtUp(), feed.caughtUp(), feed.caughtUp()])).toEqual([true, true, true])
  })

  it('sends one mark for the writers that wait at once, and never an earlier one for a change made after it was sent', async () => {
    const marks: string[] = []
    feed.subscribe('portal_sync', (payload) => {
      if (payload !== null) marks.push(payload)
    })
    const sent = marks.length
    expect(await Promise.all(Array.from({ length: 20 }, () => feed.caughtUp()))).toEqual(Array(20).fill(true))
    // The first caller's mark, then one for the nineteen that asked while it was out.
    expect(marks.length - sent).toBe(2)

    const heard: Array<string | null> = []
    feed.subscribe('portal_history', (payload) => heard.push(payload))
    const first = feed.caughtUp()
    // Committed while the first mark is out: the next caller waits for a mark sent after it.
    await sql`SELECT pg_notify('portal_history', 'after the first mark')`.execute(writer.db)
    const second = feed.caughtUp().then((ok) => ok && heard.includes('after the first mark'))
    expect(await first).toBe(true)
    expect(await second).toBe(true)
  })

  it('answers false once the feed is down: it cannot tell', async () => {
    const other = await writer.openChangeFeed()
    await other.close()
    expect(other.live).toBe(false)
    expect(await other.caughtUp()).toBe(false)
  })
})
