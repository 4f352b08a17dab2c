import type { Config } from '../config'
import type { FillDatabase } from '../db/prepare'
import { presentDemoLogins } from '../lib/demo-logins'
import { seedContentIfEmpty } from './content'
import { loadDemo } from './demo'

export { loadDemo, generateDemo, type SeedScale, type SeedSummary } from './demo'
export { seedContent, seedContentIfEmpty } from './content'
export { demoExportFiles, writeExportFolder } from './interchange'

/**
 * What the portal fills an empty database with at start (npm start), as the settings say: the demo data at
 * SEED_SCALE, with the demo logins when DEMO_MODE is on, and the demo news and banners when those logins are there. SEED_SCALE=none leaves
 * it empty for the distributor's own data (npm run erp:import). Given to db/prepare.ts by main.ts.
 */
export function startingData(config: Pick<Config, 'seedScale' | 'demo'>): FillDatabase {
  return async (db, log) => {
    const empty = !(await db.selectFrom('branches').select('location_id').limit(1).executeTakeFirst())
    let seeded: { ms: number } | null = null
    if (empty && config.seedScale !== 'none') {
      log(`Loading ${config.demo ? 'demo' : 'reference'} data (${config.seedScale} scale)...`)
      const started = Date.now()
      await loadDemo(db, { scale: config.seedScale, demoLogins: config.demo })
      seeded = { ms: Date.now() - started }
    }
    // Demo news and banners come with the demo's users, never into a portal of the distributor's own data;
    // a production site starts without, until its staff import theirs.
    if (config.demo && (await presentDemoLogins(db)).length > 0 && (await seedContentIfEmpty(db))) log('Loaded the demo news, promotions and home banners.')
    return seeded
  }
}
