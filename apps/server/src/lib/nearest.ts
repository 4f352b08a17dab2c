/**
 * The edit distance between two strings counting an insertion, a deletion, a substitution or a swap of two
 * neighbouring characters as one edit (optimal string alignment). Stops early and answers `max + 1` once the
 * distance is known to be more than `max`.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let before = new Array<number>(b.length + 1).fill(0)
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let least = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1)
      current.push(d)
      least = Math.min(least, d)
    }
    if (least > max) return max + 1
    before = previous
    previous = current
  }
  return previous[b.length]!
}

/**
 * The one candidate nearest to `wanted`, compared without regard to case, when it is near enough to be what was
 * meant (at most 2 edits, and fewer than a third of the word); null when none is, or two are equally near.
 */
export function nearest(wanted: string, candidates: Iterable<string>): string | null {
  const lower = wanted.toLowerCase()
  const max = Math.min(2, Math.floor(wanted.length / 3))
  let best: string | null = null
  let bestDistance = max + 1
  let tied = false
  for (const candidate of candidates) {
    const d = editDistance(lower, candidate.toLowerCase(), bestDistance)
    if (d < bestDistance) {
      best = candidate
      bestDistance = d
      tied = false
    } else if (d === bestDistance && best !== null) tied = true
  }
  return best !== null && !tied && bestDistance <= max ? best : null
}
