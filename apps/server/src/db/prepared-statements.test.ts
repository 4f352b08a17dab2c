import { describe, expect, it } from 'vitest'
import { isPlannedWithItsValues, preparingPool, type QueryClient } from './prepared-statements'

/**
 * A node-postgres client reduced to its public surface (query and release): the preparing pool must work with
 * nothing else, no driver internals (decision 0098). It answers at once and records what it was sent.
 */
function fakePool() {
  const sent: unknown[] = []
  const client = {
    query: (...args: unknown[]) => {
      sent.push(args.length === 1 ? args[0] : args)
      return Promise.resolve({ command: 'SELECT', rowCount: 1, rows: [{ sent: sent.length }] })
    },
    release: () => {},
  } as unknown as QueryClient
  const pool = { connect: () => Promise.resolve(client), end: () => Promise.resolve() }
  return { pool: preparingPool(pool), sent }
}

describe('the preparing pool, over the driver’s public API (decision 0098)', () => {
  it('sends a statement with values as a named query, the same name for the same text', async () => {
    const { pool, sent } = fakePool()
    const client = await pool.connect()
    await client.query('select $1::int as a', [1])
    await client.query('select $1::int as a', [2])
    await client.query('select 1', [])
    const [first, second, third] = sent as Array<{ name: string; text: string; values: unknown[] }>
    expect(first).toMatchObject({ text: 'select $1::int as a', values: [1] })
    expect(second).toEqual({ ...first, values: [2] })
    expect(third).toEqual(['select 1', []])
  })

  it('holds a transaction’s BEGIN until its first statement, and sends nothing for a transaction without one', async () => {
    const { pool, sent } = fakePool()
    const client = await pool.connect()
    expect(await client.query('begin', [])).toMatchObject({ command: 'BEGIN' })
    expect(sent).toEqual([])
    await client.query('commit', [])
    expect(sent).toEqual([])
    await client.query('begin', [])
    await client.query('insert into t values ($1)', [7])
    await client.query('commit', [])
    expect(sent[0]).toBe('BEGIN')
    expect(sent[1]).toMatchObject({ text: 'insert into t values ($1)', values: [7] })
    expect(sent[2]).toEqual(['commit', []])
  })

  it('leaves unnamed a statement planned with its values, and a list of values', async () => {
    const { pool, sent } = fakePool()
    const client = await pool.connect()
    const planned = 'select $1::int /* planned with its values */'
    expect(isPlannedWithItsValues(planned)).toBe(true)
    await client.query(planned, [1])
    await client.query('select * from t where id in ($1, $2)', [1, 2])
    expect(sent).toEqual([
      [planned, [1]],
      ['select * from t where id in ($1, $2)', [1, 2]],
    ])
  })
})
