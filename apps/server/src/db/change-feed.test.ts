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

  it('answers false once the feed is down: it cannot tell', async () => {
    const other = await writer.openChangeFeed()
    await other.close()
    expect(other.live).toBe(false)
    expect(await other.caughtUp()).toBe(false)
  })
})
