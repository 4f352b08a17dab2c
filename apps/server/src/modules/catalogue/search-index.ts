import { TURN_MS, Turns } from '../../lib/turns'
import { lowerBound, matchWords, MatchKind, normalizeCode, tokenize, typoBudget } from './search-text'

/**
 * The in-memory product search of one server process (decision 0029): the visible text of every
 * active product (code, barcode, description, brand, category) as an inverted index, queried with
 * typo tolerance by word length, a prefix on the last word, synonyms, and a fixed order of ranking
 * rules. Built from PostgreSQL by search-engine.ts and rebuilt when the catalogue changes; prices and
 * stock shown come from the database for the page only.
 */

export interface IndexedProduct {
  id: number
  code: string
  barcode: string | null
  description: string
  brandCode: string
  brandName: string
  categoryTitle: string
  parentTitle: string | null
  /** Hidden from resellers: its brand, category or parent category is. */
  hiddenForElders: boolean
  popularity: number
}

export interface IndexedGroup {
  kind: 'category' | 'brand'
  /** The category's name (as in /category/{name}) or the brand's code. */
  key: string
  title: string
  hiddenForElders: boolean
}

/** A row of synonyms.csv: the term and the words that mean the same, each way round. */
export interface SynonymRow {
  term: string
  synonyms: string[]
}

/** The stock at each branch by product id (the stock book's quantities: stock-book.ts); in stock above 0. */
export type StockByBranch = ReadonlyMap<string, ArrayLike<number>>

export interface SearchRequest {
  elders: boolean
  branch: string
  offset: number
  limit: number
}

export interface SearchResult {
  /** The page's product ids, best first. */
  ids: number[]
  /** How many products matched in all. */
  total: number
  /** The query with the corrected words the best result needed, when it needed any; else null. */
  correction: string | null
}

export interface GroupHit {
  kind: 'category' | 'brand'
  key: string
  title: string
}

/** Fields of a product, and how they rank: description (and the code) before brand before category. */
const Field = { code: 0, barcode: 1, description: 2, brand: 3, category: 4 } as const
const FIELD_RANK = [0, 0, 0, 1, 2]

export const MAX_QUERY_WORDS = 10
const MAX_VARIANTS = 8
const MAX_POSITION = 31
const CODE_PREFIX_MIN = 3
const POPULARITY_CAP = 65_535

/** The parts of a product's rank, each a whole number where lower is better, weighed in this order. */
const RANK_BITS = { tier: 2, unmatched: 4, typos: 5, exactness: 5, proximity: 7, attribute: 5, noStock: 1, popularity: 16 } as const

/** The rank key: each part in its own bits, the first weighing most (parts in RANK_BITS order). */
function rankKey(
  tier: number,
  unmatched: number,
  typos: number,
  exactness: number,
  proximity: number,
  attribute: number,
  noStock: number,
  popularity: number,
): number {
  let key = tier
  key = key * 16 + Math.min(unmatched, 15)
  key = key * 32 + Math.min(typos, 31)
  key = key * 32 + Math.min(exactness, 31)
  key = key * 128 + Math.min(proximity, 127)
  key = key * 32 + Math.min(attribute, 31)
  key = key * 2 + noStock
  return key * 65_536 + popularity
}

const TIER = { exactCode: 0, codePrefix: 1, words: 2 } as const

/** Keys that differ only in stock and popularity are one group: the branch's stock orders a group, never across groups. */
const GROUP_UNIT = 2 ** (RANK_BITS.noStock + RANK_BITS.popularity)
/** The first slots of a query's ranking sorted at once and kept: pages 1 to 10 need no more. */
const SORTED_HEAD = 200
/** The rankings a process keeps, by query: at most this many, and this many ranked products (12 bytes each). */
const KEPT_QUERIES = 10_000
const KEPT_PRODUCTS = 500_000

/**
 * A query's products in rank order without the branch's stock (a ranking does not depend on the branch or
 * the stock, so one serves every branch until the index is rebuilt): its best SORTED_HEAD, in order (key,
 * then slot), with every product whose key equals the last one's. `total` counts every match; `complete` says
 * the head holds them all. The head's last group of equal rank may go on beyond it: a page that needs more of
 * that group than its products in stock the head holds ranks the query again (pageOf).
 */
interface Ranking {
  /** Product ids (not slots: a layered index ranks the products of two indexes together). */
  ids: Int32Array
  keys: Float64Array
  total: number
  complete: boolean
  correction: string | null
}

/** What a layer (SearchIndex.withChanges) is laid over: the full index, and its slots the layer supersedes. */
interface Underneath {
  base: SearchIndex
  retired: Uint8Array
}

export class SearchIndex {
  /** Products by slot, slots in id order: the last tie-break, so equal ranks keep one order. */
  private readonly ids: Int32Array
  private readonly hidden: Uint8Array
  private readonly popularity: Int32Array
  private readonly vocabulary: string[]
  private readonly postingStart: Int32Array
  /** slot << 8 | field << 5 | position, per word, in slot order. */
  private readonly postings: Int32Array
  private readonly exactCodes: Map<string, number[]>
  /** Normalised codes, sorted, with their slots: code prefixes by binary search. */
  private readonly sortedCodes: string[]
  private readonly sortedCodeSlots: Int32Array
  private readonly synonyms: Map<string, string[][]>
  private readonly groups: Array<IndexedGroup & { words: string[] }>
  private readonly words: Map<string, number>

  // Scratch space of a query (a process answers one query at a time).
  private readonly seen: Int32Array
  private readonly mask: Int32Array
  private readonly tokenValue: Int32Array
  private readonly tokenPlace: Int32Array
  private readonly tokenWord: Int32Array
  private generation = 0
  /** Rankings of queries lately asked, by elders flag and text, least recently used first. */
  private readonly rankings = new Map<string, Ranking>()
  private rankedProducts = 0
  private readonly bestKey: Float64Array
  private readonly bestStamp: Int32Array
  private queryGeneration = 0

  /** The products of this index's own slots (a layer's: only those it holds). */
  readonly productCount: number
  readonly builtAt = Date.now()
  /** A layer's products, kept to build the next layer from; empty for a full index. */
  private readonly layerProducts: readonly IndexedProduct[]

  /**
   * An index of `products`, built in one go: a layer's few products, and tests. A full catalogue is built with
   * `SearchIndex.build`, which gives the event loop back between slices of products.
   */
  constructor(
    products: readonly IndexedProduct[],
    groups: readonly IndexedGroup[],
    private readonly synonymRows: readonly SynonymRow[],
    private readonly underneath: Underneath | null = null,
    collected: Collected = collectedNow(products, groups),
  ) {
    const { sorted, codes, exactCodes } = collected
    const n = sorted.length
    this.productCount = n
    this.layerProducts = underneath ? sorted : []
    this.ids = Int32Array.from(sorted, (p) => p.id)
    this.hidden = Uint8Array.from(sorted, (p) => (p.hiddenForElders ? 1 : 0))
    this.popularity = Int32Array.from(sorted, (p) => p.popularity)
    this.exactCodes = exactCodes
    this.sortedCodes = codes.map((c) => c[0])
    this.sortedCodeSlots = Int32Array.from(codes, (c) => c[1])
    this.groups = collected.groups
    this.vocabulary = collected.vocabulary
    this.words = collected.words
    this.postingStart = collected.postingStart
    this.postings = collected.postings

    this.synonyms = new Map()
    for (const row of synonymRows) {
      const group = unique([row.term, ...row.synonyms].map((t) => tokenize(t).join(' ')).filter(Boolean))
      for (const term of group) {
        const others = group.filter((t) => t !== term).map((t) => t.split(' '))
        this.synonyms.set(term, [...(this.synonyms.get(term) ?? []), ...others])
      }
    }

    this.seen = new Int32Array(n)
    this.bestKey = new Float64Array(n)
    this.bestStamp = new Int32Array(n)
    this.mask = new Int32Array(n)
    this.tokenValue = new Int32Array(n * MAX_QUERY_WORDS)
    this.tokenPlace = new Int32Array(n * MAX_QUERY_WORDS)
    this.tokenWord = new Int32Array(n * MAX_QUERY_WORDS)
  }

  /**
   * The index of a whole catalogue, its products indexed a slice at a time with the event loop given back between
   * slices: tens of thousands of products take a second or more of work, which in one go would hold every other
   * request of the process for that long (docs/decisions/0105-imports-never-hold-the-event-loop.md).
   */
  static async build(
    products: readonly IndexedProduct[],
    groups: readonly IndexedGroup[],
    synonymRows: readonly SynonymRow[],
    turnMs = TURN_MS,
  ): Promise<SearchIndex> {
    const collecting = collect(products, groups)
    const turns = new Turns({ steps: Infinity, ms: turnMs })
    for (let step = collecting.next(); ; step = collecting.next()) {
      if (step.done) return new SearchIndex(products, groups, synonymRows, null, step.value)
      if (turns.due()) await turns.give()
    }
  }

  /**
   * This index with `changed` products (new ones, or ones whose indexed text changed) in and `removed` ones out,
   * without building it again: a small layer holding only the changed products is built, laid over the full
   * index, whose slots for those products it retires. Its queries rank both together, as one index of the new
   * catalogue would. Each change builds the layer afresh from its products and the new ones; the full index is
   * shared, never copied (the retired marks are: a byte per product).
   */
  withChanges(changed: readonly IndexedProduct[], removed: readonly number[]): SearchIndex {
    const base = this.underneath?.base ?? this
    const gone = new Set<number>(removed)
    for (const p of changed) gone.add(p.id)
    const retired = new Uint8Array(base.productCount)
    if (this.underneath) retired.set(this.underneath.retired)
    for (const id of gone) {
      const slot = base.slotOf(id)
      if (slot >= 0) retired[slot] = 1
    }
    const layer = new Map<number, IndexedProduct>()
    for (const p of this.layerProducts) if (!gone.has(p.id)) layer.set(p.id, p)
    for (const p of changed) layer.set(p.id, p)
    return new SearchIndex([...layer.values()], [], base.synonymRows, { base, retired })
  }

  /** How many products a layer holds (0 for a full index): past a few thousand, building the full index is cheaper. */
  get layerSize(): number {
    return this.layerProducts.length
  }

  /** The products searched: a full index's, or a layer's and those of the full index it leaves in place. */
  get products(): number {
    if (!this.underneath) return this.productCount
    let retired = 0
    for (const mark of this.underneath.retired) retired += mark
    return this.underneath.base.productCount - retired + this.productCount
  }

  /** A product's slot (ids are sorted by slot), or -1. */
  private slotOf(id: number): number {
    let lo = 0
    let hi = this.ids.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1
      const at = this.ids[mid]!
      if (at === id) return mid
      if (at < id) lo = mid + 1
      else hi = mid - 1
    }
    return -1
  }

  /** Roughly what the index holds, in bytes: its arrays and its words. */
  get approximateBytes(): number {
    const arrays = [this.ids, this.hidden, this.popularity, this.postingStart, this.postings, this.sortedCodeSlots, this.seen, this.mask]
    const scratch = this.tokenValue.byteLength + this.tokenPlace.byteLength + this.tokenWord.byteLength
    const strings = this.vocabulary.reduce((sum, w) => sum + 2 * w.length + 40, 0) * 2 + this.sortedCodes.reduce((sum, c) => sum + 2 * c.length + 40, 0) * 2
    return arrays.reduce((sum, a) => sum + a.byteLength, 0) + scratch + strings
  }

  /**
   * A page of products for a query, ranked by the rules of decision 0029: the query's ranking (kept for the
   * next request of the same text), then in stock at the branch first within each group of equal rank.
   */
  search(text: string, request: SearchRequest, stock: StockByBranch): SearchResult {
    const { offset, limit } = request
    const inStock = stock.get(request.branch)
    let ranking = this.ranking(text, request.elders)
    let page = this.pageOf(ranking, inStock, offset + limit)
    // A page the head cannot tell (rare: beyond it, or into its last group's products out of stock): the whole
    // ranking, in order, for this request only.
    if (page === null) {
      const ranked = this.rank(text, request.elders)
      ranking = sortedHead(ranked.ids, ranked.keys, ranked.correction, ranked.ids.length)
      page = this.pageOf(ranking, inStock, offset + limit)!
    }
    return { ids: page.slice(offset), total: ranking.total, correction: ranking.correction }
  }

  /** The query's ranking: kept (least recently used goes first), or ranked now. */
  private ranking(text: string, elders: boolean): Ranking {
    const key = (elders ? '1' : '0') + text
    const kept = this.rankings.get(key)
    if (kept) {
      this.rankings.delete(key)
      this.rankings.set(key, kept)
      return kept
    }
    const ranked = this.rank(text, elders)
    const ranking = sortedHead(ranked.ids, ranked.keys, ranked.correction, SORTED_HEAD)
    if (ranking.ids.length <= KEPT_PRODUCTS / 4) {
      this.rankings.set(key, ranking)
      this.rankedProducts += ranking.ids.length
      for (const [old, dropped] of this.rankings) {
        if (this.rankings.size <= KEPT_QUERIES && this.rankedProducts <= KEPT_PRODUCTS) break
        this.rankings.delete(old)
        this.rankedProducts -= dropped.ids.length
      }
    }
    return ranking
  }

  /**
   * The first `count` slots for a branch: group by group (equal rank apart from stock and popularity), the
   * products in stock at the branch before the others, each part in rank order; the same order as ranking
   * with the stock in the key. Null when the ranking is a head that cannot tell them: its last group may hold
   * more products in stock beyond the head, which come before any of the group's out of stock.
   */
  private pageOf(ranking: Ranking, inStock: ArrayLike<number> | undefined, count: number): number[] | null {
    const { ids, keys } = ranking
    const page: number[] = []
    for (let start = 0; start < ids.length && page.length < count;) {
      const group = Math.floor(keys[start]! / GROUP_UNIT)
      let end = start + 1
      while (end < ids.length && Math.floor(keys[end]! / GROUP_UNIT) === group) end++
      for (let i = start; i < end && page.length < count; i++) if (inStockAt(ids[i]!, inStock)) page.push(ids[i]!)
      if (end === ids.length && !ranking.complete && page.length < count) return null
      for (let i = start; i < end && page.length < count; i++) if (!inStockAt(ids[i]!, inStock)) page.push(ids[i]!)
      start = end
    }
    return page
  }

  /** Categories and brands whose names hold every word of the query (typos and last-word prefix as for products). */
  groupsFor(text: string, elders: boolean, limit: number): GroupHit[] {
    // A layer holds changed products only; categories and brands are the full index's.
    if (this.underneath) return this.underneath.base.groupsFor(text, elders, limit)
    const tokens = tokenize(text).slice(0, MAX_QUERY_WORDS)
    if (tokens.length === 0) return []
    const perToken = tokens.map((token, t) => {
      const matched = new Map<string, number>()
      for (const m of matchWords(this.vocabulary, token, typoBudget(token), t === tokens.length - 1)) {
        matched.set(this.vocabulary[m.word]!, m.typos * 3 + m.kind)
      }
      return matched
    })
    const hits: Array<{ group: IndexedGroup; score: number }> = []
    for (const group of this.groups) {
      if (elders && group.hiddenForElders) continue
      let score = 0
      const every = perToken.every((matched) => {
        let best = Infinity
        for (const w of group.words) best = Math.min(best, matched.get(w) ?? Infinity)
        score += best
        return best < Infinity
      })
      if (every) hits.push({ group, score })
    }
    hits.sort((a, b) => a.score - b.score || a.group.title.localeCompare(b.group.title) || a.group.kind.localeCompare(b.group.kind))
    return hits.slice(0, limit).map(({ group }) => ({ kind: group.kind, key: group.key, title: group.title }))
  }

  /**
   * Every product that matches, by id, with its rank key (stock apart); and the correction the best one needed.
   * A layer ranks its own products and those of the full index it does not supersede, together.
   */
  private rank(text: string, elders: boolean) {
    const parts = [this.collect(text, elders, null)]
    if (this.underneath) parts.push(this.underneath.base.collect(text, elders, this.underneath.retired))
    // Every word must match, unless no product matches them all: then the best partial matches.
    const full = parts.some((p) => p.best.full)
    const size = parts.reduce((sum, p) => sum + p.best.slots.length, 0)
    const ids = new Int32Array(size)
    const keys = new Float64Array(size)
    let count = 0
    let topKey = Infinity
    for (const { index, best } of parts) {
      for (const slot of best.slots) {
        const key = index.bestKey[slot]!
        if (full && Math.floor(key / UNMATCHED_UNIT) % 16 !== 0) continue
        ids[count] = index.ids[slot]!
        keys[count++] = key
        if (key < topKey) topKey = key
      }
    }
    // The correction only stands when the best result is the one that needed it.
    const corrected = parts.filter((p) => p.correction !== null).sort((a, b) => a.correctionKey - b.correctionKey)[0]
    const correction = corrected && corrected.correctionKey <= topKey ? corrected.correction : null
    return { ids: ids.subarray(0, count), keys: keys.subarray(0, count), correction }
  }

  /** This index's own products that match (those `retired` marks left out), each with its best rank key in bestKey. */
  private collect(text: string, elders: boolean, retired: Uint8Array | null) {
    const tokens = tokenize(text).slice(0, MAX_QUERY_WORDS)
    const best: Best = { stamp: ++this.queryGeneration, slots: [], full: false, retired }
    let correction: string | null = null
    let correctionKey = Infinity

    // Codes first: an exact code or barcode, then the codes that start with what was typed.
    const code = normalizeCode(text)
    if (code) {
      for (const slot of this.exactCodes.get(code) ?? []) this.offer(best, slot, TIER.exactCode, elders)
      if (code.length >= CODE_PREFIX_MIN) {
        for (let at = lowerBound(this.sortedCodes, code, 0); at < this.sortedCodes.length && this.sortedCodes[at]!.startsWith(code); at++) {
          this.offer(best, this.sortedCodeSlots[at]!, TIER.codePrefix, elders)
        }
      }
    }

    if (tokens.length > 0) {
      for (const variant of this.variants(tokens)) {
        const found = this.rankVariant(variant.tokens, elders, best)
        if (variant.original && found.correction !== null && found.bestKey < correctionKey) {
          correction = found.correction
          correctionKey = found.bestKey
        }
      }
    }
    return { index: this as SearchIndex, best, correction, correctionKey }
  }

  /** A product's rank, kept when better than the one it already has for this query. */
  private keep(best: Best, slot: number, key: number, unmatched: number) {
    if (this.bestStamp[slot] !== best.stamp) {
      this.bestStamp[slot] = best.stamp
      this.bestKey[slot] = key
      best.slots.push(slot)
    } else if (key < this.bestKey[slot]!) this.bestKey[slot] = key
    if (unmatched === 0) best.full = true
  }

  private offer(best: Best, slot: number, tier: number, elders: boolean) {
    if ((elders && this.hidden[slot]) || best.retired?.[slot]) return
    this.keep(best, slot, rankKey(tier, 0, 0, 0, 0, 0, 0, this.popularityRank(slot)), 0)
  }

  /** More popular first: the popularity counted down from its cap. */
  private popularityRank(slot: number): number {
    return POPULARITY_CAP - Math.min(Math.max(this.popularity[slot]!, 0), POPULARITY_CAP)
  }

  /** The query as typed, and with each synonym of a run of its words in that run's place. */
  private variants(tokens: string[]): Array<{ tokens: string[]; original: boolean }> {
    const out = [{ tokens, original: true }]
    const seen = new Set([tokens.join(' ')])
    for (let start = 0; start < tokens.length; start++) {
      for (let end = tokens.length; end > start; end--) {
        const alternatives = this.synonyms.get(tokens.slice(start, end).join(' '))
        for (const alternative of alternatives ?? []) {
          const variant = [...tokens.slice(0, start), ...alternative, ...tokens.slice(end)].slice(0, MAX_QUERY_WORDS)
          const key = variant.join(' ')
          if (seen.has(key) || out.length >= MAX_VARIANTS) continue
          seen.add(key)
          out.push({ tokens: variant, original: false })
        }
      }
    }
    return out
  }

  /** Ranks the products matching one wording of the query into `best` (a product keeps its best rank). */
  private rankVariant(tokens: string[], elders: boolean, best: Best) {
    const n = this.productCount
    const gen = ++this.generation
    const candidates: number[] = []
    const last = tokens.length - 1
    tokens.forEach((token, t) => {
      for (const match of matchWords(this.vocabulary, token, typoBudget(token), t === last)) {
        const value = match.typos * 3 + match.kind
        const end = this.postingStart[match.word + 1]!
        for (let p = this.postingStart[match.word]!; p < end; p++) {
          const posting = this.postings[p]!
          const slot = posting >>> 8
          if ((elders && this.hidden[slot]) || best.retired?.[slot]) continue
          if (this.seen[slot] !== gen) {
            this.seen[slot] = gen
            this.mask[slot] = 0
            candidates.push(slot)
          }
          const field = (posting >>> 5) & 7
          const v = value * 4 + FIELD_RANK[field]!
          const at = t * n + slot
          if (!(this.mask[slot]! & (1 << t)) || v < this.tokenValue[at]!) {
            this.mask[slot]! |= 1 << t
            this.tokenValue[at] = v
            this.tokenPlace[at] = posting & 0xff
            this.tokenWord[at] = match.word
          }
        }
      }
    })

    let bestKey = Infinity
    let bestSlot = -1
    for (const slot of candidates) {
      let matched = 0
      let typos = 0
      let exactness = 0
      let attribute = 0
      let proximity = 0
      for (let t = 0; t < tokens.length; t++) {
        if (!(this.mask[slot]! & (1 << t))) continue
        matched++
        const v = this.tokenValue[t * n + slot]!
        attribute += v & 3
        const kt = v >> 2
        exactness += kt % 3
        typos += Math.floor(kt / 3)
        if (t > 0 && this.mask[slot]! & (1 << (t - 1))) proximity += distance(this.tokenPlace[(t - 1) * n + slot]!, this.tokenPlace[t * n + slot]!)
      }
      const unmatched = tokens.length - matched
      const key = rankKey(TIER.words, unmatched, typos, exactness, proximity, attribute, 0, this.popularityRank(slot))
      this.keep(best, slot, key, unmatched)
      if (key < bestKey || (key === bestKey && slot < bestSlot)) {
        bestKey = key
        bestSlot = slot
      }
    }

    // What the best of these needed: each word it matched with a typo, replaced by the word it matched.
    let correction: string | null = null
    if (bestSlot >= 0) {
      let corrected = false
      const words = tokens.map((token, t) => {
        if (!(this.mask[bestSlot]! & (1 << t))) return token
        const v = this.tokenValue[t * n + bestSlot]!
        if (Math.floor(v >> 2) % 3 !== MatchKind.typo) return token
        corrected = true
        return this.vocabulary[this.tokenWord[t * n + bestSlot]!]!
      })
      if (corrected) correction = words.join(' ')
    }
    return { bestKey, correction }
  }
}

/** The products `collect` indexes between two of its pauses. */
const PRODUCTS_A_STEP = 200

/** Everything of an index that grows with the products: their words and codes by slot, and the postings. */
interface Collected {
  sorted: IndexedProduct[]
  /** Normalised codes with their slots, sorted by code. */
  codes: Array<[string, number]>
  exactCodes: Map<string, number[]>
  groups: Array<IndexedGroup & { words: string[] }>
  vocabulary: string[]
  words: Map<string, number>
  postingStart: Int32Array
  postings: Int32Array
}

/** Gathers the products' words, codes and postings, pausing (a `yield`) every PRODUCTS_A_STEP products and between stages. */
function* collect(products: readonly IndexedProduct[], indexedGroups: readonly IndexedGroup[]): Generator<void, Collected> {
  const sorted = [...products].sort((a, b) => a.id - b.id)
  const postingsByWord = new Map<string, number[]>()
  const add = (word: string, slot: number, field: number, position: number) => {
    let list = postingsByWord.get(word)
    if (!list) postingsByWord.set(word, (list = []))
    list.push((slot << 8) | (field << 5) | Math.min(position, MAX_POSITION))
  }
  const exactCodes = new Map<string, number[]>()
  const addExact = (code: string, slot: number) => {
    const slots = exactCodes.get(code)
    if (slots) slots.push(slot)
    else exactCodes.set(code, [slot])
  }
  const codes: Array<[string, number]> = []
  for (let slot = 0; slot < sorted.length; slot++) {
    if (slot > 0 && slot % PRODUCTS_A_STEP === 0) yield
    const p = sorted[slot]!
    tokenize(p.code).forEach((w, i) => add(w, slot, Field.code, i))
    const code = normalizeCode(p.code)
    codes.push([code, slot])
    addExact(code, slot)
    if (p.barcode) {
      const barcode = normalizeCode(p.barcode)
      if (barcode) {
        add(barcode, slot, Field.barcode, 0)
        addExact(barcode, slot)
      }
    }
    tokenize(p.description).forEach((w, i) => add(w, slot, Field.description, i))
    unique([...tokenize(p.brandName), ...tokenize(p.brandCode)]).forEach((w, i) => add(w, slot, Field.brand, i))
    unique([...tokenize(p.categoryTitle), ...tokenize(p.parentTitle ?? '')]).forEach((w, i) => add(w, slot, Field.category, i))
  }
  yield
  codes.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]))
  yield
  const groups = indexedGroups.map((g) => ({ ...g, words: unique(tokenize(g.kind === 'brand' ? `${g.title} ${g.key}` : g.title)) }))
  const known = new Set(postingsByWord.keys())
  for (const g of groups) for (const w of g.words) known.add(w)
  const vocabulary = [...known].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  yield
  const words = new Map(vocabulary.map((w, i) => [w, i]))
  const postingStart = new Int32Array(vocabulary.length + 1)
  let total = 0
  vocabulary.forEach((w, i) => {
    postingStart[i] = total
    total += postingsByWord.get(w)?.length ?? 0
  })
  postingStart[vocabulary.length] = total
  yield
  const postings = new Int32Array(total)
  vocabulary.forEach((w, i) => {
    const list = postingsByWord.get(w)
    if (list) postings.set(list, postingStart[i]!)
  })
  return { sorted, codes, exactCodes, groups, vocabulary, words, postingStart, postings }
}

/** `collect` run to its end at once. */
function collectedNow(products: readonly IndexedProduct[], groups: readonly IndexedGroup[]): Collected {
  const collecting = collect(products, groups)
  for (let step = collecting.next(); ; step = collecting.next()) if (step.done) return step.value
}

/** The cost of two neighbouring query words' places: nothing when next to each other and in order. */
function distance(a: number, b: number): number {
  const fieldA = a >> 5
  const fieldB = b >> 5
  if (fieldA !== fieldB) return 7
  const d = (b & 31) - (a & 31)
  if (d === 1) return 0
  if (d > 1) return Math.min(d - 1, 7)
  return Math.min(1 - d, 7)
}

/** What one unmatched word adds to a rank key. */
const UNMATCHED_UNIT =
  2 **
  Object.values(RANK_BITS)
    .slice(2)
    .reduce((sum, bits) => sum + bits, 0)

/** The products a query has ranked so far: `stamp` marks their entries in bestKey. */
interface Best {
  stamp: number
  slots: number[]
  /** Some product matched every word. */
  full: boolean
  /** Slots a layer supersedes: not matched at all. */
  retired: Uint8Array | null
}

function inStockAt(id: number, inStock: ArrayLike<number> | undefined): boolean {
  return inStock !== undefined && (inStock[id] ?? 0) > 0
}

/**
 * The best `head` slots of a ranking, and any others whose key equals the last one's, in order (key, then
 * slot): a prefix of the whole ranking. Most pages are the first ones, and sorting and keeping only those keeps
 * a query with thousands of matches of equal rank (a two-letter prefix) cheap.
 */
function sortedHead(ids: Int32Array, keys: Float64Array, correction: string | null, head: number): Ranking {
  const n = ids.length
  const chosen: number[] = []
  if (n <= head) {
    for (let i = 0; i < n; i++) chosen.push(i)
  } else {
    const last = nthSmallest(keys.slice(), head - 1)
    for (let i = 0; i < n; i++) if (keys[i]! <= last) chosen.push(i)
  }
  return { ...inOrder(chosen, ids, keys), total: n, complete: chosen.length === n, correction }
}

const SLOT_UNIT = 2 ** 20

/**
 * These entries' slots and keys in order (key, then slot). A key is a group and a popularity (no stock bit
 * here), so each entry becomes one number (the group's place among these, the popularity, the slot) and the
 * numbers are sorted natively: a first group of thousands of products (a two-letter prefix) sorts in a
 * fraction of a comparator's time.
 */
function inOrder(entries: number[], slots: Int32Array, keys: Float64Array): { ids: Int32Array; keys: Float64Array } {
  const groups = [...new Set(entries.map((i) => Math.floor(keys[i]! / GROUP_UNIT)))].sort((a, b) => a - b)
  let largest = 0
  for (const i of entries) if (slots[i]! > largest) largest = slots[i]!
  if (largest >= SLOT_UNIT || groups.length * GROUP_UNIT * SLOT_UNIT > Number.MAX_SAFE_INTEGER) {
    entries.sort((a, b) => keys[a]! - keys[b]! || slots[a]! - slots[b]!)
    return { ids: Int32Array.from(entries, (i) => slots[i]!), keys: Float64Array.from(entries, (i) => keys[i]!) }
  }
  const place = new Map(groups.map((g, i) => [g, i]))
  const packed = Float64Array.from(entries, (i) => {
    const group = Math.floor(keys[i]! / GROUP_UNIT)
    return (place.get(group)! * GROUP_UNIT + (keys[i]! - group * GROUP_UNIT)) * SLOT_UNIT + slots[i]!
  }).sort()
  const sortedSlots = new Int32Array(packed.length)
  const sortedKeys = new Float64Array(packed.length)
  packed.forEach((value, at) => {
    const slot = value % SLOT_UNIT
    const rest = (value - slot) / SLOT_UNIT
    const within = rest % GROUP_UNIT
    sortedSlots[at] = slot
    sortedKeys[at] = groups[(rest - within) / GROUP_UNIT]! * GROUP_UNIT + within
  })
  return { ids: sortedSlots, keys: sortedKeys }
}

/** The value that would be at `k` if `values` were sorted (quickselect; reorders `values`). */
function nthSmallest(values: Float64Array, k: number): number {
  let lo = 0
  let hi = values.length - 1
  while (lo < hi) {
    const pivot = values[(lo + hi) >>> 1]!
    let i = lo
    let j = hi
    while (i <= j) {
      while (values[i]! < pivot) i++
      while (values[j]! > pivot) j--
      if (i <= j) {
        const swap = values[i]!
        values[i++] = values[j]!
        values[j--] = swap
      }
    }
    if (k <= j) hi = j
    else if (k >= i) lo = i
    else return values[k]!
  }
  return values[k]!
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)]
}
