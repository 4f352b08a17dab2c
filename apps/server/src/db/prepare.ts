import { mkdirSync } from 'node:fs'
import { sql } from 'kysely'
import type { Config } from '../config'
import { lockDataDir } from './data-dir-lock'
import { openDatabase, type DatabaseHandle } from './database'
import { migrate } from './migrate'
import { seedContentIfEmpty } from './seed/content'
import { seedDemo } from './seed/demo'

export interface Prepared {
  handle: DatabaseHandle
  migrated: string[]
  seeded: { ms: number } | null
}

/** Opens the configured database, applies migrations and, on an empty database, loads the demo data. */
export async function prepareDatabase(config: Config, log: (line: string) => void = () => {}): Promise<Prepared> {
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
    const seeded = await withSeedLock(config, handle, async () => {
      const empty = !(await handle.db.selectFrom('branches').select('location_id').limit(1).executeTakeFirst())
      let seeded: Prepared['seeded'] = null
      // SEED_SCALE=none: the database stays empty for the distributor's own data (npm run erp:import).
      if (empty && config.seedScale !== 'none') {
        log(`Loading ${config.demo ? 'demo' : 'reference'} data (${config.seedScale} scale)...`)
        const started = Date.now()
        await seedDemo(handle.db, { scale: config.seedScale, demoLogins: config.demo })
        seeded = { ms: Date.now() - started }
      }
      // Demo news and banners; a production site starts without, until its staff import theirs.
      if (config.demo && (await seedContentIfEmpty(handle.db))) log('Loaded the demo news, promotions and home banners.')
      return seeded
    })
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
