import { describe, expect, it } from 'vitest'
import { diff, mapInTurns, missing, ROWS_A_TURN } from './plan'

const many = 3 * ROWS_A_TURN
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
// comparisons give the portal's other requests a turn every ROWS_A_TURN rows instead of holding the event loop.
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
