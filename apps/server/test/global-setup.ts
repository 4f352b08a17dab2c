import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../src/db/database'
import { migrate } from '../src/db/migrate'
import { loadDemo, seedContent } from '../src/demo'

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a migrated, seeded data directory dump every test file starts from. */
    snapshotFile: string
    /** PostgreSQL: a migrated, seeded database every test file copies (CREATE DATABASE ... TEMPLATE). */
    templateDatabase: string
  }
}

export const TEST_TODAY = '2026-11-21'

/**
 * Builds the database once per run; each test file then starts from a copy of it.
 * TEST_DATABASE_URL selects PostgreSQL, otherwise the suite runs on PGlite.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const template = `portal_template_${process.pid}`
    await adminQuery(url, `DROP DATABASE IF EXISTS ${template}`)
    await adminQuery(url, `CREATE DATABASE ${template}`)
    const handle = await openDatabase({ databaseUrl: databaseUrl(url, template) })
    await migrate(handle.db)
    await loadDemo(handle.db, { scale: 'demo', demoLogins: true, today: TEST_TODAY })
    await seedContent(handle.db, { today: TEST_TODAY })
    await handle.close()
    project.provide('templateDatabase', template)
    project.provide('snapshotFile', '')
    return async () => adminQuery(url, `DROP DATABASE IF EXISTS ${template}`)
  }

  const dir = mkdtempSync(join(tmpdir(), 'portal-test-'))
  const handle = await openDatabase({})
  await migrate(handle.db)
  await loadDemo(handle.db, { scale: 'demo', demoLogins: true, today: TEST_TODAY })
  await seedContent(handle.db, { today: TEST_TODAY })
  const dump = await handle.pglite!.dumpDataDir('none')
  await handle.close()
  const file = join(dir, 'snapshot.tar')
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('snapshotFile', file)
  project.provide('templateDatabase', '')
  return () => rmSync(dir, { recursive: true, force: true })
}

export function databaseUrl(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

export async function adminQuery(url: string, text: string) {
  const u = new URL(url)
  if (!u.username) u.username = process.env.PGUSER || process.env.USER || 'postgres'
  const client = new pg.Client({ connectionString: u.toString() })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}
