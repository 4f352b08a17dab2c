import { sql, type Kysely } from 'kysely'
import type { DB } from '../db/schema'
import { insertUnnest, type Columns } from '../lib/bulk-sql'

export type Db = Kysely<DB>

/**
 * Collects rows and writes them as one `INSERT ... SELECT * FROM unnest($1::int4[], ...)`:
 * a handful of parameters per batch whatever its size, which both drivers send quickly.
 */
export class BulkTable<Row extends object> {
  private rows: Row[] = []
  inserted = 0
  /** Rows kept in memory instead of written, when given no database (the demo's interchange files). */
  readonly kept: Row[] = []

  constructor(
    readonly table: keyof DB & string,
    private readonly columns: Columns<Row>,
  ) {}

  get pending(): number {
    return this.rows.length
  }

  push(row: Row): void {
    this.rows.push(row)
  }

  async flush(db: Db | null): Promise<void> {
    await this.insert(db, this.take())
  }

  /** Hands over the collected rows, so more can be collected while these are written. */
  take(): Row[] {
    const rows = this.rows
    this.rows = []
    return rows
  }

  async insert(db: Db | null, rows: Row[]): Promise<void> {
    if (rows.length === 0) return
    if (!db) {
      this.kept.push(...rows)
      this.inserted += rows.length
      return
    }
    await insertUnnest(db, this.table, this.columns, rows)
    this.inserted += rows.length
  }
}

/** Rows carry explicit ids (so children can refer to them before anything is written); move the sequences past them. */
export async function syncSequences(db: Db, tables: ReadonlyArray<keyof DB & string>): Promise<void> {
  for (const table of tables) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), greatest((SELECT max(id) FROM ${sql.table(table)}), 1), (SELECT count(*) > 0 FROM ${sql.table(table)}))`.execute(
      db,
    )
  }
}

export async function countRows(db: Db, table: keyof DB & string): Promise<number> {
  const result = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)
  return Number(result.rows[0]?.n ?? 0)
}

/**
 * Bulk loads go faster when secondary indexes and foreign keys are built once at the end rather than row by row.
 * Whatever is dropped here is recreated from its own definition afterwards, even when the load fails.
 */
export async function withDeferredIndexes<T>(db: Db, tables: ReadonlyArray<keyof DB & string>, load: () => Promise<T>): Promise<T> {
  const foreignKeys = await sql<{ table_name: string; name: string; definition: string }>`
    SELECT c.conrelid::regclass::text AS table_name, c.conname AS name, pg_get_constraintdef(c.oid) AS definition
    FROM pg_constraint c
    WHERE c.contype = 'f' AND c.conrelid = ANY(ARRAY(SELECT to_regclass(t) FROM unnest(${[...tables]}::text[]) AS t))
    ORDER BY 1, 2
  `.execute(db)
  const indexes = await sql<{ name: string; definition: string }>`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i
    WHERE i.indrelid = ANY(ARRAY(SELECT to_regclass(t) FROM unnest(${[...tables]}::text[]) AS t))
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
    ORDER BY 1
  `.execute(db)
  for (const fk of foreignKeys.rows) await sql`ALTER TABLE ${sql.raw(fk.table_name)} DROP CONSTRAINT ${sql.id(fk.name)}`.execute(db)
  for (const index of indexes.rows) await sql`DROP INDEX ${sql.raw(index.name)}`.execute(db)
  try {
    return await load()
  } finally {
    for (const index of indexes.rows) await sql.raw(index.definition).execute(db)
    for (const fk of foreignKeys.rows) await sql`ALTER TABLE ${sql.raw(fk.table_name)} ADD CONSTRAINT ${sql.id(fk.name)} ${sql.raw(fk.definition)}`.execute(db)
  }
}
