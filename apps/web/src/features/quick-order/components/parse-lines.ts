/** A row read from a paste or a file: the code and the quantity as written (checked by the server). */
export type ParsedLine = { code: string; qty: string }

/**
 * The header words a pasted block, a .csv or an .xlsx may use (docs/decisions/0034), compared without case,
 * spaces or punctuation. A header names the columns; without one, the code is the first column and the
 * quantity the second.
 */
export const CODE_HEADERS = ['code', 'product code', 'productcode', 'item code', 'item', 'sku', 'stock code', 'part number', 'barcode', 'ean', 'gtin']
export const QTY_HEADERS = ['qty', 'quantity', 'order qty', 'qty ordered', 'quantity ordered', 'units']

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '')
const codeHeaders = new Set(CODE_HEADERS.map(squash))
const qtyHeaders = new Set(QTY_HEADERS.map(squash))

/** The separator of a line: tab, else semicolon, else comma, else runs of spaces. */
function separatorOf(line: string): string | RegExp {
  if (line.includes('\t')) return '\t'
  if (line.includes(';')) return ';'
  if (line.includes(',')) return ','
  return / +/
}

/** One line's fields, honouring double quotes (a spreadsheet quotes a cell holding the separator). */
function fieldsOf(line: string): string[] {
  const separator = separatorOf(line)
  if (typeof separator !== 'string') return line.trim().split(separator)
  const fields: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"'
        i++
      } else if (ch === '"') quoted = false
      else field += ch
    } else if (ch === '"' && field.trim() === '') {
      quoted = true
      field = ''
    } else if (ch === separator) {
      fields.push(field)
      field = ''
    } else field += ch
  }
  fields.push(field)
  return fields.map((f) => f.trim())
}

/** Where the code and the quantity are, when the first row is a header that names them. */
function headerColumns(cells: string[]): { code: number; qty: number } | undefined {
  const names = cells.map(squash)
  const code = names.findIndex((n) => codeHeaders.has(n))
  const qty = names.findIndex((n) => qtyHeaders.has(n))
  if (code >= 0) return { code, qty: qty >= 0 ? qty : code === 0 ? 1 : 0 }
  if (qty >= 0) return { code: qty === 0 ? 1 : 0, qty }
  return undefined
}

/** A first row is a header when it names a column, or when its quantity is words ("Item, How many"). */
const looksLikeHeader = (cells: string[]) => headerColumns(cells) !== undefined || (cells.length > 1 && /^[^\d]*[a-z][^\d]*$/i.test(cells[1] ?? ''))

/** How far down a sheet the header row is looked for: below a title, an account name, a date and the like. */
export const HEADER_SEARCH_ROWS = 20

/**
 * Rows of cells (from a paste, a .csv or a sheet) to lines: header skipped, blank rows left out, a missing quantity 1.
 * The header is the first of the first rows that names a column: the rows above it (an order form's title, the
 * customer's name, a date) are left out, so that they are never read as codes nor shift the columns.
 */
export function linesFromTable(table: string[][]): ParsedLine[] {
  const rows = table.map((r) => r.map((c) => c.trim())).filter((r) => r.some((c) => c !== ''))
  if (rows.length === 0) return []
  let columns = { code: 0, qty: 1 }
  let body = rows
  const header = rows.slice(0, HEADER_SEARCH_ROWS).findIndex((r) => headerColumns(r) !== undefined)
  if (header >= 0) {
    columns = headerColumns(rows[header]!)!
    body = rows.slice(header + 1)
  } else if (looksLikeHeader(rows[0]!)) {
    body = rows.slice(1)
  }
  return body
    .map((r) => ({ code: r[columns.code] ?? '', qty: r[columns.qty] ?? '' }))
    .filter((l) => l.code !== '')
    .map((l) => ({ code: l.code, qty: l.qty === '' ? '1' : l.qty }))
}

/** A block copied from a spreadsheet or an e-mail, or a .csv file's text. */
export function parseLines(text: string): ParsedLine[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)
  return linesFromTable(lines.map(fieldsOf))
}

/** Whether pasted text is a block of lines rather than one code. */
export const isBlock = (text: string) => /[\n\r\t]/.test(text.trim()) || /[;,]/.test(text)

/** A cell of a sheet as text: numbers as written (no exponent for long barcodes), dates and booleans as shown. */
export function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return ''
  if (typeof cell === 'number') return Number.isInteger(cell) ? BigInt(cell).toString() : String(cell)
  if (cell instanceof Date) return cell.toISOString().slice(0, 10)
  return String(cell)
}

/** The lines of an uploaded .csv or .xlsx; the spreadsheet reader is loaded only when a sheet is uploaded. */
export async function readFileLines(file: File): Promise<ParsedLine[]> {
  if (/\.xlsx$/i.test(file.name) || file.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') {
    const { readSheet } = await import('read-excel-file/universal')
    const rows = await readSheet(await file.arrayBuffer())
    return linesFromTable(rows.map((row) => row.map(cellText)))
  }
  if (/\.(csv|txt)$/i.test(file.name) || file.type === 'text/csv' || file.type === 'text/plain') return parseLines(await file.text())
  throw new Error('Choose a .csv or .xlsx file.')
}
