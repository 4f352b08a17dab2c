/**
 * The words of product texts and queries, and the typo-tolerant matching of a query word against a
 * sorted vocabulary (decision 0029). No database here: pure functions the index and its tests share.
 */

/** Lower case, accents off ("Équine" is "equine"). */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

/**
 * The words of a text: runs of letters, digits and dots, lower case ("Pour-On 5.5HP" gives pour, on,
 * 5.5hp). A dot only counts inside a word (2.5mm), never at its ends.
 */
export function tokenize(text: string): string[] {
  const words: string[] = []
  for (const raw of fold(text).split(/[^a-z0-9.]+/)) {
    const word = raw.replace(/^\.+|\.+$/g, '')
    if (word) words.push(word)
  }
  return words
}

/** A product code or barcode as compared: case, spaces and dashes ignored ("COO MD 20L", "coo-md-20l"). */
export function normalizeCode(text: string): string {
  return fold(text).replace(/[\s\-_]+/g, '')
}

/**
 * How many typos a query word may carry, by its length (Meilisearch's defaults): 1 to 4 letters none,
 * 5 to 8 one, 9 or more two. Words holding a digit (sizes, barcodes, "20l") are matched without typos:
 * "5l" must never find "6l".
 */
export function typoBudget(word: string): number {
  if (/\d/.test(word)) return 0
  if (word.length <= 4) return 0
  if (word.length <= 8) return 1
  return 2
}

/** How a query word matched a word of the vocabulary; lower is better. */
export const MatchKind = { exact: 0, prefix: 1, typo: 2 } as const
export type MatchKind = (typeof MatchKind)[keyof typeof MatchKind]

export interface WordMatch {
  word: number
  typos: number
  kind: MatchKind
}

const MAX_WORD = 64

/**
 * Every word of `vocabulary` (sorted, distinct) that `query` matches: whole, within its typo budget
 * (insertion, deletion, substitution, or two neighbouring letters swapped: the optimal string
 * alignment distance), or, when `prefix` is set, as the start of a longer word within the same budget.
 *
 * One dynamic-programming row per letter of the vocabulary word, shared between words with a common
 * beginning (the vocabulary is sorted), and a whole run of words skipped as soon as a row shows that
 * nothing starting that way can match: a trie walk without a trie.
 */
export function matchWords(vocabulary: readonly string[], query: string, budget: number, prefix: boolean): WordMatch[] {
  const out: WordMatch[] = []
  const q = query
  const m = q.length
  if (m === 0) return out
  if (budget === 0) return matchExactly(vocabulary, q, prefix)
  const width = m + 1
  // rows[i * width + j]: distance between the first i letters of the word and the first j of the query.
  const rows = new Int32Array((MAX_WORD + 1) * width)
  for (let j = 0; j <= m; j++) rows[j] = j
  // Best distance of the whole query against a beginning of the word of at most i letters.
  const prefixBest = new Int32Array(MAX_WORD + 1)
  prefixBest[0] = m
  let previous = ''
  for (let w = 0; w < vocabulary.length;) {
    const word = vocabulary[w]!
    const length = Math.min(word.length, MAX_WORD)
    let shared = 0
    const limit = Math.min(previous.length, length)
    while (shared < limit && previous.charCodeAt(shared) === word.charCodeAt(shared)) shared++
    let prunedAt = -1
    for (let i = shared + 1; i <= length; i++) {
      const c = word.charCodeAt(i - 1)
      const base = i * width
      const up = base - width
      rows[base] = i
      let rowMin = i
      for (let j = 1; j <= m; j++) {
        const cost = q.charCodeAt(j - 1) === c ? 0 : 1
        let d = Math.min(rows[up + j]! + 1, rows[base + j - 1]! + 1, rows[up + j - 1]! + cost)
        if (i > 1 && j > 1 && c === q.charCodeAt(j - 2) && word.charCodeAt(i - 2) === q.charCodeAt(j - 1)) {
          d = Math.min(d, rows[up - width + j - 2]! + 1)
        }
        rows[base + j] = d
        if (d < rowMin) rowMin = d
      }
      prefixBest[i] = Math.min(prefixBest[i - 1]!, rows[base + m]!)
      // Nothing that starts with these i letters can match: neither whole nor, unless it already did, as a prefix.
      if (rowMin > budget && !(prefix && prefixBest[i]! <= budget)) {
        prunedAt = i
        break
      }
    }
    if (prunedAt > 0) {
      previous = word.slice(0, prunedAt - 1)
      w = firstAfterPrefix(vocabulary, word.slice(0, prunedAt), w + 1)
      continue
    }
    const whole = rows[length * width + m]!
    if (whole === 0) out.push({ word: w, typos: 0, kind: MatchKind.exact })
    else if (prefix && prefixBest[length] === 0) out.push({ word: w, typos: 0, kind: MatchKind.prefix })
    else {
      const best = prefix ? Math.min(whole, prefixBest[length]!) : whole
      if (best <= budget) out.push({ word: w, typos: best, kind: MatchKind.typo })
    }
    previous = word
    w++
  }
  return out
}

/** Without typos: the word itself and, as a prefix, the run of words that start with it. */
function matchExactly(vocabulary: readonly string[], q: string, prefix: boolean): WordMatch[] {
  const out: WordMatch[] = []
  let at = lowerBound(vocabulary, q, 0)
  if (!prefix) {
    if (vocabulary[at] === q) out.push({ word: at, typos: 0, kind: MatchKind.exact })
    return out
  }
  for (; at < vocabulary.length && vocabulary[at]!.startsWith(q); at++) {
    out.push({ word: at, typos: 0, kind: vocabulary[at] === q ? MatchKind.exact : MatchKind.prefix })
  }
  return out
}

/** The first index at or after `from` whose word is not below `key`. */
export function lowerBound(sorted: readonly string[], key: string, from: number): number {
  let lo = from
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (sorted[mid]! < key) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** The first index at or after `from` whose word does not start with `start`. */
function firstAfterPrefix(sorted: readonly string[], start: string, from: number): number {
  let lo = from
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    const word = sorted[mid]!
    if (word < start || word.startsWith(start)) lo = mid + 1
    else hi = mid
  }
  return lo
}
