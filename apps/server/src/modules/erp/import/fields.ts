import { AUSTRALIAN_STATES } from '@portal/contract/checkout'
import type { Problems } from '../problems'
import { MESSAGES, type Message } from './messages'
import type { Row, Table } from './read'

const TRUE = new Set(['true', '1', 'y', 'yes'])
const FALSE = new Set(['false', '0', 'n', 'no'])
const MONEY = /^-?\d+(\.\d{1,2})?$/
const WHOLE = /^-?\d+$/
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
/** Digits grouped in thousands by commas, as a spreadsheet shows them: 1,234.50 or 12,000. */
const GROUPED = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/
/** A currency sign or code before or after the amount: $12.50, A$12.50, AUD 12.50, 12.50 AUD, €12. */
const CURRENCY = /^(-?)\s*(?:A?\$|AUD|€|£)\s*(.*?)$|^(.*?)\s*(?:AUD)$/i
/** The most a 32-bit column holds: quantities, and money in cents. */
const LARGEST = 2_147_483_647

/** The states of the checkout form by their full names, read as their codes. */
const STATE_NAMES: Record<string, (typeof AUSTRALIAN_STATES)[number]> = {
  victoria: 'VIC',
  'new south wales': 'NSW',
  'australian capital territory': 'ACT',
  queensland: 'QLD',
  'western australia': 'WA',
  'northern territory': 'NT',
  'south australia': 'SA',
  tasmania: 'TAS',
}
const STATES = new Set<string>(AUSTRALIAN_STATES)

/** An amount or number as written without its thousands separators or currency sign, when that is what is wrong. */
function numberFix(value: string, pattern: RegExp): Message | null {
  const currency = CURRENCY.exec(value)
  if (currency) {
    const plain = `${currency[1] ?? ''}${currency[2] ?? currency[3] ?? ''}`.trim().replaceAll(',', '')
    return pattern.test(plain) ? MESSAGES.currency(plain) : null
  }
  if (GROUPED.test(value) && pattern.test(value.replaceAll(',', ''))) return MESSAGES.thousands(value.replaceAll(',', ''))
  return null
}

/**
 * Reads one row's fields into typed values, collecting a problem for each bad one (docs/erp-interchange.md: money in
 * dollars with up to 2 decimals, whole quantities, YYYY-MM-DD dates, true/false/1/0/Y/N). An optional field
 * whose column the file leaves out reads as undefined: the portal keeps what it has.
 */
export class RowReader {
  failed = false

  constructor(
    readonly table: Table,
    readonly row: Row,
    private readonly problems: Problems,
  ) {}

  get line() {
    return this.row.line
  }

  problem(field: string, value: string, message: Message) {
    this.failed = true
    this.problems.push({ file: this.table.file, line: this.row.line, field, value, message })
  }

  private raw(field: string): string | undefined {
    return this.table.columns.has(field) ? (this.row.values[this.table.index.get(field)!] ?? '') : undefined
  }

  /** A required text field: a problem when empty. */
  key(field: string): string {
    const value = this.raw(field) ?? ''
    if (value === '') this.problem(field, '', MESSAGES.required())
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
      if (required) this.problem(field, '', MESSAGES.required())
      return empty
    }
    if (!MONEY.test(value)) {
      this.problem(field, value, numberFix(value, MONEY) ?? MESSAGES.money())
      return empty
    }
    const cents = Math.round(Number(value) * 100)
    if (cents < 0 && !negative) {
      this.problem(field, value, MESSAGES.negative())
      return empty
    }
    if (Math.abs(cents) > LARGEST) {
      this.problem(field, value, MESSAGES.atMost((LARGEST / 100).toFixed(2)))
      return empty
    }
    return cents
  }

  /** A whole number, at least `min`; empty optional ones read as `empty`. */
  whole(field: string, { required = false, min = 0, empty = null as number | null } = {}): number | null | undefined {
    const value = this.raw(field)
    if (value === undefined && !required) return undefined
    if (value === undefined || value === '') {
      if (required) this.problem(field, '', MESSAGES.required())
      return empty
    }
    if (!WHOLE.test(value)) {
      this.problem(field, value, numberFix(value, WHOLE) ?? MESSAGES.whole())
      return empty
    }
    const n = Number(value)
    if (n < min) {
      this.problem(field, value, MESSAGES.atLeast(min))
      return empty
    }
    if (n > LARGEST) {
      this.problem(field, value, MESSAGES.atMost(String(LARGEST)))
      return empty
    }
    return n
  }

  /** A decimal number (weight in kg, discount percent), at least 0. */
  decimal(field: string, { max = Number.POSITIVE_INFINITY } = {}): number | null | undefined {
    const value = this.raw(field)
    if (value === undefined) return undefined
    if (value === '') return null
    const DECIMAL = /^\d+(\.\d+)?$/
    if (!DECIMAL.test(value) || Number(value) > Math.min(max, LARGEST)) {
      const fix = DECIMAL.test(value) ? null : numberFix(value, DECIMAL)
      this.problem(field, value, fix ?? (max === Number.POSITIVE_INFINITY ? MESSAGES.decimal() : MESSAGES.decimalUpTo(max)))
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
    this.problem(field, value, MESSAGES.yesNo())
    return empty
  }

  /** A YYYY-MM-DD date that exists. */
  date(field: string, { required = false } = {}): string | null | undefined {
    const value = this.raw(field)
    if (value === undefined && !required) return undefined
    if (value === undefined || value === '') {
      if (required) this.problem(field, '', MESSAGES.required())
      return null
    }
    const m = DATE.exec(value)
    const day = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null
    if (!m || !day || day.toISOString().slice(0, 10) !== value) {
      this.problem(field, value, MESSAGES.date())
      return null
    }
    return value
  }

  /** An Australian state as the checkout offers it: its code in any case, or its full name; stored as the code. */
  state(field: string): string | undefined {
    const value = this.raw(field)
    if (value === undefined || value === '') return value
    const code = STATES.has(value.toUpperCase()) ? value.toUpperCase() : STATE_NAMES[value.toLowerCase().replace(/\s+/g, ' ')]
    if (code) return code
    this.problem(field, value, MESSAGES.state())
    return ''
  }
}

/** Every row of a table, each with a reader made as it is reached (a file may hold a million rows). */
export function* readersOf(table: Table, problems: Problems): Generator<RowReader> {
  for (const row of table.rows) yield new RowReader(table, row, problems)
}
