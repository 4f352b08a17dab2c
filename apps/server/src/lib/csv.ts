import { setImmediate as yieldToOthers } from 'node:timers/promises'
import { CsvError, parse, type Info } from 'csv-parse'
import { parse as parseSync } from 'csv-parse/sync'

/**
 * RFC 4180 CSV read by csv-parse, with line numbers as an editor counts them: the header is line 1, and a quoted
 * field holding line breaks moves the next record's line on by as many. A byte-order mark is dropped; CRLF, LF and
 * a last line without a break all end a record; empty lines are skipped. Used by the ERP interchange
 * (docs/erp-interchange.md) and the demo data's synonyms.csv.
 */
export interface CsvRecord {
  /** The line the record starts on. */
  line: number
  fields: string[]
}

/** Why a file cannot be read as CSV, and the line where reading stopped. */
export class CsvFileError extends Error {
  constructor(
    readonly line: number,
    message: string,
    /** What went wrong, for callers that word it their own way. */
    readonly reason: 'quote-not-closed' | 'stray-quote' | 'after-closing-quote' | 'record-too-long' | 'too-many-records' | 'unreadable',
  ) {
    super(message)
  }
}

export interface CsvLimits {
  /** The most bytes one record may take: a longer one stops the reading, before it is held in memory. */
  maxRecordBytes: number
  /** The most records (the header included): one more stops the reading. */
  maxRecords: number
}

const NO_LIMITS: CsvLimits = { maxRecordBytes: Number.POSITIVE_INFINITY, maxRecords: Number.POSITIVE_INFINITY }

/** The slice fed to the parser at a time; between slices other requests get the event loop. */
const CHUNK_BYTES = 64 * 1024

const OPTIONS = { bom: true, relax_column_count: true, skip_empty_lines: true } as const

/**
 * Counts line breaks (CRLF, LF or a lone CR) in the bytes as the parser moves through them, so that each record
 * gets the line it starts on without holding the file as lines.
 */
class Lines {
  private at = 0
  private line = 1

  /** Where the next record starts, as startAfter last found it. */
  get offset() {
    return this.at
  }

  constructor(private readonly bytes: Uint8Array) {}

  /** The line of the first byte at or after `offset` that is not a line break: where the next record starts. */
  startAfter(offset: number): number {
    this.moveTo(offset)
    let i = this.at
    while (i < this.bytes.length && (this.bytes[i] === 0x0a || this.bytes[i] === 0x0d)) i++
    this.moveTo(i)
    return this.line
  }

  private moveTo(offset: number) {
    const b = this.bytes
    for (let i = this.at; i < offset; i++) {
      if (b[i] === 0x0a) this.line++
      else if (b[i] === 0x0d && b[i + 1] !== 0x0a) this.line++
    }
    this.at = Math.max(this.at, offset)
  }
}

function fileError(error: unknown, line: number): CsvFileError {
  const code = error instanceof CsvError ? error.code : ''
  if (code === 'CSV_QUOTE_NOT_CLOSED') return new CsvFileError(line, 'a quoted field is never closed', 'quote-not-closed')
  if (code === 'INVALID_OPENING_QUOTE') return new CsvFileError(line, 'a quote inside an unquoted field (write it as "" inside a quoted field)', 'stray-quote')
  if (code === 'CSV_INVALID_CLOSING_QUOTE' || code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE')
    return new CsvFileError(line, 'text after a closing quote (write a quote as "" inside a quoted field)', 'after-closing-quote')
  return new CsvFileError(line, 'the text cannot be read as CSV from this line on', 'unreadable')
}

/**
 * Reads CSV bytes record by record, a slice at a time, yielding the event loop between slices: memory holds the
 * records read so far and at most one record in progress, which `limits.maxRecordBytes` bounds (a line of
 * nothing but commas is millions of fields). Throws CsvFileError with the line where reading stopped.
 */
export async function* readCsv(bytes: Uint8Array, limits: CsvLimits = NO_LIMITS): AsyncGenerator<CsvRecord> {
  const lines = new Lines(bytes)
  const ready: CsvRecord[] = []
  let failure: unknown = null
  let lastEnd = 0
  let nextLine = lines.startAfter(0)
  let count = 0
  // Records are taken as the parser makes them, with the bytes it has consumed, and none is pushed through the
  // stream: a stream's machinery for each of a million small records costs more than reading them.
  const parser = parse({
    ...OPTIONS,
    on_record: (record: string[], context: Info) => {
      ready.push({ line: nextLine, fields: record })
      lastEnd = context.bytes
      nextLine = lines.startAfter(lastEnd)
      return null
    },
  })
  parser.resume()
  parser.on('error', (error) => {
    failure ??= error
  })
  const ended = new Promise<void>((resolve) => {
    parser.on('end', resolve)
    parser.on('error', () => resolve())
  })
  const drain = function* () {
    for (const record of ready.splice(0)) {
      if (++count > limits.maxRecords) throw new CsvFileError(record.line, `more than ${limits.maxRecords - 1} rows: split the file`, 'too-many-records')
      yield record
    }
  }
  try {
    for (let start = 0; start < bytes.length && failure === null; start += CHUNK_BYTES) {
      const end = Math.min(bytes.length, start + CHUNK_BYTES)
      await new Promise<void>((resolve) => parser.write(bytes.subarray(start, end), () => resolve()))
      yield* drain()
      if (failure !== null) break
      // Empty lines are no record: the record in progress starts after them.
      nextLine = lines.startAfter(lastEnd)
      if (end - lines.offset > limits.maxRecordBytes)
        throw new CsvFileError(nextLine, `a row longer than ${limits.maxRecordBytes / 1024 / 1024} MB starts here`, 'record-too-long')
      await yieldToOthers()
    }
    if (failure === null) {
      parser.end()
      await ended
    }
    yield* drain()
    if (failure !== null) throw fileError(failure, nextLine)
  } finally {
    parser.destroy()
  }
}

export interface CsvText {
  records: CsvRecord[]
  /** A quote opened and never closed, or a quote in the middle of an unquoted field: the line it is on. */
  error?: { line: number; message: string }
}

/** Reads a small CSV text at once (the demo data's files), with the same rules as readCsv. */
export function parseCsv(input: string): CsvText {
  const bytes = Buffer.from(input)
  const lines = new Lines(bytes)
  let nextLine = lines.startAfter(0)
  const records: CsvRecord[] = []
  try {
    parseSync(bytes, {
      ...OPTIONS,
      on_record: (record: string[], context: Info) => {
        records.push({ line: nextLine, fields: record })
        nextLine = lines.startAfter(context.bytes)
        return null
      },
    })
  } catch (error) {
    const { line, message } = fileError(error, nextLine)
    return { records, error: { line, message } }
  }
  return { records }
}
