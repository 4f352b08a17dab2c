import { CompiledQuery, type Compilable, type Kysely, type RawBuilder } from 'kysely'
import type { DB } from './schema'

/** What a statement's builder gives: a Kysely query, or an `sql` template. */
type Built<Row> = Compilable<Row> | RawBuilder<Row>

/** Stands, while a statement is compiled, for the value of one of its arguments. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A statement Kysely builds and compiles once, then runs with each call's values (decision 0098). Kysely
 * otherwise builds its operation tree and compiles it to SQL on every call: on a cold request that was a
 * third of the JavaScript spent on each statement (the session read: about 50 µs of 190). `build` is called
 * once with stand-ins for its arguments: it may only pass them to Kysely as values (`where(col, '=', arg)`,
 * `${arg}` in `sql`), never look into them or branch on them; a statement whose shape depends on a value
 * is one statement per shape. The text is the same on every call, so the prepared-statement name is found
 * without hashing a new string (decision 0098).
 */
export function statement<Args extends unknown[], Row>(build: (db: Kysely<DB>, ...args: Args) => Built<Row>) {
  let compiled: { sql: string; values: (args: Args) => unknown[] } | undefined
  return async (db: Kysely<DB>, ...args: Args): Promise<Row[]> => {
    compiled ??= compile(db, build)
    if (checkingShapes) assertSameShape(db, build, args, compiled.sql)
    const { rows } = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, compiled.values(args)))
    return rows
  }
}

/**
 * One `statement` per shape, for a statement whose SQL depends on a few facts (a reseller's visibility rule,
 * whether an account's prices are read): `build(shape)` gives the builder of that shape's statement.
 */
export function shapedStatement<Shape extends string, Args extends unknown[], Row>(build: (shape: Shape) => (db: Kysely<DB>, ...args: Args) => Built<Row>) {
  const byShape = new Map<Shape, (db: Kysely<DB>, ...args: Args) => Promise<Row[]>>()
  return (shape: Shape, db: Kysely<DB>, ...args: Args): Promise<Row[]> => {
    let run = byShape.get(shape)
    if (!run) byShape.set(shape, (run = statement(build(shape))))
    return run(db, ...args)
  }
}

let checkingShapes = false

/**
 * From now on every call of a statement builds it again with its own arguments and throws when the SQL is not the
 * one compiled once: a builder that branches on an argument fails the first test that calls it with the other
 * branch's value, instead of silently keeping one shape. The API tests turn it on (test/setup.ts); it costs a
 * build a call, so the server does not.
 */
export function checkStatementShapes(on = true) {
  checkingShapes = on
}

/** A built statement's SQL and parameters: an `sql` template compiles against `db`, a Kysely query by itself. */
const compiledOf = <Row>(db: Kysely<DB>, built: Built<Row>) => ('isRawBuilder' in built ? built.compile(db) : built.compile())

function assertSameShape<Args extends unknown[], Row>(db: Kysely<DB>, build: (db: Kysely<DB>, ...args: Args) => Built<Row>, args: Args, compiledSql: string) {
  const { sql } = compiledOf(db, build(db, ...args))
  if (sql !== compiledSql)
    throw new Error(`a statement's shape depends on its arguments (use shapedStatement): compiled once as\n${compiledSql}\nbut these arguments build\n${sql}`)
}

function compile<Args extends unknown[], Row>(db: Kysely<DB>, build: (db: Kysely<DB>, ...args: Args) => Built<Row>) {
  const slots = Array.from({ length: build.length - 1 }, (_, i) => new Slot(i))
  const { sql, parameters } = compiledOf(db, build(db, ...(slots as unknown as Args)))
  const misused = (value: unknown) => (typeof value === 'string' && value.includes('[object Object]')) || (typeof value === 'number' && Number.isNaN(value))
  if (misused(sql) || parameters.some(misused)) throw new Error(`a statement's argument was used as more than a value: ${sql}`)
  const take = parameters.map((p) => (p instanceof Slot ? p.index : { constant: p }))
  return { sql, values: (args: Args) => take.map((t) => (typeof t === 'number' ? args[t] : t.constant)) }
}
