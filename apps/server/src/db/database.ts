import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { Kysely, PostgresDialect } from 'kysely'
import { PGliteDialect } from 'kysely-pglite-dialect'
import pg from 'pg'
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed'
import { preparingPool } from './prepared-statements'
import type { DB } from './schema'

export type Database = Kysely<DB>

/** Runs `work` in `db`'s transaction when it already is one (the caller's), else in a transaction of its own. */
export const inTransaction = <T>(db: Database, work: (trx: Database) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work)

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  /** The embedded engine, when there is one (backups and test snapshots use it). */
  pglite?: PGlite
  /** The PostgreSQL connection pool, when there is one (its metrics). */
  pool?: pg.Pool
  /** Starts listening to the database's change notifications (the server's caches need them). */
  openChangeFeed(onError?: (error: Error) => void): Promise<ChangeFeed>
  close(): Promise<void>
}

const INT8 = 20
const NUMERIC = 1700
const DATE = 1082

/** bigint cents and numeric weights fit a JS number here; dates stay YYYY-MM-DD strings. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (v: string) => Number(v)
    if (oid === DATE) return (v: string) => v
    return pg.types.getTypeParser(oid, format)
  },
}

export interface DatabaseOptions {
  databaseUrl?: string
  dataDir?: string
  /** A PostgreSQL schema to use (tests give each file its own). */
  schema?: string
  /** A migrated snapshot to start an in-memory PGlite from (tests). */
  loadDataDir?: Blob
  poolSize?: number
}

export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
    parsers: {
      [INT8]: (v: string) => Number(v),
      [NUMERIC]: (v: string) => Number(v),
      [DATE]: (v: string) => v,
    },
  })
}

/** How long an unused pooled connection stays open (decision 0098). */
const IDLE_CONNECTION_MS = 10 * 60_000

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: withDefaultUser(options.databaseUrl),
      max: options.poolSize ?? 10,
      // A connection holds its prepared statements and their plans (decision 0098): closed after pg-pool's
      // default 10 s idle, the next burst opened new ones and planned every statement afresh (decision 0098).
      idleTimeoutMillis: IDLE_CONNECTION_MS,
      // TCP keepalives stop a firewall from dropping an idle connection unseen while it waits.
      keepAlive: true,
      keepAliveInitialDelayMillis: 60_000,
      types: pgTypes,
      // A statement is sent without waiting for the answers to those before it (node-postgres's pipeline mode):
      // a transaction's BEGIN goes with its first statement (preparingPool).
      pipeline: true,
      ...(options.schema ? { options: `-c search_path=${options.schema},public` } : {}),
    })
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) })
    const connectionString = withDefaultUser(options.databaseUrl)
    // A connection the database drops (a restart, a failover) is discarded by the pool and the query on it fails;
    // an 'error' event nobody listens to would end the process instead, idle or checked out.
    pool.on('error', () => {})
    pool.on('connect', (client) => client.on('error', () => {}))
    return { db, kind: 'postgres', pool, openChangeFeed: (onError) => postgresChangeFeed(connectionString, onError), close: () => closePool(db, pool) }
  }
  const pglite = await openPglite(options.dataDir, options.loadDataDir)
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) })
  return { db, kind: 'pglite', pglite, openChangeFeed: () => pgliteChangeFeed(pglite), close: () => db.destroy() }
}

/**
 * pg's pool.end() resolves once it has asked its connections to close, not once they have: wait for
 * each to be gone, so that whoever comes next (a shutdown, a test dropping its database) finds none.
 */
async function closePool(db: Database, pool: pg.Pool): Promise<void> {
  let open = pool.totalCount
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve()
    pool.on('remove', () => {
      if (--open <= 0) resolve()
    })
    setTimeout(resolve, 5000).unref()
  })
  await db.destroy()
  await closed
}

/** A URL without a user (postgres://127.0.0.1:5432/test) means libpq's default: PGUSER, else the OS user. */
function withDefaultUser(databaseUrl: string): string {
  const url = new URL(databaseUrl)
  if (!url.username) url.username = process.env.PGUSER || process.env.USER || 'postgres'
  return url.toString()
}
