import { PerformanceObserver, constants, type PerformanceEntry } from 'node:perf_hooks'
import { getHeapStatistics, setFlagsFromString } from 'node:v8'

/** How V8's heap may grow (decision 0099). */
export interface HeapPolicy {
  /** The heap the server aims to stay within, in MiB; 0: no heap budget. */
  budgetMiB: number
  /** The least the heap may grow past what a full collection kept, in percent; 0 with no budget leaves V8's own choice. */
  minGrowingPercent: number
  /**
   * The resident memory the process aims to stay within, in MiB; 0: none. The heap may grow into what the
   * process's resident memory leaves of it (decision 0099).
   */
  memoryBudgetMiB: number
}

/** The heap as a full collection leaves it. */
export interface HeapSample {
  /** What the collection kept. */
  liveBytes: number
  /** The process's resident memory besides that live data (its code, buffers, native memory, the heap's free pages). */
  outsideBytes: number
  /** Whether the last STEADY_COLLECTIONS full collections kept about the same. */
  steady: boolean
}

/** How many full collections in a row must keep about the same before a budget lets the heap grow past the floor. */
const STEADY_COLLECTIONS = 3
/** What "about the same" means: the most kept within this factor of the least. */
const STEADY_SPREAD = 1.1

/** V8's own largest growth factor is 4: the heap never grows more than 300 % past its live data. */
const MAX_GROWING_PERCENT = 300
/** With a budget and no floor given, the heap still grows a little, or every allocation would start a full collection. */
const LEAST_GROWING_PERCENT = 10
const MiB = 1024 * 1024

/**
 * The growth to allow past `liveBytes` (what the last full collection kept): up to the budgets (the heap's, and
 * what the memory budget leaves besides `outsideBytes`), never less than the floor, never more than V8's own most.
 */
export function growingPercent({ liveBytes, outsideBytes, steady }: HeapSample, { budgetMiB, minGrowingPercent, memoryBudgetMiB }: HeapPolicy): number {
  const floor = Math.max(minGrowingPercent, LEAST_GROWING_PERCENT)
  // The growth set now applies to what the next full collection keeps: while the live data moves (caches
  // filling) the floor applies, or a heap sized for little live data would be sized for much (decision 0099).
  if (!steady) return floor
  const limits = [...(budgetMiB > 0 ? [budgetMiB * MiB] : []), ...(memoryBudgetMiB > 0 ? [memoryBudgetMiB * MiB - outsideBytes] : [])]
  const room = Math.floor((Math.min(...limits) / Math.max(liveBytes, 1) - 1) * 100)
  return Math.min(MAX_GROWING_PERCENT, Math.max(floor, room))
}

/** The resident memory besides `liveBytes`, the heap's free pages included: the room left is never overstated (committed heap never touched is not resident). */
const outsideOf = (liveBytes: number) => Math.max(0, process.memoryUsage.rss() - liveBytes)

/**
 * Sets how V8's heap grows (decision 0099). Left to itself V8 grows a busy heap to two to four times
 * what is live: on the large data set an RSS of 400 MiB under bench:traffic. Without a budget the heap grows
 * `minGrowingPercent` (30 %) past what the last full collection kept, which keeps the RSS down. With the caches
 * off that made the server spend a sixth more of its CPU in garbage collection (a small live heap, 56 MiB,
 * collected in full every half second), and the full collections made the slowest answers. With a budget the
 * factor follows the live data: after each full collection the heap may grow into the room the budgets leave,
 * at least `minGrowingPercent` and at most 300 % past what that collection kept. V8 reads
 * `--heap-growing-percent` at every full collection, so setting it from the program takes effect whichever way
 * the server is started; but the factor worked out after one collection applies to what the next one keeps,
 * so the room is given only while the live data holds steady. Returns a function that stops following.
 */
export function boundHeapGrowth(policy: HeapPolicy): () => void {
  let current = -1
  const apply = (percent: number) => {
    if (percent === current) return
    setFlagsFromString(`--heap-growing-percent=${percent}`)
    current = percent
  }
  if (policy.budgetMiB <= 0 && policy.memoryBudgetMiB <= 0) {
    if (policy.minGrowingPercent > 0) apply(policy.minGrowingPercent)
    return () => {}
  }
  const kept: number[] = []
  const follow = () => {
    const liveBytes = getHeapStatistics().used_heap_size
    kept.push(liveBytes)
    if (kept.length > STEADY_COLLECTIONS) kept.shift()
    const steady = kept.length === STEADY_COLLECTIONS && Math.max(...kept) <= Math.min(...kept) * STEADY_SPREAD
    apply(growingPercent({ liveBytes, outsideBytes: outsideOf(liveBytes), steady }, policy))
  }
  follow()
  const observer = new PerformanceObserver((list) => {
    const major = list
      .getEntries()
      .some((entry) => (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
    if (major) follow()
  })
  observer.observe({ entryTypes: ['gc'] })
  return () => observer.disconnect()
}
