import { describe, expect, it } from 'vitest'
import { STEPS_A_TURN } from '../../../lib/turns'
import { BigMap, diff, mapInTurns, mappedInTurns, missing } from './plan'

const many = 3 * STEPS_A_TURN
const rows = (qty: number) => new Map(Array.from({ length: many }, (_, i) => [`P${i}|WAG`, { qty_available: qty, active: true }]))

/** How many turns other work (a customer's request) got while `work` ran, and what it answered. */
async function turnsDuring<T>(work: () => Promise<T>) {
  let turns = 0
  let running = true
  const other = () => {
    if (!running) return
    turns++
    setImmediate(other)
  }
  setImmediate(other)
  const result = await work()
  running = false
  return { turns, result }
}

// The import of a whole stock file compares hundreds of thousands of rows inside the running portal: the
// comparisons give the portal's other requests a turn every STEPS_A_TURN rows instead of holding the event loop.
describe('comparing a large file with the portal', () => {
  it('finds the changed rows, giving other requests turns meanwhile', async () => {
    const { turns, result } = await turnsDuring(() => diff(rows(5), rows(4)))
    expect(result.changed).toHaveLength(many)
    expect(result.added).toHaveLength(0)
    expect(turns).toBeGreaterThanOrEqual(2)
  })

  it('finds what a full file leaves out, giving other requests turns meanwhile', async () => {
    const { turns, result } = await turnsDuring(() => missing('full', new Map(), rows(1)))
    expect(result).toHaveLength(many)
    expect(turns).toBeGreaterThanOrEqual(2)
  })

  it('keys what the portal has, giving other requests turns meanwhile', async () => {
    const { turns, result } = await turnsDuring(() => mapInTurns([...rows(1).keys()], (key) => [key, key.length]))
    expect(result.size).toBe(many)
    expect(turns).toBeGreaterThanOrEqual(2)
  })
})

describe('rows that each take long to read', () => {
  /** A row that holds the event loop about a millisecond, as a product row with all its fields checked can. */
  const slowly = (n: number) => {
    const until = performance.now() + 1
    while (performance.now() < until);
    return n
  }

  it('give other requests a turn every few milliseconds, long before a thousand rows', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => i)
    const { turns, result } = await turnsDuring(() => mappedInTurns(rows, slowly))
    expect(result).toEqual(rows)
    expect(turns).toBeGreaterThanOrEqual(2)
  })
})

describe('a map of a whole file', () => {
  it('answers as a Map does, in the order its keys were first set', () => {
    const map = new BigMap<number>()
    const keys = Array.from({ length: 5_000 }, (_, i) => `P${(i * 7919) % 5_000}|WAG`)
    keys.forEach((key, i) => map.set(key, i))
    map.set(keys[10]!, -1)
    expect(map.size).toBe(5_000)
    expect([...map.keys()]).toEqual(keys)
    expect(map.get(keys[10]!)).toBe(-1)
    expect(map.has('P1|MEL')).toBe(false)
    expect([...map].slice(0, 2)).toEqual([
      [keys[0], 0],
      [keys[1], 1],
    ])
    expect([...map.values()].reduce((a, b) => a + b, 0)).toBe((4_999 * 5_000) / 2 - 10 - 1)
  })
})
