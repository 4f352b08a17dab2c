import { readFileSync } from 'node:fs'
import { sql } from 'kysely'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { startTestApp } from '../../test/helpers'

const url = process.env.TEST_DATABASE_URL

type Columns = Record<string, { nullable: boolean }>

/** Whether a column's TypeScript type admits null: `T | null`, also inside Generated<…>, ColumnType<…> (its select type) and Json<…>. */
function admitsNull(node: ts.TypeNode): boolean {
  if (ts.isUnionTypeNode(node)) return node.types.some(admitsNull)
  if (ts.isLiteralTypeNode(node)) return node.literal.kind === ts.SyntaxKind.NullKeyword
  if (ts.isTypeReferenceNode(node) && node.typeArguments?.length) {
    const name = node.typeName.getText()
    if (name === 'Generated' || name === 'ColumnType') return admitsNull(node.typeArguments[0]!)
  }
  return false
}

/** db/schema.ts as tables of columns: the DB interface names each table's interface; `extends` is followed. */
function declaredSchema(): Record<string, Columns> {
  const file = new URL('./schema.ts', import.meta.url)
  const source = ts.createSourceFile('schema.ts', readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const interfaces = new Map<string, ts.InterfaceDeclaration>()
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node)
  })
  const columnsOf = (name: string): Columns => {
    const decl = interfaces.get(name)
    if (!decl) throw new Error(`db/schema.ts has no interface ${name}`)
    const inherited = (decl.heritageClauses ?? []).flatMap((h) => h.types.map((t) => columnsOf(t.expression.getText())))
    const own: Columns = {}
    for (const member of decl.members) {
      if (ts.isPropertySignature(member) && member.type) own[member.name.getText()] = { nullable: admitsNull(member.type) }
    }
    return Object.assign({}, ...inherited, own)
  }
  const tables: Record<string, Columns> = {}
  for (const member of interfaces.get('DB')!.members) {
    if (ts.isPropertySignature(member) && member.type) tables[member.name.getText()] = columnsOf(member.type.getText())
  }
  return tables
}

describe(`db/schema.ts against the migrated ${url ? 'PostgreSQL' : 'PGlite'} database`, () => {
  it('names every table and column the migrations make, and no other, each as nullable as the database has it', async () => {
    // The test app's database: migrated by the same code as every start (db/prepare.ts).
    const t = await startTestApp()
    try {
      const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: 'YES' | 'NO'; is_generated: string }>`
        SELECT c.table_name, c.column_name, c.is_nullable, c.is_generated FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
        WHERE c.table_schema = 'public'`.execute(t.db)
      const declared = declaredSchema()
      const migrated: Record<string, Columns> = {}
      for (const r of rows) {
        // A generated column (products.search_text) has no NOT NULL of its own: its expression decides, so only its name is compared.
        const nullable = r.is_generated === 'ALWAYS' ? (declared[r.table_name]?.[r.column_name]?.nullable ?? true) : r.is_nullable === 'YES'
        ;(migrated[r.table_name] ??= {})[r.column_name] = { nullable }
      }
      const sorted = (tables: Record<string, Columns>) =>
        Object.fromEntries(
          Object.keys(tables)
            .sort()
            .map((t) => [
              t,
              Object.fromEntries(
                Object.keys(tables[t]!)
                  .sort()
                  .map((c) => [c, tables[t]![c]]),
              ),
            ]),
        )
      expect(sorted(declared)).toEqual(sorted(migrated))
    } finally {
      await t.close()
    }
  }, 180_000)
})
