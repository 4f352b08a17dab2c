import { mkdirSync } from 'node:fs'
import { sql } from 'kysely'
import type { Config } from '../config'
import { lockDataDir } from './data-dir-lock'
import { openDatabase, type Database, type DatabaseHandle } from './database'
import { migrate } from './migrate'

export interface Prepared {
  handle: DatabaseHandle
  migrated: string[]
  seeded: { ms: number } | null
}

/**
 * What the caller fills the database with once it is migrated (the demo data, src/demo): it looks itself whether
 * the database is empty, and says how long a load took (null: nothing loaded). db/ runs it under the seed lock
 * and knows nothing of what it loads.
 */
export type FillDatabase = (db: Database, log: (line: string) => void) => Promise<{ ms: number } | null>

/** Opens the configured database, applies migrations and runs `fill` (one instance at a time). */
export async function prepareDatabase(config: Config, log: (line: string) => void = () => {}, fill?: FillDatabase): Promise<Prepared> {
  let unlock = () => {}
  if (!config.databaseUrl) {
    mkdirSync(config.dataDir, { recursive: true })
    unlock = lockDataDir(config.dataDir)
  }
  const opened = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize }).catch((err) => {
    unlock()
    throw err
  })
  const handle: DatabaseHandle = {
    ...opened,
    async close() {
      await opened.close()
      unlock()
    },
  }
  try {
    const migrated = await migrate(handle.db)
    const seeded = fill ? await withSeedLock(config, handle, () => fill(handle.db, log)) : null
    return { handle, migrated, seeded }
  } catch (err) {
    await handle.close()
    throw err
  }
}

const SEED_LOCK = 727_002

/**
 * Several instances may start at once on a new PostgreSQL database: one at a time looks whether it is
 * empty and loads it, the others wait and then find it loaded. The lock is a session lock on a
 * connection of its own (released if the process dies), so the loading keeps the whole pool, even a
 * pool of one. PGlite has one process (the DATA_DIR lock): nothing to wait for.
 */
async function withSeedLock<T>(config: Config, handle: DatabaseHandle, fn: () => Promise<T>): Promise<T> {
  if (handle.kind !== 'postgres' || !config.databaseUrl) return fn()
  const lock = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 })
  try {
    return await lock.db.connection().execute(async (conn) => {
      await sql`SELECT pg_advisory_lock(${SEED_LOCK})`.execute(conn)
      try {
        return await fn()
      } finally {
        await sql`SELECT pg_advisory_unlock(${SEED_LOCK})`.execute(conn)
      }
    })
  } finally {
    await lock.close()
  }
}
