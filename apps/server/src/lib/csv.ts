/**
 * RFC 4180 CSV with line numbers as an editor counts them: the header is line 1, and a quoted field holding
 * line breaks moves the next record's line on by as many. Used by the ERP interchange (design section 10)
 * and the demo data's synonyms.csv. A byte-order mark is dropped; CRLF, LF and a last line without a break all end a record.
 */
export interface CsvRecord {
  /** The line the record starts on. */
  line: number
  fields: string[]
}

export interface CsvText {
  records: CsvRecord[]
  /** A quote opened and never closed, or a quote in the middle of an unquoted field: the line it is on. */
  error?: { line: number; message: string }
}

export function parseCsv(input: string): CsvText {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input
  const records: CsvRecord[] = []
  let fields: string[] = []
  let field = ''
  let quoted = false
  let wasQuoted = false
  let line = 1
  let recordLine = 1
  let quoteLine = 1
  const endField = () => {
    fields.push(field)
    field = ''
    wasQuoted = false
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else {
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++
        field += c
      }
      continue
    }
    if (c === '"') {
      if (field !== '' || wasQuoted) return { records, error: { line, message: 'a quote inside an unquoted field (write it as "" inside a quoted field)' } }
      quoted = true
      wasQuoted = true
      quoteLine = line
    } else if (c === ',') endField()
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      endField()
      records.push({ line: recordLine, fields })
      fields = []
      line++
      recordLine = line
    } else if (wasQuoted) {
      return { records, error: { line, message: 'text after a closing quote (write a quote as "" inside a quoted field)' } }
    } else field += c
  }
  if (quoted) return { records, error: { line: quoteLine, message: 'a quoted field is never closed' } }
  if (field !== '' || fields.length > 0 || wasQuoted) {
    endField()
    records.push({ line: recordLine, fields })
  }
  return { records }
}
