import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import type { ErpProblem as Problem } from '../problems'
import type { UserChanges } from './invitations'

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
  problems: Problem[]
  /** What the import takes in but reports (an unmapped status code): they never stop it. */
  warnings: Problem[]
  known: Known
  /** What users.csv adds and (de)activates, for the run's invitations. */
  users: UserChanges
}

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

/** Rows new to the portal and rows that differ from it in a field the file gives. */
export function diff<T extends Fields>(wanted: Map<string, T>, existing: Map<string, Fields>) {
  const added: Array<[string, T]> = []
  const changed: Array<[string, T]> = []
  for (const [key, row] of wanted) {
    const now = existing.get(key)
    if (!now) added.push([key, row])
    else if (Object.entries(row).some(([field, value]) => value !== undefined && !same(value, now[field]))) changed.push([key, row])
  }
  return { added, changed }
}

/** In a full run, the active records the file leaves out. */
export function missing(mode: Mode, wanted: Map<string, unknown>, existing: Map<string, Fields>, activeField = 'active'): string[] {
  if (mode !== 'full') return []
  return [...existing].filter(([key, row]) => row[activeField] === true && !wanted.has(key)).map(([key]) => key)
}

/**
 * Adds a row under its key, or reports the key as a duplicate of an earlier line of the same file.
 */
export function keep<T>(rows: Map<string, T>, lines: Map<string, number>, key: string, line: number, row: T, report: (message: string) => void) {
  const first = lines.get(key)
  if (first !== undefined) {
    report(`duplicate key: also on line ${first}`)
    return
  }
  lines.set(key, line)
  rows.set(key, row)
}

export const counts = (added = 0, changed = 0, withdrawn = 0, failed = 0): Counts => ({ added, changed, withdrawn, failed })

/** Strips undefined fields, so a write leaves the columns the file does not give as they are. */
export function given<T extends Record<string, unknown>>(row: T): Partial<T> {
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)) as Partial<T>
}
