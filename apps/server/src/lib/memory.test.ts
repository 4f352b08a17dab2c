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
  it('lets a small live heap grow to the budget, and never more than V8 itself would (300 %)', () => {
    expect(growingPercent(50 * MiB, { budgetMiB: 100, minGrowingPercent: 30 })).toBe(100)
    expect(growingPercent(56 * MiB, { budgetMiB: 100, minGrowingPercent: 30 })).toBe(78)
    expect(growingPercent(10 * MiB, { budgetMiB: 100, minGrowingPercent: 30 })).toBe(300)
  })

  it('keeps the floor when the live heap reaches or passes the budget', () => {
    expect(growingPercent(82 * MiB, { budgetMiB: 100, minGrowingPercent: 30 })).toBe(30)
    expect(growingPercent(400 * MiB, { budgetMiB: 100, minGrowingPercent: 30 })).toBe(30)
    // No floor given: still 10 %, or every allocation would start a full collection.
    expect(growingPercent(400 * MiB, { budgetMiB: 100, minGrowingPercent: 0 })).toBe(10)
  })

  it('sets the growth again after each full collection, from what it kept', async () => {
    const set = vi.mocked(setFlagsFromString)
    set('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    gc()
    const budgetMiB = Math.ceil((getHeapStatistics().used_heap_size * 3) / MiB)
    set.mockClear()
    const stop = boundHeapGrowth({ budgetMiB, minGrowingPercent: 10 })
    const percents = () => set.mock.calls.map(([flag]) => Number(/^--heap-growing-percent=(\d+)$/.exec(flag)?.[1]))
    expect(percents()).toEqual([expect.any(Number)])
    const first = percents()[0]!
    // Live data worth the budget's first third: the next full collection leaves less room.
    const kept = Array.from({ length: 40 }, () => new Array(100_000).fill(1.5))
    gc()
    await new Promise((resolve) => setTimeout(resolve, 50))
    stop()
    expect(kept.length).toBe(40)
    expect(percents().length).toBeGreaterThan(1)
    expect(percents().at(-1)).toBeLessThan(first)
    // Stopped: another collection sets nothing.
    const calls = set.mock.calls.length
    gc()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(set.mock.calls.length).toBe(calls)
  })

  it('with no budget sets the floor once, or leaves V8 its own choice', () => {
    const set = vi.mocked(setFlagsFromString)
    set.mockClear()
    boundHeapGrowth({ budgetMiB: 0, minGrowingPercent: 30 })()
    expect(set).toHaveBeenCalledWith('--heap-growing-percent=30')
    set.mockClear()
    boundHeapGrowth({ budgetMiB: 0, minGrowingPercent: 0 })()
    expect(set).not.toHaveBeenCalled()
  })
})
