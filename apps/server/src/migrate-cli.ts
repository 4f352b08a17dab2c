/**
 * Applies the database migrations, and nothing else (no demo data): the first step of a rollout.
 *
 *   npm run migrate [-- --check]
 *   node apps/server/dist/migrate.js [--check]
 *
 * DATABASE_URL selects PostgreSQL; otherwise PGlite in DATA_DIR (default ./data), with the portal stopped.
 * Migrations only add (new tables, columns with defaults, indexes), so the running version keeps
 * working on the migrated database; see docs/deployment.md, "Rolling out a new version".
 */
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { parseCommandLine, runCommand } from './lib/cli'
import { lockDataDir } from './db/data-dir-lock'
import { openDatabase } from './db/database'
import { migrate, migrations, pendingMigrations } from './db/migrate'

const USAGE = `Usage: migrate [--check]

  --check   apply nothing: list the pending migrations and exit 1 when there are any

Environment: DATABASE_URL=postgres://... for PostgreSQL, else DATA_DIR (default ./data) for embedded PGlite
(stop the portal first: only one process can open the embedded database).`

async function main(): Promise<number> {
  const args = parseCommandLine(
    () =>
      parseArgs({
        args: process.argv.slice(2),
        options: { check: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
        strict: true,
      }),
    USAGE,
  )
  if (!args) return 2
  if (args.values.help) {
    console.log(USAGE)
    return 0
  }
  const databaseUrl = process.env.DATABASE_URL || undefined
  const dataDir = process.env.DATA_DIR || './data'
  let unlock = () => {}
  // A check looks and changes nothing: no embedded database yet means every migration is pending, and
  // opening one would create it (PGlite initialises an empty directory), so it is not opened.
  if (!databaseUrl && args.values.check && !existsSync(join(dataDir, 'PG_VERSION'))) {
    console.log(`There is no embedded database in ${dataDir} yet. Pending migrations: ${migrations.map((m) => m.version).join(', ')}`)
    return 1
  }
  if (!databaseUrl) {
    mkdirSync(dataDir, { recursive: true })
    try {
      unlock = lockDataDir(dataDir)
    } catch (error) {
      console.error(`${error instanceof Error ? error.message : String(error)}\nStop the portal, migrate, then start the new version.`)
      return 1
    }
  }
  const where = databaseUrl ? `PostgreSQL database ${new URL(databaseUrl).pathname.slice(1)}` : `embedded database in ${dataDir}`
  try {
    const handle = await openDatabase({ databaseUrl, dataDir, poolSize: 1 })
    try {
      if (args.values.check) {
        const pending = await pendingMigrations(handle.db)
        console.log(pending.length ? `Pending migrations for the ${where}: ${pending.join(', ')}` : `The ${where} is up to date.`)
        return pending.length ? 1 : 0
      }
      const applied = await migrate(handle.db)
      console.log(applied.length ? `Applied to the ${where}: ${applied.join(', ')}` : `The ${where} is up to date: nothing to apply.`)
      return 0
    } finally {
      await handle.close()
    }
  } finally {
    unlock()
  }
}

runCommand(main)
