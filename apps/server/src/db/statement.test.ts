import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestContext } from '../../test/helpers'
import { checkStatementShapes, shapedStatement, statement } from './statement'

describe('statements built once (decision 0098)', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(async () => t?.close())

  it('runs with each call its own values, the constants Kysely made parameters kept', async () => {
    let builds = 0
    const branch = statement((db, code: string, trading: boolean) => {
      builds++
      return db.selectFrom('branches').select(['location_id', 'trading']).where('location_id', '=', code).where('trading', '=', trading).limit(1)
    })
    // Built once as the server runs it: the tests' shape check (test/setup.ts) builds it again on each call.
    checkStatementShapes(false)
    try {
      expect(await branch(t.db, 'WAG', true)).toEqual([{ location_id: 'WAG', trading: true }])
      expect(await branch(t.db, 'NOPE', true)).toEqual([])
      expect(await branch(t.db, 'WAG', false)).toEqual([])
    } finally {
      checkStatementShapes()
    }
    expect(builds).toBe(1)
  })

  it('takes an argument used twice, arrays and dates, in the caller’s transaction', async () => {
    const ranked = statement((db, ids: number[], asOf: Date) =>
      db
        .selectFrom('products')
        .select(['id', 'description', sql<boolean>`${asOf}::timestamptz < now()`.as('past')])
        .where(sql<boolean>`id = ANY(${ids}::int[])`)
        .orderBy(sql`array_position(${ids}::int[], id)`),
    )
    const [first, second] = (await t.db.selectFrom('products').select('id').orderBy('id').limit(2).execute()).map((r) => r.id)
    const rows = await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ description: 'Seen in the transaction' }).where('id', '=', second!).execute()
      return ranked(trx, [second!, first!], new Date(Date.now() - 60_000))
    })
    expect(rows.map((r) => [r.id, r.past])).toEqual([
      [second, true],
      [first, true],
    ])
    expect(rows[0]!.description).toBe('Seen in the transaction')
  })

  it('takes an sql template as well as a Kysely query', async () => {
    const named = statement((_db, code: string) => sql<{ name: string }>`SELECT name FROM branches WHERE location_id = ${code}`)
    expect(await named(t.db, 'WAG')).toHaveLength(1)
    expect(await named(t.db, 'NOPE')).toEqual([])
  })

  it('builds one statement a shape', async () => {
    const shapes: string[] = []
    const count = shapedStatement((shape: 'trading' | 'all') => {
      shapes.push(shape)
      return (db, code: string) =>
        db
          .selectFrom('branches')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('location_id', '=', code)
          .where(shape === 'trading' ? sql<boolean>`trading` : sql<boolean>`true`)
    })
    await count('trading', t.db, 'WAG')
    await count('all', t.db, 'WAG')
    expect(Number((await count('trading', t.db, 'WAG'))[0]!.n)).toBe(1)
    expect(shapes).toEqual(['trading', 'all'])
  })

  it('refuses a builder that looks into its arguments instead of passing them on', async () => {
    const misused = statement((db, limit: number, offset: number) =>
      db
        .selectFrom('branches')
        .select('location_id')
        .limit(limit + offset),
    )
    await expect(misused(t.db, 1, 2)).rejects.toThrow(/used as more than a value/)
  })

  it('fails a builder whose shape depends on an argument, in the tests, on the first call of the other shape', async () => {
    const branching = statement((db, code: string | null) => {
      const query = db.selectFrom('branches').select('location_id')
      return code === null ? query.where('trading', '=', true) : query.where('location_id', '=', code)
    })
    // Compiled once with a stand-in (not null): the shape of a code.
    expect(await branching(t.db, 'WAG')).toEqual([{ location_id: 'WAG' }])
    await expect(branching(t.db, null)).rejects.toThrow(/shape depends on its arguments/)
  })
})
