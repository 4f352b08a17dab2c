import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { adminQuery, databaseUrl } from '../../test/global-setup'
import { loadConfig } from '../config'
import { startingData } from '../demo'
import { prepareDatabase } from './prepare'

const url = process.env.TEST_DATABASE_URL

// PGlite is one process's database (the DATA_DIR lock): only PostgreSQL sees several instances start at once.
describe.skipIf(!url)('several instances starting at once on an empty PostgreSQL database', () => {
  it('load the demo data once: one loads it, the others wait and find it loaded', async () => {
    const name = `portal_p_${randomBytes(6).toString('hex')}`
    await adminQuery(url!, `CREATE DATABASE ${name}`)
    const config = loadConfig({ NODE_ENV: 'test', DEMO_MODE: 'true', DATABASE_URL: databaseUrl(url!, name), DATABASE_POOL_SIZE: '2' })
    const results = await Promise.allSettled([
      prepareDatabase(config, undefined, startingData(config)),
      prepareDatabase(config, undefined, startingData(config)),
      prepareDatabase(config, undefined, startingData(config)),
    ])
    try {
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled'])
      const prepared = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
      expect(prepared.filter((p) => p.seeded !== null)).toHaveLength(1)
      const db = prepared[0]!.handle.db
      const logins = await db.selectFrom('users').select('username').where('username', 'in', ['trade', 'staff', 'cash', 'elders']).execute()
      expect(logins).toHaveLength(4)
      const posts = await db.selectFrom('content_posts').select(['slug']).execute()
      expect(new Set(posts.map((p) => p.slug)).size).toBe(posts.length)
      expect(posts.length).toBeGreaterThan(0)
    } finally {
      for (const p of results) if (p.status === 'fulfilled') await p.value.handle.close()
      await adminQuery(url!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    }
  })
})
