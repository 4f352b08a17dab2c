/**
 * Cells of a CSV file people open in a spreadsheet, neutralised against formula injection as OWASP's guidance
 * on CSV injection says: a cell that a spreadsheet would take for a formula (one starting with `=`, `+`, `-`,
 * `@`, a tab or a carriage return) is written with a single quote in front, which makes it text. A plain
 * number (`-12.50`) is a number, not a formula, and is written as it is. So that the quote can be taken off
 * again without guessing, a cell that already starts with quotes followed by such a character gets one more.
 * The import (modules/erp/import/read.ts) takes one quote off a cell starting with quotes followed by such a
 * character: what the portal writes, it reads back exactly (docs/erp-interchange.md, "Cells that look like formulas").
 */
const FORMULA_START = /^'*[=+\-@\t\r]/
const NEUTRALISED = /^'+[=+\-@\t\r]/
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/

export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text
}

/** The inverse of neutraliseCell, for every cell the import reads from a CSV file. */
export function restoreCell(text: string): string {
  return NEUTRALISED.test(text) ? text.slice(1) : text
}
