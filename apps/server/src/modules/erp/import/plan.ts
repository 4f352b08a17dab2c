import { setImmediate as yieldToOthers } from 'node:timers/promises'
import type { Kysely } from 'kysely'
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

/**
 * How many rows are compared between two turns of other requests: a file of hundreds of thousands of rows (a whole
 * stock file) is compared while the portal goes on answering its customers (docs/erp-interchange.md, Limits).
 */
export const ROWS_A_TURN = 5_000

/** Rows new to the portal and rows that differ from it in a field the file gives; other requests are answered between turns. */
export async function diff<T extends Fields>(wanted: Map<string, T>, existing: Map<string, Fields>) {
  const added: Array<[string, T]> = []
  const changed: Array<[string, T]> = []
  let i = 0
  for (const [key, row] of wanted) {
    if (++i % ROWS_A_TURN === 0) await yieldToOthers()
    const now = existing.get(key)
    if (!now) added.push([key, row])
    else if (Object.entries(row).some(([field, value]) => value !== undefined && !same(value, now[field]))) changed.push([key, row])
  }
  return { added, changed }
}

/** In a full run, the active records the file leaves out; other requests are answered between turns. */
export async function missing(mode: Mode, wanted: Map<string, unknown>, existing: Map<string, Fields>, activeField = 'active'): Promise<string[]> {
  if (mode !== 'full') return []
  const left: string[] = []
  let i = 0
  for (const [key, row] of existing) {
    if (++i % ROWS_A_TURN === 0) await yieldToOthers()
    if (row[activeField] === true && !wanted.has(key)) left.push(key)
  }
  return left
}

/** A map of `rows` by `entry`, built a turn at a time, so that reading a large table stalls no other request. */
export async function mapInTurns<R, V>(rows: readonly R[], entry: (row: R) => [string, V]): Promise<Map<string, V>> {
  const map = new Map<string, V>()
  for (let i = 0; i < rows.length; i++) {
    if (i % ROWS_A_TURN === ROWS_A_TURN - 1) await yieldToOthers()
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
