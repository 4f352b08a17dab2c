import { sql, type PostgresPool, type PostgresPoolClient, type PostgresQueryResult } from 'kysely'
import type pg from 'pg'

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
 * PostgreSQL plans it with those values on every run. Named, PostgreSQL would plan its first five runs with their
 * values and then keep a generic plan whenever that plan's estimate is cheaper, and a generic plan cannot see what
 * the values say (a page of back orders, which walks the account's orders newest first and stops at the page's
 * end, became a sort of all the orders of the largest account). Why and the figures: decision 0098.
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
const commandResult = <R>(command: string) => ({ command, rowCount: 0, rows: [] }) as unknown as PostgresQueryResult<R>

/** The public surface of a node-postgres client that this file uses: its query (texts and named queries) and release. */
export type QueryClient = Pick<pg.PoolClient, 'query' | 'release'>

/** What one connection has prepared, and whether it owes the server a BEGIN. */
interface ConnectionState {
  prepared: Set<string>
  beginOwed: boolean
}

/** A connection's state and the client Kysely is given for it, made on its first checkout and kept with it. */
interface Connection {
  state: ConnectionState
  client: PostgresPoolClient
}

/**
 * The pool Kysely is given (its `PostgresPool` interface) over node-postgres's own, through node-postgres's public
 * API only (decision 0098):
 *
 * - Every statement with parameters goes out as a named prepared statement of its connection (a named query,
 *   `{ name, text, values }`): PostgreSQL parses and analyses it once per connection and may keep a generic plan
 *   after five runs, instead of parsing, analysing and planning each request's queries again. The name is the
 *   text's: the same Kysely query is the same statement whatever its values. Statements without parameters (BEGIN,
 *   COMMIT, migrations' scripts) keep the simple protocol; a connection prepares at most PREPARED_PER_CONNECTION
 *   texts (the hot ones come first), the rest go unnamed, and so do texts with a list of values (VALUE_LIST).
 * - A transaction's BEGIN waits for its first statement and is sent just before it, without waiting for BEGIN's
 *   answer (the pool's pipeline mode): one round trip fewer in every transaction. A transaction that ends before
 *   any statement sends nothing at all.
 */
export function preparingPool(pool: { connect(): Promise<QueryClient>; end(): Promise<void> }): PostgresPool {
  const connections = new WeakMap<QueryClient, Connection>()
  return {
    async connect() {
      const client = await pool.connect()
      let connection = connections.get(client)
      if (!connection) {
        const state = { prepared: new Set<string>(), beginOwed: false }
        connections.set(client, (connection = { state, client: preparingClient(client, state) }))
      }
      return connection.client
    },
    end: () => pool.end(),
  }
}

function preparingClient(client: QueryClient, state: ConnectionState): PostgresPoolClient {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>
  const send = (text: string, values: ReadonlyArray<unknown>): Promise<unknown> => {
    if (values.length > 0) {
      const name = statementName(text)
      if (name !== undefined && (state.prepared.has(name) || state.prepared.size < PREPARED_PER_CONNECTION)) {
        state.prepared.add(name)
        return query({ name, text, values }).catch((error: unknown) => {
          if (isStalePlan(error) && statementNames.get(text) === name) {
            statementNames.set(text, `s${++namesGiven}`)
            state.prepared.delete(name)
          }
          throw error
        })
      }
    }
    return query(text, values)
  }
  function run<R>(text: string, values: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    const bare = values.length === 0
    // Kysely's own words for a plain transaction (its driver's beginTransaction, commitTransaction, rollbackTransaction).
    if (bare && text === 'begin') {
      state.beginOwed = true
      return Promise.resolve(commandResult('BEGIN'))
    }
    if (!state.beginOwed) return send(text, values) as Promise<PostgresQueryResult<R>>
    state.beginOwed = false
    if (bare && (text === 'commit' || text === 'rollback')) return Promise.resolve(commandResult(text.toUpperCase()))
    // BEGIN, then the statement at once: in pipeline mode neither waits for an answer, so both cost one round trip.
    const begun = query('BEGIN')
    const sent = send(text, values)
    // Should BEGIN fail, so does the statement sent with it, with BEGIN's error (answered first); else the statement's own.
    return Promise.all([begun, sent]).then(([, result]) => result as PostgresQueryResult<R>)
  }
  return {
    query: ((textOrCursor: unknown, values?: ReadonlyArray<unknown>) =>
      // A cursor (Kysely's stream) goes as it is: node-postgres refuses it in pipeline mode.
      typeof textOrCursor === 'string' ? run(textOrCursor, values ?? []) : query(textOrCursor)) as PostgresPoolClient['query'],
    release: () => client.release(),
  }
}
