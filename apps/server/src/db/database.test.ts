import { randomBytes } from 'node:crypto'
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invoicesPageQuery } from '../modules/invoices/repo'
import { backOrdersPageQuery, ordersPageQuery } from '../modules/orders/repo'
import { openDatabase, type DatabaseHandle } from './database'
import { isPlannedWithItsValues, plannedWithItsValues } from './prepared-statements'
import type { DB } from './schema'

const url = process.env.TEST_DATABASE_URL

/**
 * What the connection does, in order: `w` for a write to the server, `r` for an answer's end (ReadyForQuery,
 * one a statement). A round trip is a write and the wait for its answers: `w r` or, for what one write
 * carried, `w r r`.
 */
function wire(pool: pg.Pool) {
  const log = { events: '' }
  pool.on('connect', (client) => {
    const connection = (client as unknown as { connection: NodeJS.EventEmitter & { stream: Record<'_write' | '_writev', (...args: unknown[]) => unknown> } })
      .connection
    for (const method of ['_write', '_writev'] as const) {
      const write = connection.stream[method].bind(connection.stream)
      connection.stream[method] = (...args: unknown[]) => {
        log.events += 'w'
        return write(...args)
      }
    }
    connection.on('readyForQuery', () => (log.events += 'r'))
  })
  return log
}

describe.skipIf(!url)("a transaction's BEGIN goes with its first statement (decision 0098)", () => {
  const table = `begin_probe_${randomBytes(4).toString('hex')}`
  let handle: DatabaseHandle
  let other: DatabaseHandle
  let trips: { events: string }
  const rows = async () => (await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} ORDER BY id`.execute(other.db)).rows.map((r) => r.id)

  beforeAll(async () => {
    // One connection: every statement below shares it, as a transaction's do.
    handle = await openDatabase({ databaseUrl: url, poolSize: 1 })
    other = await openDatabase({ databaseUrl: url, poolSize: 1 })
    trips = wire(handle.pool!)
    await sql`CREATE TABLE ${sql.table(table)} (id int PRIMARY KEY, note text)`.execute(other.db)
  })
  afterAll(async () => {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(other.db)
    await handle?.close()
    await other?.close()
  })

  const insert = (db: DatabaseHandle['db'], id: number) => sql`INSERT INTO ${sql.table(table)} (id, note) VALUES (${id}, ${'x'})`.execute(db)

  it('takes one round trip fewer: BEGIN and the first statement, the second, COMMIT', async () => {
    await sql`SELECT ${1}::int AS warm`.execute(handle.db)
    trips.events = ''
    await handle.db.transaction().execute(async (trx) => {
      await insert(trx, 1)
      await insert(trx, 2)
    })
    // BEGIN and the first INSERT written before any answer, both answered; the second INSERT; COMMIT.
    expect(trips.events).toBe('wwrrwrwr')
    expect(await rows()).toEqual([1, 2])
  })

  it('is a transaction: what its first statement wrote is undone with it', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await insert(trx, 3)
        await insert(trx, 1) // already there: the transaction fails
      }),
    ).rejects.toThrow(/duplicate key/)
    expect(await rows()).toEqual([1, 2])
    // The connection is usable again, out of any transaction.
    await insert(handle.db, 4)
    expect(await rows()).toEqual([1, 2, 4])
  })

  it('holds the first statement’s locks until it ends', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let locked!: () => void
    const lockTaken = new Promise<void>((resolve) => (locked = resolve))
    const transaction = handle.db.transaction().execute(async (trx) => {
      await sql`SELECT id FROM ${sql.table(table)} WHERE id = ${1} FOR UPDATE`.execute(trx)
      locked()
      await held
    })
    await lockTaken
    // Another connection cannot take the row while the transaction lives.
    const tried = await sql<{ got: boolean }>`SELECT EXISTS (SELECT 1 FROM ${sql.table(table)} WHERE id = ${1} FOR UPDATE NOWAIT) AS got`
      .execute(other.db)
      .then(
        () => 'taken',
        (error: Error) => error.message,
      )
    expect(tried).toMatch(/could not obtain lock/)
    release()
    await transaction
    expect((await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} WHERE id = ${1} FOR UPDATE NOWAIT`.execute(other.db)).rows).toEqual([{ id: 1 }])
  })

  it('fails the first statement with its own error, and sends nothing for a transaction without statements', async () => {
    await expect(handle.db.transaction().execute(async (trx) => sql`SELECT no_such_column FROM ${sql.table(table)}`.execute(trx))).rejects.toThrow(
      /no_such_column/,
    )
    trips.events = ''
    await handle.db.transaction().execute(async () => 'nothing to do')
    await expect(handle.db.transaction().execute(async () => Promise.reject(new Error('changed my mind')))).rejects.toThrow('changed my mind')
    expect(trips.events).toBe('')
    await insert(handle.db, 5)
    expect(await rows()).toEqual([1, 2, 4, 5])
  })

  it('begins again for each transaction on the same connection', async () => {
    for (const id of [6, 7]) {
      await handle.db.transaction().execute(async (trx) => {
        await insert(trx, id)
        expect((await sql<{ open: boolean }>`SELECT now() = statement_timestamp() AS open`.execute(trx)).rows[0]!.open).toBe(false)
      })
    }
    expect(await rows()).toEqual([1, 2, 4, 5, 6, 7])
  })
})

describe.skipIf(!url)('a statement planned with its values goes unnamed (decision 0098)', () => {
  let handle: DatabaseHandle
  const prepared = async () => (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(handle.db)).rows.map((r) => r.statement)

  beforeAll(async () => {
    // One connection: pg_prepared_statements shows the statements of the session that asks.
    handle = await openDatabase({ databaseUrl: url, poolSize: 1 })
  })
  afterAll(async () => {
    await handle?.close()
  })

  it('is never prepared by name, however often it runs, and answers as a named one does', async () => {
    const named = (n: number) => handle.db.selectNoFrom(sql<number>`${n}::int + 1`.as('next'))
    const planned = (n: number) => named(n).modifyEnd(plannedWithItsValues)
    for (let n = 0; n < 7; n++) {
      expect(await named(n).executeTakeFirstOrThrow()).toEqual({ next: n + 1 })
      expect(await planned(n).executeTakeFirstOrThrow()).toEqual({ next: n + 1 })
    }
    const statements = await prepared()
    expect(statements.filter((text) => text.includes('::int + 1'))).toHaveLength(1)
    expect(statements.some((text) => text.includes('planned with its values'))).toBe(false)
  })
})

describe('the history pages whose plans depend on their values', () => {
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  })
  const planned = (query: { compile(): { sql: string } }) => isPlannedWithItsValues(query.compile().sql)
  const range = { from: '2026-05-28', to: '2026-11-28' }

  it('are planned with their values: back orders, and a search of orders or invoices', () => {
    expect(planned(backOrdersPageQuery(db, 1, { range }, 100, 0))).toBe(true)
    expect(planned(ordersPageQuery(db, 1, { range, search: 'drench' }, 100, 0))).toBe(true)
    expect(planned(invoicesPageQuery(db, 1, { range, search: 'drench' }, 100, 0))).toBe(true)
  })

  it('keep their plans otherwise: a page of orders or invoices by date alone', () => {
    expect(planned(ordersPageQuery(db, 1, { range }, 100, 0))).toBe(false)
    expect(planned(invoicesPageQuery(db, 1, { range }, 100, 0))).toBe(false)
  })
})
