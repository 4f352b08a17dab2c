import { BRANCH_CODE_RULE } from '@portal/contract/common'
import { AUSTRALIAN_STATES } from '@portal/contract/checkout'

declare const listed: unique symbol

/**
 * A message of the import: only the entries of MESSAGES make one, so every message the import can give is one
 * of them, and each is explained in docs/erp-interchange.md (a test reads the document for every entry's `doc`).
 */
export type Message = string & { readonly [listed]: true }

type Entry<A extends unknown[]> = ((...args: A) => Message) & { docs: readonly string[] }

/** `doc`: the message as the reference spells it, with <placeholders> for what varies (each form, when it has several). */
const entry = <A extends unknown[]>(doc: string | readonly string[], text: (...args: A) => string): Entry<A> =>
  Object.assign((...args: A) => text(...args) as Message, { docs: typeof doc === 'string' ? [doc] : doc })
const fixed = (text: string) => entry(text, () => text)

/** The forms of "unknown branch" and the like, as `hint` words them. */
const unknownForms = (what: string, plural: string) => [
  `unknown ${what}: did you mean <code>?`,
  `unknown ${what}; the ${plural} are <codes>`,
  `unknown ${what}: not in ${plural}.csv nor in the portal`,
  `unknown ${what}: there are none yet; add it to ${plural}.csv`,
]

const REFERENCE = 'docs/erp-interchange.md'

/** How many valid codes a message lists before it stops listing them. */
export const LISTED_CODES = 8

/** "; the branches are HAM, NPL, PNR" or "; did you mean X?" or "": what follows "unknown branch" and the like. */
export function hint(plural: string, file: string, near: string | null, codes: readonly string[] | 'many'): string {
  if (near) return `: did you mean ${near}?`
  if (codes === 'many') return `: not in ${file} nor in the portal`
  if (codes.length === 0) return `: there are none yet; add it to ${file}`
  return `; the ${plural} are ${[...codes].sort().join(', ')}`
}

export const MESSAGES = {
  // The files
  notInterchange: fixed(`not a file of the ERP interchange; the files are listed in ${REFERENCE}`),
  sentTwice: entry(
    '<file> was sent too (file names match whatever their case): send one',
    (other: string) => `${other} was sent too (file names match whatever their case): send one`,
  ),
  csvAndJsonl: entry('both <name>.csv and <name>.jsonl were sent; send one', (name: string) => `both ${name}.csv and ${name}.jsonl were sent; send one`),
  tooLarge: entry('larger than <N> MB: split it over several imports', (mb: number) => `larger than ${mb} MB: split it over several imports`),
  notUtf8: fixed('the file is not UTF-8 text: save it as UTF-8 (a byte-order mark is allowed)'),
  nul: fixed('a NUL character (byte 0) on this line: remove it; no field may hold one'),
  empty: fixed('the file is empty: it needs a header row'),
  quoteNotClosed: fixed('a quoted field is never closed'),
  strayQuote: fixed('a quote inside an unquoted field (write it as "" inside a quoted field)'),
  afterClosingQuote: fixed('text after a closing quote (write a quote as "" inside a quoted field)'),
  unreadable: fixed('the text cannot be read as CSV from this line on'),
  rowTooLong: entry(
    'a row longer than <N> MB starts here: check the file is the export you meant',
    (mb: number) => `a row longer than ${mb} MB starts here: check the file is the export you meant`,
  ),
  tooManyRows: entry(
    'more than <N> rows: split the file over several imports',
    (n: number) => `more than ${n.toLocaleString('en-AU')} rows: split the file over several imports`,
  ),
  tooManyColumns: entry('the header has <N> columns; <file> has <M>', (n: number, name: string, m: number) => `the header has ${n} columns; ${name} has ${m}`),
  unknownColumn: entry(
    'unknown column; <file> has <its columns>',
    (name: string, columns: readonly string[]) => `unknown column; ${name} has ${columns.join(', ')}`,
  ),
  unknownColumnNear: entry('unknown column: did you mean <column>?', (column: string) => `unknown column: did you mean ${column}?`),
  columnTwice: fixed('the column appears twice'),
  columnMissing: fixed('required column missing from the header'),
  fieldCount: entry(
    '<N> fields where the header has <M>: quote a value that holds a comma',
    (n: number, m: number) => `${n} fields where the header has ${m}: quote a value that holds a comma`,
  ),
  notJsonObject: fixed('not a JSON object'),
  unknownField: entry('unknown field; <file> has <its fields>', (name: string, fields: readonly string[]) => `unknown field; ${name} has ${fields.join(', ')}`),
  unknownFieldNear: entry('unknown field: did you mean <field>?', (field: string) => `unknown field: did you mean ${field}?`),
  notScalar: fixed('must be a string, number or boolean'),
  notChecked: entry(
    'not checked: <file> was refused (see its problems); fix it and import again',
    (file: string) => `not checked: ${file} was refused (see its problems); fix it and import again`,
  ),

  // A field
  required: fixed('required field is empty'),
  notText: fixed('holds a NUL character or half a character: remove it'),
  money: fixed('not an amount in dollars with up to 2 decimals, such as 1234.50'),
  thousands: entry('has a thousands separator: write <value without it>', (plain: string) => `has a thousands separator: write ${plain}`),
  currency: entry('has a currency sign: drop it and write <value without it>', (plain: string) => `has a currency sign: drop it and write ${plain}`),
  negative: fixed('must not be negative'),
  whole: fixed('not a whole number'),
  atLeast: entry('must be at least <N>', (min: number) => `must be at least ${min}`),
  atMost: entry('must be at most <N>', (max: string) => `must be at most ${max}`),
  decimal: fixed('not a number of at least 0'),
  decimalUpTo: entry('not a number from 0 to <N>', (max: number) => `not a number from 0 to ${max}`),
  yesNo: fixed('not a yes/no value (true, false, 1, 0, Y or N)'),
  creditMode: fixed('must be warn, block or empty (no credit rule)'),
  abn: fixed('not an ABN: 11 digits that pass the ABN check-digit rule, such as 53 004 085 616'),
  date: fixed('not a date: write it as YYYY-MM-DD, such as 2026-12-06'),
  email: fixed('not an e-mail address'),
  role: fixed('must be Administrator or User'),
  state: fixed(`not an Australian state: write one of ${[...AUSTRALIAN_STATES].sort().join(', ')} (or its full name, such as Victoria)`),
  branchCode: fixed(`not a branch code: ${BRANCH_CODE_RULE}`),
  synonymsEmpty: fixed('required field is empty (synonyms separated by ;)'),

  // Keys and what rows refer to
  duplicate: entry('duplicate key: also on line <N>', (line: number) => `duplicate key: also on line ${line}`),
  unknownBranch: entry(unknownForms('branch', 'branches'), (h: string) => `unknown branch${h}`),
  unknownCategory: entry(unknownForms('category', 'categories'), (h: string) => `unknown category${h}`),
  unknownBrand: entry(unknownForms('brand', 'brands'), (h: string) => `unknown brand${h}`),
  unknownProduct: fixed('unknown product: not in products.csv nor in the portal'),
  unknownAccount: fixed('unknown account: not in accounts.csv nor in the portal'),
  unknownSite: entry('unknown delivery site of account <AccountCode>', (account: string) => `unknown delivery site of account ${account}`),
  unknownSalesOrder: fixed('unknown sales order: not in orders.csv nor in the portal'),
  unknownInvoice: fixed('unknown invoice: not in invoices.csv nor in the portal'),
  defaultBranch: fixed('a new account needs a default branch (DefaultWareHouse or Branches)'),
  categoryCycle: entry('category cycle: <a > b > a>', (path: readonly string[]) => `category cycle: ${path.join(' > ')}`),
  endBeforeStart: fixed('before StartDate'),
  amountMismatch: entry(
    'does not match the lines: <total> including GST',
    (total: number) => `does not match the lines: ${(total / 100).toFixed(2)} including GST`,
  ),

  outstandingOverAmount: entry(
    "more than the invoice's Amount: at most <amount>",
    (most: number) => `more than the invoice's Amount: at most ${(most / 100).toFixed(2)}`,
  ),

  // Orders and the portal's own
  portalOrderId: fixed('not a portal order number (such as SO9000001)'),
  unknownPortalOrder: fixed('unknown portal order'),
  acknowledgedAs: entry(
    'portal order <PortalOrderId> was already acknowledged as <SalesOrder>',
    (id: string, salesOrder: string) => `portal order ${id} was already acknowledged as ${salesOrder}`,
  ),
  salesOrderTaken: fixed('another order already has this SalesOrder'),

  // Pictures and attachments
  picturePath: fixed('not images/{ProductCode}.jpg, .png or .webp'),
  pictureTwice: entry("duplicate key: <path> is this product's picture too", (path: string) => `duplicate key: ${path} is this product's picture too`),
  pictureType: entry('an image that is not a picture: the file is not <type>', (type: string) => `an image that is not a picture: the file is not ${type}`),
  pictureUnreadable: fixed('an image that is not a picture: it cannot be read'),
  attachmentPath: fixed('not attachments/{ProductCode}/{FileName}'),
  attachmentMissing: entry('no such file in attachments/<ProductCode>/', (code: string) => `no such file in attachments/${code}/`),

  // The run
  unexpected: fixed('the import stopped on an unexpected error; nothing was written'),
} satisfies Record<string, { docs: readonly string[] }>

export type MessageKey = keyof typeof MESSAGES
