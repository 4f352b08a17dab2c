import { isUtf8 } from 'node:buffer'
import { setImmediate as yieldToOthers } from 'node:timers/promises'
import { CsvFileError, readCsv } from '../../../lib/csv'
import { restoreCell } from '../../../lib/csv-cells'
import { nearest } from '../../../lib/nearest'
import type { ErpProblem, Problems } from '../problems'
import { IMPORT_LIMITS, type FileSpec } from './files'
import { MESSAGES, type Message } from './messages'

/** One record of a file: its line (header = line 1 for CSV; the JSON line for .jsonl) and its fields as text, in the table's column order. */
export interface Row {
  line: number
  values: string[]
}

export interface Table {
  /** The file's name as sent (products.csv, Products.jsonl). */
  file: string
  /** The fields the file has: a field it leaves out is left as it is in the portal. */
  columns: Set<string>
  /** Where each field is in a row's values. */
  index: Map<string, number>
  rows: Row[]
}

/** The export as sent: each file's path inside the folder (forward slashes) and its bytes. */
export type ExportFiles = Map<string, Uint8Array>

const MiB = 1024 * 1024
const utf8 = new TextDecoder('utf-8')

// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const NUL = /\u0000/
const HALF_CHARACTER = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Why no database can store a value, or null: PostgreSQL refuses U+0000 in text, and JSON an unpaired surrogate. */
export const unstorable = (value: string): Message | null => (NUL.test(value) ? MESSAGES.nul() : HALF_CHARACTER.test(value) ? MESSAGES.notText() : null)

/** A file's problems, each at a line, field and value. */
const at =
  (problems: Problems, file: string) =>
  (line: number, field: string, value: string, message: Message): void =>
    void problems.push({ file, line, field, value, message } satisfies ErpProblem)

/**
 * The file of `spec` that was sent, `name.csv` or `name.jsonl` whatever the case of its name; null when none was.
 * More than one (both kinds, or the same name in two cases) is a problem, and none of them is read.
 */
export function sentFile(files: ExportFiles, spec: FileSpec, problems: Problems): { path: string; kind: 'csv' | 'jsonl' } | 'refused' | null {
  const sent = [...files.keys()].filter((path) => !path.includes('/') && [`${spec.name}.csv`, `${spec.name}.jsonl`].includes(path.toLowerCase()))
  if (sent.length === 0) return null
  if (sent.length > 1) {
    const kinds = new Set(sent.map((path) => path.toLowerCase()))
    for (const path of sent.slice(1)) at(problems, path)(0, '', '', kinds.size > 1 ? MESSAGES.csvAndJsonl(spec.name) : MESSAGES.sentTwice(sent[0]!))
    return 'refused'
  }
  const path = sent[0]!
  return { path, kind: path.toLowerCase().endsWith('.csv') ? 'csv' : 'jsonl' }
}

/**
 * Reads the file of `spec` from the export, a row at a time within IMPORT_LIMITS. Null when it was not sent;
 * 'refused' when it was and cannot be read as a whole (its problems say why), so that rows of other files naming
 * its records are not reported as unknown.
 */
export async function readTable(files: ExportFiles, spec: FileSpec, problems: Problems): Promise<Table | 'refused' | null> {
  const found = sentFile(files, spec, problems)
  if (found === null || found === 'refused') return found
  const { path, kind } = found
  const bytes = files.get(path)!
  const report = at(problems, path)
  if (bytes.length > IMPORT_LIMITS.fileMiB * MiB) return (report(0, '', '', MESSAGES.tooLarge(IMPORT_LIMITS.fileMiB)), 'refused')
  if (!isUtf8(bytes)) return (report(0, '', '', MESSAGES.notUtf8()), 'refused')
  const before = problems.length
  const table = kind === 'csv' ? await csvTable(path, bytes, spec, problems) : await jsonlTable(path, bytes, spec, problems)
  if (table === null && problems.length === before) report(0, '', '', MESSAGES.unreadable())
  return table ?? 'refused'
}

const csvMessage = (error: CsvFileError): Message => {
  switch (error.reason) {
    case 'quote-not-closed':
      return MESSAGES.quoteNotClosed()
    case 'stray-quote':
      return MESSAGES.strayQuote()
    case 'after-closing-quote':
      return MESSAGES.afterClosingQuote()
    case 'record-too-long':
      return MESSAGES.rowTooLong(IMPORT_LIMITS.rowMiB)
    case 'too-many-records':
      return MESSAGES.tooManyRows(IMPORT_LIMITS.rows)
    default:
      return MESSAGES.unreadable()
  }
}

async function csvTable(file: string, bytes: Uint8Array, spec: FileSpec, problems: Problems): Promise<Table | null> {
  const report = at(problems, file)
  const records = readCsv(bytes, { maxRecordBytes: IMPORT_LIMITS.rowMiB * MiB, maxRecords: IMPORT_LIMITS.rows + 1 })
  let table: Table | null = null
  try {
    for await (const record of records) {
      if (!table) {
        const names = record.fields.map((f) => f.trim())
        if (!checkColumns(file, names, spec, problems)) return null
        table = { file, columns: new Set(names), index: new Map(names.map((name, i) => [name, i])), rows: [] }
        continue
      }
      if (record.fields.every((f) => f.trim() === '')) continue
      const width = table.index.size
      if (record.fields.length > width) {
        report(record.line, '', record.fields.slice(width).join(','), MESSAGES.fieldCount(record.fields.length, width))
        continue
      }
      // A cell the portal's own export neutralised (a leading quote before =, +, -, @) reads as it was.
      const values = record.fields.map((f) => restoreCell(f).trim())
      if (storable(report, record.line, [...table.index.keys()], values)) table.rows.push({ line: record.line, values })
    }
  } catch (error) {
    if (!(error instanceof CsvFileError)) throw error
    report(error.line, '', '', csvMessage(error))
    return null
  }
  if (!table) report(1, '', '', MESSAGES.empty())
  return table
}

/** Reports each field no database can store; true when there is none. */
function storable(report: ReturnType<typeof at>, line: number, names: string[], values: string[]): boolean {
  let ok = true
  values.forEach((value, i) => {
    const why = unstorable(value)
    if (why) {
      report(line, names[i] ?? '', value, why)
      ok = false
    }
  })
  return ok
}

/** The lines of a .jsonl file one at a time, without holding them all: its line number and text. */
async function* jsonLines(bytes: Uint8Array): AsyncGenerator<{ line: number; text: string }> {
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0
  for (let line = 1; start <= bytes.length; line++) {
    const newline = bytes.indexOf(0x0a, start)
    const end = newline < 0 ? bytes.length : newline
    if (end - start > IMPORT_LIMITS.rowMiB * MiB) throw new CsvFileError(line, '', 'record-too-long')
    // An empty line (a file can be millions of them) is passed over without making a string of it.
    const empty = end === start || (end === start + 1 && bytes[start] === 0x0d)
    const text = empty ? '' : utf8.decode(bytes.subarray(start, end)).trim()
    if (text !== '') yield { line, text }
    start = end + 1
    if (line % 10_000 === 0) await yieldToOthers()
  }
}

async function jsonlTable(file: string, bytes: Uint8Array, spec: FileSpec, problems: Problems): Promise<Table | null> {
  const report = at(problems, file)
  const index = new Map(spec.fields.map((name, i) => [name, i]))
  const columns = new Set<string>(spec.required)
  const table: Table = { file, columns, index, rows: [] }
  try {
    for await (const { line, text } of jsonLines(bytes)) {
      if (table.rows.length >= IMPORT_LIMITS.rows) throw new CsvFileError(line, '', 'too-many-records')
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch {
        value = null
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        report(line, '', text.slice(0, 80), MESSAGES.notJsonObject())
        continue
      }
      const values = new Array<string>(spec.fields.length).fill('')
      let ok = true
      for (const [name, v] of Object.entries(value)) {
        const i = index.get(name)
        if (i === undefined) {
          const near = nearest(name, spec.fields)
          report(line, name.slice(0, 80), '', near ? MESSAGES.unknownFieldNear(near) : MESSAGES.unknownField(spec.name, spec.fields))
          continue
        }
        if (v !== null && typeof v === 'object') {
          report(line, name, JSON.stringify(v).slice(0, 80), MESSAGES.notScalar())
          continue
        }
        const text = v === null ? '' : String(v).trim()
        const why = unstorable(text)
        if (why) {
          report(line, name, text, why)
          ok = false
        }
        columns.add(name)
        values[i] = text
      }
      if (ok) table.rows.push({ line, values })
    }
  } catch (error) {
    if (!(error instanceof CsvFileError)) throw error
    report(error.line, '', '', csvMessage(error))
    return null
  }
  return table
}

function checkColumns(file: string, names: string[], spec: FileSpec, problems: Problems): boolean {
  const report = at(problems, file)
  if (names.length > IMPORT_LIMITS.columns) {
    report(1, '', '', MESSAGES.tooManyColumns(names.length, spec.name, spec.fields.length))
    return false
  }
  let ok = true
  const seen = new Set<string>()
  // A misspelt column is reported once, as the column it was meant to be, not again as that column missing.
  const meant = new Set<string>()
  for (const name of names) {
    const why = unstorable(name)
    if (why) report(1, name, name, why)
    else if (!spec.fields.includes(name)) {
      const near = nearest(name, spec.fields)
      if (near) meant.add(near)
      report(1, name, name, near ? MESSAGES.unknownColumnNear(near) : MESSAGES.unknownColumn(spec.name, spec.fields))
    } else if (seen.has(name)) report(1, name, name, MESSAGES.columnTwice())
    else {
      seen.add(name)
      continue
    }
    ok = false
  }
  for (const name of spec.required) {
    if (!seen.has(name) && !names.includes(name) && !meant.has(name)) {
      report(1, name, '', MESSAGES.columnMissing())
      ok = false
    }
  }
  return ok
}
