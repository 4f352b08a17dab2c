/**
 * Loads the demo data into the configured database.
 *
 *   npx tsx apps/server/src/seed-cli.ts [--scale demo|large] [--no-demo-logins] [--reset] [--schema NAME] [--today YYYY-MM-DD]
 *   npx tsx apps/server/src/seed-cli.ts --export DIR [--today YYYY-MM-DD]
 *
 * DATABASE_URL selects PostgreSQL; otherwise PGlite in DATA_DIR (default ./data).
 */
import { parseArgs } from 'node:util'
import { runCommand } from './lib/cli'
import { sql } from 'kysely'
import { openDatabase, type Database } from './db/database'
import { migrate } from './db/migrate'
import { demoExportFiles, generateDemo, loadDemo, writeExportFolder, type SeedScale } from './demo'
import { localToday } from './demo/dates'

const USAGE = `Usage: seed-cli [--scale demo|large] [--no-demo-logins] [--reset] [--schema NAME] [--today YYYY-MM-DD]
       seed-cli --export DIR [--today YYYY-MM-DD]

  --scale           demo (default: seconds) or large (50,000 products, 5,000 accounts, 2,000,000+ order lines)
  --no-demo-logins  create no users (production-like data)
  --reset           empty every table first (TRUNCATE ... RESTART IDENTITY CASCADE)
  --schema          PostgreSQL schema to use (created when missing); needs DATABASE_URL
  --today           the date the order history runs up to (default: today)
  --export          write the demo data as an ERP export folder (docs/erp-interchange.md) instead; touches no database

Environment: DATABASE_URL=postgres://... for PostgreSQL, else DATA_DIR (default ./data) for embedded PGlite.`

class UsageError extends Error {}

interface CliOptions {
  scale: SeedScale
  demoLogins: boolean
  reset: boolean
  schema?: string
  today?: string
  export?: string
}

function parseCli(argv: string[]): CliOptions | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      scale: { type: 'string', default: 'demo' },
      'no-demo-logins': { type: 'boolean', default: false },
      reset: { type: 'boolean', default: false },
      schema: { type: 'string' },
      today: { type: 'string' },
      export: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  })
  if (values.help) return null
  if (values.scale !== 'demo' && values.scale !== 'large') throw new UsageError(`--scale must be demo or large, not "${values.scale}"`)
  if (values.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(values.schema)) throw new UsageError('--schema must be a plain lowercase identifier')
  if (values.today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.today)) throw new UsageError('--today must be YYYY-MM-DD')
  return {
    scale: values.scale,
    demoLogins: !values['no-demo-logins'],
    reset: values.reset,
    ...(values.schema !== undefined ? { schema: values.schema } : {}),
    ...(values.today !== undefined ? { today: values.today } : {}),
    ...(values.export !== undefined ? { export: values.export } : {}),
  }
}

/** One line on stderr, redrawn in place; a finished step keeps its line. */
function progressBar(): { update: (label: string, done: number, total: number) => void; end: () => void } {
  const tty = process.stderr.isTTY === true
  let current = ''
  let lastDrawn = 0
  const draw = (label: string, done: number, total: number) => {
    const ratio = total > 0 ? Math.min(1, done / total) : 1
    const width = 30
    const filled = Math.round(ratio * width)
    const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`
    return `${label.padEnd(16)} [${bar}] ${String(Math.round(ratio * 100)).padStart(3)}%  ${done.toLocaleString('en-AU')}/${total.toLocaleString('en-AU')}`
  }
  return {
    update(label, done, total) {
      const finished = done >= total
      if (tty) {
        if (current && current !== label) process.stderr.write('\n')
        const now = Date.now()
        if (finished || current !== label || now - lastDrawn > 100) {
          process.stderr.write(`\r${draw(label, done, total)}`)
          lastDrawn = now
        }
      } else if (finished) {
        process.stderr.write(`${draw(label, done, total)}\n`)
      }
      current = label
    },
    end() {
      if (tty && current) process.stderr.write('\n')
    },
  }
}

async function hasData(db: Database): Promise<boolean> {
  const row = await db
    .selectFrom('branches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst()
  return Number(row?.n ?? 0) > 0
}

/** Every table of the current schema except the migration record. */
async function truncateAll(db: Database): Promise<void> {
  const tables = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_migrations' ORDER BY tablename
  `.execute(db)
  if (tables.rows.length === 0) return
  await sql`TRUNCATE ${sql.join(tables.rows.map((t) => sql.table(t.tablename)))} RESTART IDENTITY CASCADE`.execute(db)
}

/** Resolves to the exit code; PGlite resets process.exitCode when it closes, so it is set only at the very end. */
async function main(): Promise<number> {
  let options: CliOptions | null
  try {
    options = parseCli(process.argv.slice(2))
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`)
    return 2
  }
  if (!options) {
    console.log(USAGE)
    return 0
  }
  if (options.export) {
    const model = await generateDemo({ demoLogins: false, today: options.today ?? localToday() })
    const files = demoExportFiles(model)
    writeExportFolder(files, options.export)
    console.log(
      `Wrote the demo data as an ERP export to ${options.export}: ${files.size} files. npm run erp:import -- ${options.export} loads it;` +
        ' what the interchange does not carry (demo logins, payments, ...) comes only with npm run seed (decision 0040).',
    )
    return 0
  }
  const databaseUrl = process.env.DATABASE_URL || undefined
  if (options.schema && !databaseUrl) {
    console.error('--schema needs DATABASE_URL (PGlite has one schema per data directory).')
    return 2
  }
  const dataDir = process.env.DATA_DIR || './data'
  if (options.schema && databaseUrl) {
    const admin = await openDatabase({ databaseUrl, poolSize: 1 })
    try {
      await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(options.schema)}`.execute(admin.db)
    } finally {
      await admin.close()
    }
  }
  const handle = await openDatabase(databaseUrl ? { databaseUrl, ...(options.schema ? { schema: options.schema } : {}) } : { dataDir })
  const where = databaseUrl ? `PostgreSQL${options.schema ? ` (schema ${options.schema})` : ''}` : `PGlite in ${dataDir}`
  try {
    await migrate(handle.db)
    if (await hasData(handle.db)) {
      if (!options.reset) {
        console.error(`The database (${where}) already holds data. Run again with --reset to empty it first.`)
        return 1
      }
      console.error(`Emptying ${where} ...`)
      await truncateAll(handle.db)
    }
    console.error(`Seeding ${options.scale} data into ${where}${options.demoLogins ? '' : ', without demo logins'} ...`)
    const bar = progressBar()
    const summary = await loadDemo(handle.db, {
      scale: options.scale,
      demoLogins: options.demoLogins,
      onProgress: bar.update,
      ...(options.today ? { today: options.today } : {}),
    })
    bar.end()
    console.log(`Seeded ${summary.scale} data up to ${summary.today} in ${(summary.elapsedMs / 1000).toFixed(1)} s`)
    for (const [table, count] of Object.entries(summary.counts)) console.log(`  ${table.padEnd(20)} ${count.toLocaleString('en-AU').padStart(12)}`)
    if (summary.logins.length > 0) {
      console.log('Demo logins:')
      for (const login of summary.logins) console.log(`  ${login.username.padEnd(8)} ${login.password.padEnd(12)} ${login.description}`)
    }
    return 0
  } finally {
    await handle.close()
  }
}

runCommand(main)
