import { mkdirSync } from 'node:fs'
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
    const empty = !(await handle.db.selectFrom('branches').select('location_id').limit(1).executeTakeFirst())
    let seeded: Prepared['seeded'] = null
    if (empty) {
      log(`Loading ${config.demo ? 'demo' : 'reference'} data (${config.seedScale} scale)...`)
      const started = Date.now()
      await seedDemo(handle.db, { scale: config.seedScale, demoLogins: config.demo })
      seeded = { ms: Date.now() - started }
    }
    // Demo news and banners; a production site starts without, until its staff import theirs.
    if (config.demo && (await seedContentIfEmpty(handle.db))) log('Loaded the demo news, promotions and home banners.')
    return { handle, migrated, seeded }
  } catch (err) {
    await handle.close()
    throw err
  }
}
