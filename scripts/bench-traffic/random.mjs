// The traffic's randomness: a seeded generator, so that every run asks for the same things, and the draws made
// with it (Zipf-distributed ranks, a shuffled list).
/** A small deterministic random number generator (mulberry32), so that every run asks for the same things. */
export function rng(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Draws ranks 0..n-1 with probability proportional to 1/(rank+1)^s: a few popular, a long tail. */
export function zipf(n, s, random) {
  const cumulative = new Float64Array(n)
  let total = 0
  for (let i = 0; i < n; i++) cumulative[i] = total += 1 / Math.pow(i + 1, s)
  return () => {
    const x = random() * total
    let lo = 0
    let hi = n - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cumulative[mid] < x) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}

export function shuffled(list, random) {
  const out = [...list]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}
