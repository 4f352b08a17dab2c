import type { Kysely } from 'kysely'
import { Turns } from '../../../lib/turns'
import type { DB } from '../../../db/schema'
import { nearest } from '../../../lib/nearest'
import type { ErpProblem as Problem, Problems } from '../problems'
import type { RowReader } from './fields'
import type { UserChanges } from './invitations'
import { hint, LISTED_CODES, MESSAGES, type Message } from './messages'

export type Db = Kysely<DB>

/** What a run did (or, dry, would do) to one file's records. `failed`: rows with at least one problem. */
export interface Counts {
  added: number
  changed: number
  withdrawn: number
  failed: number
}

/** One file's part of a run: its counts, and how to write it once the whole export is known to be right. */
export interface Step {
  file: string
  counts: Counts
  write(trx: Db): Promise<void>
}

export type Mode = 'delta' | 'full'

/** What the plan of one file is given: the mode, the problems and warnings lists, and the keys known so far (portal + this run). */
export interface PlanContext {
  mode: Mode
  problems: Problems
  /** What the import takes in but reports (an unmapped status code): they never stop it. */
  warnings: Problem[]
  known: Known
  /** What users.csv adds and (de)activates, for the run's invitations. */
  users: UserChanges
  /** The files sent and refused as a whole, by what they hold: rows naming their records are not checked against them. */
  refused: Map<Refusable, string>
  /** The files already told that a refused file left some of their fields unchecked, and which. */
  noted: Set<string>
  /** Each unknown code's message, worked out once however many rows name it. */
  unknownMessages: Map<string, Message>
}

/** What a refused file holds, as rows of other files refer to it. */
export type Refusable = keyof Known | 'orders' | 'invoices'

/** Keys that rows may refer to: what the portal has plus what earlier files of the same run add. */
export interface Known {
  branches: Set<string>
  categories: Set<string>
  brands: Set<string>
  products: Set<string>
  accounts: Set<string>
  /** AccountCode|SiteCode */
  sites: Set<string>
}

type Value = string | number | boolean | null | readonly string[]

/** A record as compared: column to value, codes in place of internal ids. Undefined: the file does not say. */
export type Fields = Record<string, Value | undefined>

const same = (a: Value | undefined, b: Value | undefined) => (Array.isArray(a) || Array.isArray(b) ? JSON.stringify(a) === JSON.stringify(b) : a === b)

/** Rows new to the portal and rows that differ from it in a field the file gives; other requests are answered between turns. */
export async function diff<T extends Fields>(wanted: ReadonlyMap<string, T>, existing: ReadonlyMap<string, Fields>) {
  const added: Array<[string, T]> = []
  const changed: Array<[string, T]> = []
  const turns = new Turns()
  for (const [key, row] of wanted) {
    if (turns.due()) await turns.give()
    const now = existing.get(key)
    if (!now) added.push([key, row])
    else if (Object.entries(row).some(([field, value]) => value !== undefined && !same(value, now[field]))) changed.push([key, row])
  }
  return { added, changed }
}

/** In a full run, the active records the file leaves out; other requests are answered between turns. */
export async function missing(
  mode: Mode,
  wanted: ReadonlyMap<string, unknown>,
  existing: ReadonlyMap<string, Fields>,
  activeField = 'active',
): Promise<string[]> {
  if (mode !== 'full') return []
  const left: string[] = []
  const turns = new Turns()
  for (const [key, row] of existing) {
    if (turns.due()) await turns.give()
    if (row[activeField] === true && !wanted.has(key)) left.push(key)
  }
  return left
}

/** The small maps a BigMap keeps its entries in. */
const BIG_MAP_SHARDS = 64

/**
 * A map of a file's rows by key (a whole stock file is 650,000) kept as many small maps: a JavaScript Map grows by
 * rebuilding its whole table in one step (140 ms at half a million entries, longer with two growing together), which
 * no turn can split; 64 small maps each rebuild a 64th of it. Iterates in the order the keys were first set.
 */
export class BigMap<V> implements ReadonlyMap<string, V> {
  private readonly shards = Array.from({ length: BIG_MAP_SHARDS }, () => new Map<string, V>())
  private readonly order: string[] = []

  private shardOf(key: string): Map<string, V> {
    let h = key.length
    for (let i = Math.max(0, key.length - 8); i < key.length; i++) h = (h * 31 + key.charCodeAt(i)) | 0
    return this.shards[(h >>> 0) % BIG_MAP_SHARDS]!
  }

  get size(): number {
    return this.order.length
  }

  get(key: string): V | undefined {
    return this.shardOf(key).get(key)
  }

  has(key: string): boolean {
    return this.shardOf(key).has(key)
  }

  set(key: string, value: V): this {
    const shard = this.shardOf(key)
    if (!shard.has(key)) this.order.push(key)
    shard.set(key, value)
    return this
  }

  *entries(): MapIterator<[string, V]> {
    for (const key of this.order) yield [key, this.get(key)!]
  }

  *keys(): MapIterator<string> {
    yield* this.order
  }

  *values(): MapIterator<V> {
    for (const key of this.order) yield this.get(key)!
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries()
  }

  forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void): void {
    for (const key of this.order) callback(this.get(key)!, key, this)
  }
}

/** `rows` each made into what `f` makes of it, a turn at a time (Turns): what a large file writes is prepared without stalling other requests. */
export async function mappedInTurns<R, V>(rows: readonly R[], f: (row: R) => V): Promise<V[]> {
  const mapped: V[] = []
  const turns = new Turns()
  for (const row of rows) {
    if (turns.due()) await turns.give()
    mapped.push(f(row))
  }
  return mapped
}

/** A map of `rows` by `entry`, built a turn at a time, so that reading a large table stalls no other request. */
export async function mapInTurns<R, V>(rows: readonly R[], entry: (row: R) => [string, V]): Promise<BigMap<V>> {
  const map = new BigMap<V>()
  const turns = new Turns()
  for (let i = 0; i < rows.length; i++) {
    if (turns.due()) await turns.give()
    const [key, value] = entry(rows[i]!)
    map.set(key, value)
  }
  return map
}

/**
 * Whether the records of `kind` cannot be checked because their file was refused. Says so once for each file and
 * field naming them, so that one refused file makes one problem, not one for every row referring to it.
 */
export function notChecked(ctx: PlanContext, kind: Refusable, file: string, field: string): boolean {
  const refused = ctx.refused.get(kind)
  if (refused === undefined) return false
  const said = `${file}|${field}`
  if (!ctx.noted.has(said)) {
    ctx.noted.add(said)
    ctx.problems.push({ file, line: 0, field, value: '', message: MESSAGES.notChecked(refused) })
  }
  return true
}

/** The most codes a near match is looked for among: product codes and account numbers are listed nowhere anyway. */
const SUGGESTED_AMONG = 5_000

const UNKNOWN = {
  branches: (h: string) => MESSAGES.unknownBranch(h),
  categories: (h: string) => MESSAGES.unknownCategory(h),
  brands: (h: string) => MESSAGES.unknownBrand(h),
} as const

/** "unknown branch" with the nearest code, or the codes there are; the same message for the same code. */
export function unknownMessage(ctx: PlanContext, kind: 'branches' | 'categories' | 'brands', code: string): Message {
  const key = `${kind}|${code}`
  let message = ctx.unknownMessages.get(key)
  if (!message) {
    const known = ctx.known[kind]
    const near = known.size <= SUGGESTED_AMONG ? nearest(code, known) : null
    message = UNKNOWN[kind](hint(kind, `${kind}.csv`, near, known.size <= LISTED_CODES ? [...known] : 'many'))
    ctx.unknownMessages.set(key, message)
  }
  return message
}

/**
 * Checks that a row's `field` names a known record of `kind`: a problem of the row when it does not, unless the
 * file of those records was refused (then nothing can be said of it, and notChecked says so once).
 */
export function checkKnown(ctx: PlanContext, r: RowReader, kind: keyof Known, field: string, code: string | undefined) {
  if (!code || ctx.known[kind].has(code) || notChecked(ctx, kind, r.table.file, field)) return
  const message =
    kind === 'products'
      ? MESSAGES.unknownProduct()
      : kind === 'accounts'
        ? MESSAGES.unknownAccount()
        : kind === 'sites'
          ? null
          : unknownMessage(ctx, kind, code)
  if (message) r.problem(field, code, message)
}

export const counts = (added = 0, changed = 0, withdrawn = 0, failed = 0): Counts => ({ added, changed, withdrawn, failed })

/** Strips undefined fields, so a write leaves the columns the file does not give as they are. */
export function given<T extends Record<string, unknown>>(row: T): Partial<T> {
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)) as Partial<T>
}
