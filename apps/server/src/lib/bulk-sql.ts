import { sql, type Kysely } from 'kysely'
import type { DB } from '../db/schema'

/**
 * Many rows in one statement with a parameter per column, not per value: `INSERT ... SELECT * FROM unnest($1::int4[], ...)`
 * and `UPDATE ... FROM unnest(...)`. Both drivers send a few large arrays far quicker than a VALUES list of
 * thousands of parameters. Used by the ERP import's document lines and the demo loader.
 */

export type PgType = 'int2' | 'int4' | 'int8' | 'text' | 'date' | 'timestamptz' | 'bool' | 'numeric'
export type Columns<Row = Record<string, unknown>> = ReadonlyArray<readonly [keyof Row & string, PgType]>

/** The columns an order line and an invoice line share (the order's or invoice's id comes first). */
export const DOCUMENT_LINE_COLUMNS = [
  ['line_no', 'int4'],
  ['product_id', 'int4'],
  ['product_code', 'text'],
  ['description', 'text'],
  ['qty_ordered', 'int4'],
  ['qty_back_ordered', 'int4'],
  ['qty_supplied', 'int4'],
  ['unit_price_cents', 'int4'],
  ['extended_ex_cents', 'int8'],
  ['tax_cents', 'int8'],
  ['extended_inc_cents', 'int8'],
] as const

const arraysOf = (columns: Columns, rows: readonly object[]) =>
  sql.join(columns.map(([name, type]) => sql`${rows.map((row) => (row as Record<string, unknown>)[name] ?? null)}::${sql.raw(type)}[]`))

export async function insertUnnest(db: Kysely<DB>, table: keyof DB & string, columns: Columns, rows: readonly object[]): Promise<void> {
  if (rows.length === 0) return
  await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map(([name]) => sql.ref(name)))}) SELECT * FROM unnest(${arraysOf(columns, rows)})`.execute(db)
}

/** Sets `columns` of the rows whose key columns (one or more) match. */
export async function updateUnnest(
  db: Kysely<DB>,
  table: keyof DB & string,
  keys: Columns,
  columns: Columns,
  rows: ReadonlyArray<Record<string, unknown>>,
): Promise<void> {
  if (rows.length === 0) return
  const all = [...keys, ...columns]
  const sets = sql.join(columns.map(([name]) => sql`${sql.id(name)} = u.${sql.id(name)}`))
  const match = sql.join(
    keys.map(([name]) => sql`t.${sql.id(name)} = u.${sql.id(name)}`),
    sql` AND `,
  )
  await sql`UPDATE ${sql.table(table)} t SET ${sets} FROM unnest(${arraysOf(all, rows)}) AS u(${sql.join(all.map(([name]) => sql.id(name)))}) WHERE ${match}`.execute(
    db,
  )
}
