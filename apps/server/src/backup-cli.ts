/**
 * Backs up the portal's database.
 *
 *   npm run backup -- [--out FILE]
 *   node apps/server/dist/backup.js [--out FILE]
 *
 * Embedded PGlite (no DATABASE_URL): the data directory DATA_DIR (default ./data) as a gzipped tar.
 * While the portal runs, the portal takes the copy itself (over 127.0.0.1, with the secret in
 * DATA_DIR/backup-endpoint.json); when it is stopped, the directory is opened directly.
 * PostgreSQL (DATABASE_URL): pg_dump --format=custom, while the portal runs.
 * Restore with `npm run restore`; see docs/deployment.md, "Backups".
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { parseCommandLine, runCommand } from './lib/cli'
import { BackupError, dumpPgliteDirectory, dumpPostgres, sha256 } from './db/backup'
import { requestBackup } from './db/backup-channel'

const USAGE = `Usage: backup [--out FILE]

  --out FILE   where to write the backup (default: portal-backup-<date>-<time>.tar.gz, or .dump for PostgreSQL)

Environment: DATABASE_URL=postgres://... backs up that database with pg_dump (custom format);
otherwise DATA_DIR (default ./data), the embedded database, whether the portal is running or not.`

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)

async function main(): Promise<number> {
  const args = parseCommandLine(
    () => parseArgs({ args: process.argv.slice(2), options: { out: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } }, strict: true }),
    USAGE,
  )
  if (!args) return 2
  if (args.values.help) {
    console.log(USAGE)
    return 0
  }
  const databaseUrl = process.env.DATABASE_URL || undefined
  const out = resolve(args.values.out ?? `portal-backup-${stamp()}${databaseUrl ? '.dump' : '.tar.gz'}`)
  const started = Date.now()
  try {
    let taken: { bytes: number; sha256: string; how: string }
    if (databaseUrl) {
      await dumpPostgres(databaseUrl, out)
      const data = readFileSync(out)
      taken = { bytes: data.length, sha256: sha256(data), how: `PostgreSQL database ${new URL(databaseUrl).pathname.slice(1)} (pg_dump)` }
    } else {
      const dataDir = resolve(process.env.DATA_DIR || './data')
      const online = await requestBackup(dataDir, out)
      taken = online
        ? { ...online, how: `the embedded database in ${dataDir}, taken by the running portal` }
        : { ...(await dumpPgliteDirectory(dataDir, out)), how: `the embedded database in ${dataDir} (the portal is not running)` }
    }
    console.log(`Backed up ${taken.how}
  to      ${out}
  size    ${(taken.bytes / 1024 / 1024).toFixed(1)} MB
  sha256  ${taken.sha256}
  in      ${((Date.now() - started) / 1000).toFixed(1)} s
The file holds every account's data: keep it as safe as the database.`)
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
