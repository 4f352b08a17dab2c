import { parseCsv } from '../../../lib/csv'
import { restoreCell } from '../../../lib/csv-cells'
import type { FileSpec } from './files'
import type { ErpProblem as Problem } from '../problems'

/** One record of a file: its line (header = line 1 for CSV; the JSON line for .jsonl) and its fields as text. */
export interface Row {
  line: number
  values: Map<string, string>
}

export interface Table {
  /** The file's name as sent (products.csv, products.jsonl). */
  file: string
  /** The fields the file has: a field it leaves out is left as it is in the portal. */
  columns: Set<string>
  rows: Row[]
}

/** The export as sent: each file's path inside the folder (forward slashes) and its bytes. */
export type ExportFiles = Map<string, Uint8Array>

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Reads `name.csv` or `name.jsonl` from the export; null when neither is there. Problems go to `problems`. */
export function readTable(files: ExportFiles, spec: FileSpec, problems: Problem[]): Table | null {
  const csv = files.get(`${spec.name}.csv`)
  const jsonl = files.get(`${spec.name}.jsonl`)
  if (csv && jsonl) {
    problems.push({ file: `${spec.name}.jsonl`, line: 0, field: '', value: '', message: `both ${spec.name}.csv and ${spec.name}.jsonl were sent; send one` })
    return null
  }
  const file = csv ? `${spec.name}.csv` : `${spec.name}.jsonl`
  const bytes = csv ?? jsonl
  if (!bytes) return null
  let text: string
  try {
    text = utf8.decode(bytes)
  } catch {
    problems.push({ file, line: 0, field: '', value: '', message: 'the file is not UTF-8 text' })
    return null
  }
  return csv ? csvTable(file, text, spec, problems) : jsonlTable(file, text, spec, problems)
}

function csvTable(file: string, text: string, spec: FileSpec, problems: Problem[]): Table | null {
  const { records, error } = parseCsv(text)
  if (error) {
    problems.push({ file, line: error.line, field: '', value: '', message: error.message })
    return null
  }
  const [header, ...body] = records
  if (!header) {
    problems.push({ file, line: 1, field: '', value: '', message: 'the file is empty: it needs a header row' })
    return null
  }
  const names = header.fields.map((f) => f.trim())
  if (!checkColumns(file, names, spec, problems)) return null
  const rows: Row[] = []
  for (const record of body) {
    if (record.fields.every((f) => f.trim() === '')) continue
    if (record.fields.length > names.length) {
      problems.push({
        file,
        line: record.line,
        field: '',
        value: record.fields.slice(names.length).join(','),
        message: `${record.fields.length} fields where the header has ${names.length}`,
      })
      continue
    }
    // A cell the portal's own export neutralised (a leading quote before =, +, -, @) reads as it was.
    rows.push({ line: record.line, values: new Map(names.map((name, i) => [name, restoreCell(record.fields[i] ?? '').trim()])) })
  }
  return { file, columns: new Set(names), rows }
}

function jsonlTable(file: string, text: string, spec: FileSpec, problems: Problem[]): Table | null {
  const rows: Row[] = []
  const columns = new Set<string>(spec.required)
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  lines.forEach((source, i) => {
    if (source.trim() === '') return
    const line = i + 1
    let value: unknown
    try {
      value = JSON.parse(source)
    } catch {
      problems.push({ file, line, field: '', value: source.slice(0, 80), message: 'not a JSON object' })
      return
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      problems.push({ file, line, field: '', value: source.slice(0, 80), message: 'not a JSON object' })
      return
    }
    const values = new Map<string, string>()
    for (const [name, v] of Object.entries(value)) {
      if (!spec.fields.includes(name)) {
        problems.push({ file, line, field: name, value: '', message: `unknown field; ${spec.name} has ${spec.fields.join(', ')}` })
        continue
      }
      if (v !== null && typeof v === 'object') {
        problems.push({ file, line, field: name, value: JSON.stringify(v).slice(0, 80), message: 'must be a string, number or boolean' })
        continue
      }
      columns.add(name)
      values.set(name, v === null ? '' : String(v).trim())
    }
    rows.push({ line, values })
  })
  return { file, columns, rows }
}

function checkColumns(file: string, names: string[], spec: FileSpec, problems: Problem[]): boolean {
  let ok = true
  const seen = new Set<string>()
  for (const name of names) {
    if (!spec.fields.includes(name)) {
      problems.push({ file, line: 1, field: name, value: name, message: `unknown column; ${spec.name} has ${spec.fields.join(', ')}` })
      ok = false
    } else if (seen.has(name)) {
      problems.push({ file, line: 1, field: name, value: name, message: 'the column appears twice' })
      ok = false
    }
    seen.add(name)
  }
  for (const name of spec.required) {
    if (!seen.has(name)) {
      problems.push({ file, line: 1, field: name, value: '', message: 'required column missing from the header' })
      ok = false
    }
  }
  return ok
}
