import type { PGlite } from '@electric-sql/pglite'
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import pg from 'pg'
import { lockDataDir } from './data-dir-lock'
import { openPglite } from './database'

/**
 * Backups (docs/decisions/0019-backups.md). The embedded database is copied by PGlite itself
 * (`dumpDataDir`: a gzipped tar of the data directory, taken inside the process that has it open, so
 * it is consistent while the portal runs); a PostgreSQL database by pg_dump in its custom format.
 * Restores go into a new, empty directory or database only.
 */

export class BackupError extends Error {}

/** Files of the portal's own in an embedded data directory: never restored from a backup. */
export const PROCESS_FILES = ['portal.pid', 'backup-endpoint.json']

export type BackupKind = 'pglite' | 'postgres'

/** A gzipped tar of a live PGlite data directory: a checkpoint first, then a copy no query can interleave with. */
export async function dumpPglite(pglite: PGlite): Promise<Buffer> {
  await pglite.exec('CHECKPOINT')
  const blob = await pglite.runExclusive(() => pglite.dumpDataDir('gzip'))
  return Buffer.from(await blob.arrayBuffer())
}

/** A backup of an embedded data directory no portal has open: locked meanwhile, so none can start on it. */
export async function dumpPgliteDirectory(dataDir: string, out: string): Promise<{ bytes: number; sha256: string }> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new BackupError(`${dataDir} holds no database.`)
  const unlock = lockDataDir(dataDir)
  try {
    const pglite = await openPglite(dataDir)
    try {
      const data = await dumpPglite(pglite)
      writePrivateFile(out, data)
      return { bytes: data.length, sha256: sha256(data) }
    } finally {
      await pglite.close()
    }
  } finally {
    unlock()
  }
}

/** Writes a file all at once, readable by its owner only (a backup holds every account's data). */
export function writePrivateFile(file: string, data: Buffer | string) {
  const partial = `${file}.partial`
  writeFileSync(partial, data, { mode: 0o600 })
  renameSync(partial, file)
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex')

/** What a backup file is, from its first bytes: pg_dump's custom format starts with PGDMP, PGlite's is gzip. */
export function backupKind(head: Buffer): BackupKind | null {
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres'
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite'
  return null
}

/** A PGlite backup is a tar of a PostgreSQL data directory: check before anything is written. */
function checkPgliteBackup(data: Buffer): void {
  let tar: Buffer
  try {
    tar = gunzipSync(data)
  } catch {
    throw new BackupError('The file is not a complete backup of the embedded database (it does not unpack).')
  }
  if (tar.subarray(257, 262).toString('latin1') !== 'ustar' || !tar.includes('PG_VERSION')) {
    throw new BackupError('The file is not a backup of the embedded database (no PostgreSQL data directory inside).')
  }
}

export interface RestoreSummary {
  migrations: string[]
  orders: number
}

function isEmptyDir(dir: string) {
  return !existsSync(dir) || readdirSync(dir).length === 0
}

/**
 * Restores a PGlite backup into a new data directory, which must not exist or be empty (never over a
 * database, and so never into the directory of a running portal). The directory is locked meanwhile.
 */
export async function restorePglite(file: string, dataDir: string): Promise<RestoreSummary> {
  const data = readFileSync(file)
  if (backupKind(data) !== 'pglite') throw new BackupError(`${file} is not a backup of the embedded database.`)
  checkPgliteBackup(data)
  if (!isEmptyDir(dataDir)) {
    throw new BackupError(`${dataDir} is not empty. Restore into a new directory, then start the portal with DATA_DIR pointing at it.`)
  }
  const created = !existsSync(dataDir)
  mkdirSync(dataDir, { recursive: true })
  const unlock = lockDataDir(dataDir)
  try {
    const pglite = await openPglite(dataDir, new Blob([data], { type: 'application/x-gzip' }))
    // The backup carries the old process's files: the pid it was taken under, its backup endpoint.
    for (const name of PROCESS_FILES) rmSync(join(dataDir, name), { force: true })
    writeFileSync(join(dataDir, 'portal.pid'), String(process.pid))
    try {
      return await summarise(pglite)
    } finally {
      await pglite.close()
    }
  } catch (error) {
    if (created) rmSync(dataDir, { recursive: true, force: true })
    else for (const name of readdirSync(dataDir)) rmSync(join(dataDir, name), { recursive: true, force: true })
    throw error
  } finally {
    unlock()
  }
}

async function summarise(db: { query<T>(text: string): Promise<{ rows: T[] }> }): Promise<RestoreSummary> {
  const migrations = (await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')).rows.map((r) => r.version)
  const orders = Number((await db.query<{ n: number | string }>('SELECT count(*) AS n FROM orders')).rows[0]?.n ?? 0)
  return { migrations, orders }
}

// ---- PostgreSQL: pg_dump and pg_restore ----

/** A postgres:// URL as libpq's environment, so that no password is on a command line (`ps` shows those). */
export function libpqEnv(databaseUrl: string): { env: NodeJS.ProcessEnv; database: string } {
  const url = new URL(databaseUrl)
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''))
  if (!database) throw new BackupError('DATABASE_URL names no database.')
  const env: NodeJS.ProcessEnv = { ...process.env, PGDATABASE: database }
  if (url.hostname) env.PGHOST = decodeURIComponent(url.hostname).replace(/^\[|\]$/g, '')
  if (url.port) env.PGPORT = url.port
  if (url.username) env.PGUSER = decodeURIComponent(url.username)
  else env.PGUSER ??= process.env.USER || 'postgres'
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password)
  const ssl = url.searchParams.get('sslmode')
  if (ssl) env.PGSSLMODE = ssl
  return { env, database }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(new BackupError(error.code === 'ENOENT' ? `${command} is not installed (Debian: apt-get install postgresql-client).` : error.message)),
    )
    child.on('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}):\n${stderr.trim()}`))))
  })
}

/** `pg_dump --format=custom` of the database, written to `out` (owner-only) once complete. */
export async function dumpPostgres(databaseUrl: string, out: string): Promise<void> {
  const { env } = libpqEnv(databaseUrl)
  const partial = `${out}.partial`
  try {
    await run('pg_dump', ['--format=custom', '--no-password', `--file=${partial}`], { ...env })
    renameSync(partial, out)
  } finally {
    rmSync(partial, { force: true })
  }
}

/**
 * `pg_restore` into an existing, empty database (created beforehand with `createdb`): in one
 * transaction, stopping at the first error, owned by the connecting user.
 */
export async function restorePostgres(file: string, databaseUrl: string): Promise<RestoreSummary> {
  if (backupKind(readFileSync(file).subarray(0, 8)) !== 'postgres') throw new BackupError(`${file} is not a pg_dump custom-format backup.`)
  const { env, database } = libpqEnv(databaseUrl)
  const url = new URL(databaseUrl)
  if (!url.username) url.username = env.PGUSER ?? 'postgres'
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  try {
    const tables = await client.query<{ n: string }>(`SELECT count(*) AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`)
    if (Number(tables.rows[0]?.n) > 0)
      throw new BackupError(`The database ${database} is not empty. Restore into a new database (createdb), then point DATABASE_URL at it.`)
    await run('pg_restore', ['--no-password', '--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${database}`, file], env)
    return await summarise(client)
  } finally {
    await client.end()
  }
}
