import { setFlagsFromString, getHeapStatistics } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it, vi } from 'vitest'
import { boundHeapGrowth, growingPercent } from './memory'

vi.mock('node:v8', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:v8')>()
  return { ...actual, setFlagsFromString: vi.fn(actual.setFlagsFromString) }
})

const MiB = 1024 * 1024

describe('the heap budget', () => {
  const steadyAt = (liveMiB: number, outsideMiB = 0) => ({ liveBytes: liveMiB * MiB, outsideBytes: outsideMiB * MiB, steady: true })
  const heapBudget = (budgetMiB: number, minGrowingPercent = 30) => ({ budgetMiB, minGrowingPercent, memoryBudgetMiB: 0 })
  const memoryBudget = (memoryBudgetMiB: number, minGrowingPercent = 30) => ({ budgetMiB: 0, minGrowingPercent, memoryBudgetMiB })

  it('lets a small live heap grow to the budget, and never more than V8 itself would (300 %)', () => {
    expect(growingPercent(steadyAt(50), heapBudget(100))).toBe(100)
    expect(growingPercent(steadyAt(56), heapBudget(100))).toBe(78)
    expect(growingPercent(steadyAt(10), heapBudget(100))).toBe(300)
  })

  it('keeps the floor when the live heap reaches or passes the budget', () => {
    expect(growingPercent(steadyAt(82), heapBudget(100))).toBe(30)
    expect(growingPercent(steadyAt(400), heapBudget(100))).toBe(30)
    // No floor given: still 10 %, or every allocation would start a full collection.
    expect(growingPercent(steadyAt(400), heapBudget(100, 0))).toBe(10)
  })

  it('with a memory budget, lets the heap grow into what the resident memory leaves of it', () => {
    // 56 MiB live and 150 MiB besides it: 50 MiB of the 256 are left, the heap may grow by that much.
    expect(growingPercent(steadyAt(56, 150), memoryBudget(256))).toBe(89)
    // The process already holds the budget (warm caches under heavy traffic): the floor.
    expect(growingPercent(steadyAt(120, 150), memoryBudget(256))).toBe(30)
    expect(growingPercent(steadyAt(120, 300), memoryBudget(256))).toBe(30)
    // Both budgets: the smaller room.
    expect(growingPercent(steadyAt(50, 0), { budgetMiB: 75, minGrowingPercent: 10, memoryBudgetMiB: 256 })).toBe(50)
    expect(growingPercent(steadyAt(50, 156), { budgetMiB: 200, minGrowingPercent: 10, memoryBudgetMiB: 256 })).toBe(100)
  })

  it('gives no room while the live data moves: the growth set now applies to what the next collection keeps', () => {
    expect(growingPercent({ ...steadyAt(20), steady: false }, heapBudget(100))).toBe(30)
    expect(growingPercent({ ...steadyAt(20, 50), steady: false }, memoryBudget(256, 0))).toBe(10)
  })

  it('sets the growth again after each full collection: room once the live data holds steady, the floor when it jumps', async () => {
    const set = vi.mocked(setFlagsFromString)
    set('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const collected = async () => {
      gc()
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await collected()
    const budgetMiB = Math.ceil((getHeapStatistics().used_heap_size * 3) / MiB)
    set.mockClear()
    const stop = boundHeapGrowth({ budgetMiB, minGrowingPercent: 10, memoryBudgetMiB: 0 })
    const percents = () => set.mock.calls.map(([flag]) => Number(/^--heap-growing-percent=(\d+)$/.exec(flag)?.[1]))
    // One collection seen (its start): not yet steady.
    expect(percents()).toEqual([10])
    await collected()
    await collected()
    // Three collections that kept about the same: the heap may grow toward three times what they kept.
    expect(percents().at(-1)).toBeGreaterThan(100)
    // Live data worth a third of the budget more: the live data moved, the floor again.
    const kept = Array.from({ length: 40 }, () => new Array(100_000).fill(1.5))
    await collected()
    expect(percents().at(-1)).toBe(10)
    stop()
    expect(kept.length).toBe(40)
    // Stopped: another collection sets nothing.
    const calls = set.mock.calls.length
    await collected()
    expect(set.mock.calls.length).toBe(calls)
  })

  it('with no budget sets the floor once, or leaves V8 its own choice', () => {
    const set = vi.mocked(setFlagsFromString)
    set.mockClear()
    boundHeapGrowth({ budgetMiB: 0, minGrowingPercent: 30, memoryBudgetMiB: 0 })()
    expect(set).toHaveBeenCalledWith('--heap-growing-percent=30')
    set.mockClear()
    boundHeapGrowth({ budgetMiB: 0, minGrowingPercent: 0, memoryBudgetMiB: 0 })()
    expect(set).not.toHaveBeenCalled()
  })
})
