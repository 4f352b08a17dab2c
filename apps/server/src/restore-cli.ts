/**
 * Restores a backup made by `npm run backup` into a new, empty place, never over a database.
 *
 *   npm run restore -- FILE [--data-dir DIR]          a .tar.gz of the embedded database
 *   npm run restore -- FILE                           a pg_dump file into DATABASE_URL's (empty) database
 *
 * The embedded database: DIR (default DATA_DIR, else ./data) must not exist or be empty; start the
 * portal with DATA_DIR=DIR afterwards. PostgreSQL: create the database first (createdb), restore,
 * then point DATABASE_URL at it. See docs/deployment.md, "Backups".
 */
import { closeSync, existsSync, openSync, readSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { parseCommandLine, runCommand } from './lib/cli'
import { BackupError, backupKind, restorePglite, restorePostgres } from './db/backup'

const USAGE = `Usage: restore FILE [--data-dir DIR]

  FILE            a backup from npm run backup: the embedded database's .tar.gz, or a pg_dump custom-format file
  --data-dir DIR  for the embedded database: a new or empty directory (default DATA_DIR, else ./data)

A pg_dump file is restored into the database of DATABASE_URL, which must exist and be empty (createdb first).
Nothing is ever restored over existing data.`

function head(file: string): Buffer {
  const fd = openSync(file, 'r')
  try {
    const buf = Buffer.alloc(8)
    readSync(fd, buf, 0, 8, 0)
    return buf
  } finally {
    closeSync(fd)
  }
}

async function main(): Promise<number> {
  const args = parseCommandLine(
    () =>
      parseArgs({
        args: process.argv.slice(2),
        allowPositionals: true,
        options: { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
        strict: true,
      }),
    USAGE,
  )
  if (!args) return 2
  if (args.values.help || args.positionals.length !== 1) {
    console.log(USAGE)
    return args.values.help ? 0 : 2
  }
  const file = resolve(args.positionals[0]!)
  if (!existsSync(file)) {
    console.error(`${file} does not exist.`)
    return 1
  }
  const started = Date.now()
  try {
    const kind = backupKind(head(file))
    if (kind === null) throw new BackupError(`${file} is neither a backup of the embedded database nor a pg_dump custom-format file.`)
    let where: string
    let summary
    if (kind === 'pglite') {
      const dataDir = resolve(args.values['data-dir'] ?? (process.env.DATA_DIR || './data'))
      summary = await restorePglite(file, dataDir)
      where = `${dataDir}\nStart the portal on it with DATA_DIR=${dataDir} (or, with the portal stopped, move it to where DATA_DIR points).`
    } else {
      if (args.values['data-dir']) throw new BackupError(`${file} is a PostgreSQL backup: it restores into DATABASE_URL's database, not a directory.`)
      const databaseUrl = process.env.DATABASE_URL
      if (!databaseUrl) throw new BackupError('Set DATABASE_URL to the new, empty database to restore the PostgreSQL backup into (createdb it first).')
      summary = await restorePostgres(file, databaseUrl)
      where = `the PostgreSQL database ${new URL(databaseUrl).pathname.slice(1)}\nPoint the portal's DATABASE_URL at it.`
    }
    console.log(`Restored ${file}
  ${summary.orders} orders, migrations up to ${summary.migrations.at(-1) ?? '(none)'}, in ${((Date.now() - started) / 1000).toFixed(1)} s
into ${where}`)
    return 0
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(error.message)
      return 1
    }
    throw error
  }
}

runCommand(main)
