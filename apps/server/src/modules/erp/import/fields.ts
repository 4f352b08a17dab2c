import type { ErpProblem as Problem } from '../problems'
import type { Row, Table } from './read'

const TRUE = new Set(['true', '1', 'y', 'yes'])
const FALSE = new Set(['false', '0', 'n', 'no'])
const MONEY = /^-?\d+(\.\d{1,2})?$/
const WHOLE = /^-?\d+$/
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * Reads one row's fields into typed values, collecting a problem for each bad one (design section 10: money in
 * dollars with up to 2 decimals, whole quantities, YYYY-MM-DD dates, true/false/1/0/Y/N). An optional field
 * whose column the file leaves out reads as undefined: the portal keeps what it has.
 */
export class RowReader {
  failed = false

  constructor(
    readonly table: Table,
    readonly row: Row,
    private readonly problems: Problem[],
  ) {}

  get line() {
    return this.row.line
  }

  problem(field: string, value: string, message: string) {
    this.failed = true
    this.problems.push({ file: this.table.file, line: this.row.line, field, value, message })
  }

  private raw(field: string): string | undefined {
    return this.table.columns.has(field) ? (this.row.values.get(field) ?? '') : undefined
  }

  /** A required text field: a problem when empty. */
  key(field: string): string {
    const value = this.raw(field) ?? ''
    if (value === '') this.problem(field, '', 'required field is empty')
    return value
  }

  /** Optional text: '' when empty, undefined when the file has no such column. */
  text(field: string): string | undefined {
    return this.raw(field)
  }

  /** Money in cents; `required` fields must be there; empty optional ones read as `empty`. Never negative. */
  money(field: string, { required = false, empty = null as number | null, negative = false } = {}): number | null | undefined {
    const value = this.raw(field)
    if (value === undefined && !required) return undefined
    if (value === undefined || value === '') {
      if (required) this.problem(field, '', 'required field is empty')
      return empty
    }
    const plain = value.replace(/^\$/, '')
    if (!MONEY.test(plain)) {
      this.problem(field, value, 'not an amount in dollars with up to 2 decimals')
      return empty
    }
    const cents = Math.round(Number(plain) * 100)
    if (cents < 0 && !negative) {
      this.problem(field, value, 'must not be negative')
      return empty
    }
    return cents
  }

  /** A whole number, at least `min`; empty optional ones read as `empty`. */
  whole(field: string, { required = false, min = 0, empty = null as number | null } = {}): number | null | undefined {
    const value = this.raw(field)
    if (value === undefined && !required) return undefined
    if (value === undefined || value === '') {
      if (required) this.problem(field, '', 'required field is empty')
      return empty
    }
    if (!WHOLE.test(value) || !Number.isSafeInteger(Number(value))) {
      this.problem(field, value, 'not a whole number')
      return empty
    }
    const n = Number(value)
    if (n < min) {
      this.problem(field, value, `must be at least ${min}`)
      return empty
    }
    return n
  }

  /** A decimal number (weight in kg, discount percent), at least 0. */
  decimal(field: string, { max = Number.POSITIVE_INFINITY } = {}): number | null | undefined {
    const value = this.raw(field)
    if (value === undefined) return undefined
    if (value === '') return null
    if (!/^\d+(\.\d+)?$/.test(value) || Number(value) > max) {
      this.problem(field, value, max === Number.POSITIVE_INFINITY ? 'not a number of at least 0' : `not a number from 0 to ${max}`)
      return null
    }
    return Number(value)
  }

  /** true/false/1/0/Y/N (any case); empty reads as `empty`. */
  bool(field: string, empty: boolean): boolean | undefined {
    const value = this.raw(field)
    if (value === undefined) return undefined
    if (value === '') return empty
    const lower = value.toLowerCase()
    if (TRUE.has(lower)) return true
    if (FALSE.has(lower)) return false
    this.problem(field, value, 'not a yes/no value (true, false, 1, 0, Y or N)')
    return empty
  }

  /** A YYYY-MM-DD date that exists. */
  date(field: string, { required = false } = {}): string | null | undefined {
    const value = this.raw(field)
    if (value === undefined && !required) return undefined
    if (value === undefined || value === '') {
      if (required) this.problem(field, '', 'required field is empty')
      return null
    }
    const m = DATE.exec(value)
    const day = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null
    if (!m || !day || day.toISOString().slice(0, 10) !== value) {
      this.problem(field, value, 'not a date (YYYY-MM-DD)')
      return null
    }
    return value
  }
}

/** Every row of a table, each with a reader. */
export const readersOf = (table: Table, problems: Problem[]) => table.rows.map((row) => new RowReader(table, row, problems))
