import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { Kysely, PostgresDialect, sql } from 'kysely'
import { PGliteDialect } from 'kysely-pglite-dialect'
import pg from 'pg'
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed'
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
      // a transaction's BEGIN goes with its first statement (prepareStatements).
      pipeline: true,
      ...(options.schema ? { options: `-c search_path=${options.schema},public` } : {}),
    })
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
    const connectionString = withDefaultUser(options.databaseUrl)
    // A connection the database drops (a restart, a failover) is discarded by the pool and the query on it fails;
    // an 'error' event nobody listens to would end the process instead, idle or checked out.
    pool.on('error', () => {})
    pool.on('connect', (client) => {
      client.on('error', () => {})
      prepareStatements(client)
    })
    return { db, kind: 'postgres', pool, openChangeFeed: (onError) => postgresChangeFeed(connectionString, onError), close: () => closePool(db, pool) }
  }
  const pglite = await openPglite(options.dataDir, options.loadDataDir)
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) })
  return { db, kind: 'pglite', pglite, openChangeFeed: () => pgliteChangeFeed(pglite), close: () => db.destroy() }
}

/** Statement texts given a name so far (process-wide), and how many may be: beyond, statements go unnamed. */
const statementNames = new Map<string, string>()
const MAX_NAMED_STATEMENTS = 5_000
/** The most statements one connection keeps prepared (PostgreSQL holds each one's plan in that backend). */
export const PREPARED_PER_CONNECTION = 250

let namesGiven = 0

/**
 * A list of values as parameters (`in ($3, $4, $5)`): the text is one of as many as there are counts of values,
 * each seldom run again. Named, they would fill a connection's PREPARED_PER_CONNECTION and the process's names
 * with shapes of a day's stock changes, leaving none for a hot statement first run later; they go unnamed.
 * A hot list is written as one array instead (`= ANY($1::int[])`).
 */
const VALUE_LIST = /\bin \(\$\d+, \$\d+/i

/** What plannedWithItsValues appends to a statement's text. */
const PLANNED_WITH_ITS_VALUES = '/* planned with its values */'

/**
 * Ends a statement (Kysely's `modifyEnd`) whose best plan depends on its values, so that it goes unnamed and
 * PostgreSQL plans it with those values on every run (decision 0098). Named, PostgreSQL would plan its first five
 * runs with their values and then keep a generic plan whenever that plan's estimate is cheaper, and a generic
 * plan cannot see what the values say: a page of back orders, which walks the account's orders newest first
 * and stops at the page's end, became a sort of all 20,000 orders of the largest account (90-160 ms instead of
 * 0.6), because the plan without values guessed that an account has one order in any date range. Planning
 * such a statement each time costs 0.2-1 ms.
 */
export const plannedWithItsValues = sql.raw(PLANNED_WITH_ITS_VALUES)

/** Whether a statement's text ends with plannedWithItsValues: it is then never given a name. */
export const isPlannedWithItsValues = (text: string) => text.endsWith(PLANNED_WITH_ITS_VALUES)

function statementName(text: string): string | undefined {
  if (isPlannedWithItsValues(text)) return undefined
  let name = statementNames.get(text)
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS && !VALUE_LIST.test(text)) {
    name = `s${++namesGiven}`
    statementNames.set(text, name)
  }
  return name
}

/**
 * PostgreSQL refuses to run a prepared statement whose result's columns changed under it (a `SELECT *` of a
 * table a newer instance's migration altered): the text then gets a new name, which every connection prepares
 * afresh on its next use. The statement that met the change fails once; its caller sees the error.
 */
function isStalePlan(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '0A000' && /cached plan must not change result type/.test(String((error as Error).message))
}

/** What a BEGIN or an end of a transaction answers (Kysely reads only `command`, `rowCount` and `rows`). */
const commandResult = (command: string) => ({ command, rowCount: null, rows: [], fields: [] })

/**
 * Every statement with parameters goes out as a named prepared statement of its connection (decision 0098):
 * PostgreSQL parses and analyses it once per connection and may keep a generic plan after five runs, instead
 * of parsing, analysing and planning each request's queries again (a category page's query plans in about
 * 0.25 ms and runs in less). The name is the text's: the same Kysely query is the same statement whatever its
 * values. Statements without parameters (BEGIN, COMMIT, migrations' scripts) keep the simple protocol; a
 * connection prepares at most PREPARED_PER_CONNECTION texts (the hot ones come first), the rest go unnamed, and
 * so do texts with a list of values (VALUE_LIST).
 *
 * A transaction's BEGIN waits for its first statement and goes with it, in one write, the statement sent
 * without waiting for BEGIN's answer (the pool's pipeline mode): one round trip fewer in every transaction
 * (decision 0098). A transaction that ends before any statement sends nothing at all.
 */
export function prepareStatements(client: pg.ClientBase): void {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>
  const prepared = new Set<string>()
  let beginOwed = false
  const send = (...args: unknown[]): Promise<unknown> => {
    const [text, values] = args
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values) && values.length > 0) {
      const name = statementName(text)
      if (name !== undefined && (prepared.has(name) || prepared.size < PREPARED_PER_CONNECTION)) {
        prepared.add(name)
        return query({ name, text, values }).catch((error: unknown) => {
          if (isStalePlan(error) && statementNames.get(text) === name) {
            statementNames.set(text, `s${++namesGiven}`)
            prepared.delete(name)
          }
          throw error
        })
      }
    }
    return query(...args)
  }
  ;(client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [text, values] = args
    const bare = args.length === 2 && typeof text === 'string' && Array.isArray(values) && values.length === 0
    // Kysely's own words for a plain transaction (its driver's beginTransaction, commitTransaction, rollbackTransaction).
    if (bare && text === 'begin') {
      beginOwed = true
      return Promise.resolve(commandResult('BEGIN'))
    }
    if (!beginOwed) return send(...args)
    beginOwed = false
    if (bare && (text === 'commit' || text === 'rollback')) return Promise.resolve(commandResult(text.toUpperCase()))
    // Both into the socket's buffer, then out in one write: BEGIN, then the statement, whose answer comes after BEGIN's.
    const stream = (client as unknown as { connection: { stream: NodeJS.WritableStream & { cork(): void; uncork(): void } } }).connection.stream
    stream.cork()
    try {
      const begun = query('BEGIN')
      const sent = send(...args)
      // Should BEGIN fail, so does the statement sent with it, with BEGIN's error (answered first); else the statement's own.
      return Promise.all([begun, sent]).then(([, result]) => result)
    } finally {
      stream.uncork()
    }
  }
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
