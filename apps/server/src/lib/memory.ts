import { PerformanceObserver, constants, type PerformanceEntry } from 'node:perf_hooks'
import { getHeapStatistics, setFlagsFromString } from 'node:v8'

/** How V8's heap may grow (decisions 0047, 0049). */
export interface HeapPolicy {
  /** The heap the server aims to stay within, in MiB; 0: no budget, the growth is `minGrowingPercent` alone. */
  budgetMiB: number
  /** The least the heap may grow past what a full collection kept, in percent; 0 with no budget leaves V8's own choice. */
  minGrowingPercent: number
}

/** V8's own largest growth factor is 4: the heap never grows more than 300 % past its live data. */
const MAX_GROWING_PERCENT = 300
/** With a budget and no floor given, the heap still grows a little, or every allocation would start a full collection. */
const LEAST_GROWING_PERCENT = 10
const MiB = 1024 * 1024

/**
 * The growth to allow past `liveBytes` (what the last full collection kept): up to the budget, never less
 * than the floor, never more than V8's own most.
 */
export function growingPercent(liveBytes: number, { budgetMiB, minGrowingPercent }: HeapPolicy): number {
  const floor = Math.max(minGrowingPercent, LEAST_GROWING_PERCENT)
  const room = Math.floor(((budgetMiB * MiB) / Math.max(liveBytes, 1) - 1) * 100)
  return Math.min(MAX_GROWING_PERCENT, Math.max(floor, room))
}

/**
 * Sets how V8's heap grows (decisions 0047, 0049). Left to itself V8 grows a busy heap to two to four times
 * what is live: on the large data set an RSS of 400 MiB under bench:traffic. Without a budget the heap grows
 * `minGrowingPercent` (30 %) past what the last full collection kept, which keeps the RSS down. With the caches
 * off that made the server spend a sixth more of its CPU in garbage collection (a small live heap, 56 MiB,
 * collected in full every half second); with a budget the factor follows the live data: after each full
 * collection the heap may grow to the budget, at least `minGrowingPercent` and at most 300 % past what that
 * collection kept. V8 reads `--heap-growing-percent` at every full collection, so setting it from the
 * program takes effect whichever way the server is started (the factor worked out after one collection applies
 * from the next). Returns a function that stops following.
 */
export function boundHeapGrowth(policy: HeapPolicy): () => void {
  let current = -1
  const apply = (percent: number) => {
    if (percent === current) return
    setFlagsFromString(`--heap-growing-percent=${percent}`)
    current = percent
  }
  if (policy.budgetMiB <= 0) {
    if (policy.minGrowingPercent > 0) apply(policy.minGrowingPercent)
    return () => {}
  }
  const follow = () => apply(growingPercent(getHeapStatistics().used_heap_size, policy))
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
