import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../db/database'
import { databaseName, withoutPassword } from '../../../lib/cli'
import { adminQuery, databaseUrl } from '../../../../test/global-setup'
import { erpImportCommand, type Output } from './command'

const SAMPLE = fileURLToPath(new URL('../../../../../../examples/erp', import.meta.url))
const parent = mkdtempSync(join(tmpdir(), 'portal-erp-command-'))
const postgres = process.env.TEST_DATABASE_URL
/** Outside demo mode an import that writes needs the distributor's identity (its invitations carry the name). */
const OWN = {
  DEMO_MODE: 'false',
  DISTRIBUTOR_NAME: 'Hamilton Rural & Vet Supplies',
  DISTRIBUTOR_ABN: '33 618 240 660',
  DISTRIBUTOR_PHONE: '03 5572 1800',
  DISTRIBUTOR_EMAIL: 'orders@hamiltonrural.example',
  DISTRIBUTOR_ADDRESS: '40 Gipps Street, Hamilton VIC 3300',
}

afterAll(() => rmSync(parent, { recursive: true, force: true }))

/** Runs the command as npm run erp:import would, its lines captured. */
async function run(argv: string[], env: Record<string, string>) {
  const lines: string[] = []
  const errors: string[] = []
  const out: Output = { log: (l) => lines.push(l), error: (l) => errors.push(l), write: () => {}, tty: false }
  const code = await erpImportCommand(argv, { LOG_LEVEL: 'silent', ERP_API_KEY: '', DATABASE_URL: '', ...env }, out)
  return { code, stdout: lines.join('\n'), stderr: errors.join('\n'), first: lines[0] }
}

/** Rows the import writes, and the runs it records, in the embedded database of `dataDir`. */
async function countsIn(dataDir: string) {
  const handle = await openDatabase({ dataDir })
  try {
    const { rows } = await sql<{ products: number; runs: number }>`
      SELECT (SELECT count(*) FROM products)::int AS products, (SELECT count(*) FROM erp_runs)::int AS runs`.execute(handle.db)
    return rows[0]!
  } finally {
    await handle.close()
  }
}

describe('the database npm run erp:import opens', () => {
  it('is named on the first line, a PostgreSQL URL without its password', () => {
    expect(databaseName({ dataDir: 'data' })).toBe(`${join(process.cwd(), 'data')} (embedded PGlite)`)
    expect(databaseName({ databaseUrl: 'postgres://portal:s3cret-Pass@db.internal:5432/portal', dataDir: 'data' })).toBe(
      'postgres://portal@db.internal:5432/portal (PostgreSQL)',
    )
    expect(withoutPassword('postgresql://u:p%40ss@h/db?sslmode=require')).toBe('postgresql://u@h/db?sslmode=require')
    expect(withoutPassword('postgres://h/db')).toBe('postgres://h/db')
  })

  it.skipIf(postgres)(
    'is never made without --create, and a dry run makes nothing at all',
    async () => {
      const dataDir = join(parent, 'missing')
      const refused = await run([SAMPLE], { DATA_DIR: dataDir })
      expect(refused.code).toBe(2)
      expect(refused.first).toBe(`Database: ${dataDir} (embedded PGlite)`)
      expect(refused.stderr).toContain(`There is no portal database in ${dataDir}`)
      expect(refused.stderr).toContain('pass --create to make a new one')
      expect(existsSync(dataDir)).toBe(false)

      const dry = await run([SAMPLE, '--dry-run'], { DATA_DIR: dataDir })
      expect(dry.code).toBe(2)
      expect(existsSync(dataDir)).toBe(false)

      // Told it may be new, a dry run checks against an empty database in memory: still no folder.
      const checked = await run([SAMPLE, '--dry-run', '--create'], { DATA_DIR: dataDir })
      expect(checked.code, checked.stderr).toBe(0)
      expect(checked.stdout).toMatch(/products\.csv\s+200\s+0\s+0\s+0/)
      expect(checked.stdout).toContain('Nothing was written (--dry-run)')
      expect(existsSync(dataDir)).toBe(false)
    },
    120_000,
  )

  it.skipIf(postgres)(
    'is made with --create, and the command says where the import went without claiming the portal shows it',
    async () => {
      const dataDir = join(parent, 'new')
      const made = await run([SAMPLE, '--create'], { ...OWN, DATA_DIR: dataDir, SEED_SCALE: 'none' })
      expect(made.code, made.stderr).toBe(0)
      expect(made.first).toBe(`Database: ${dataDir} (embedded PGlite)`)
      expect(made.stdout).toContain(`Creating a new database in ${dataDir} (--create)`)
      expect(made.stdout).toMatch(/Read \d+ file\(s\), \d+\.\d MB/)
      expect(made.stdout).toContain('  checked products.csv')
      expect(made.stdout).toContain('  written products.csv')
      expect(made.stdout).toContain(`Imported into ${dataDir} (embedded PGlite).`)
      expect(made.stdout).not.toContain('portal shows it')
      expect(readdirSync(dataDir)).not.toContain('portal.pid')
      const before = await countsIn(dataDir)
      expect(before.products).toBe(200)

      // A dry run on it writes nothing: neither rows nor a run in the runs list.
      const dry = await run([SAMPLE, '--dry-run', '--full'], { DATA_DIR: dataDir, DEMO_MODE: 'false' })
      expect(dry.code, dry.stderr).toBe(0)
      expect(await countsIn(dataDir)).toEqual(before)
    },
    180_000,
  )

  it.runIf(postgres)(
    'on PostgreSQL, a database without the portal tables is refused unless --create',
    async () => {
      const name = `portal_cmd_${randomBytes(6).toString('hex')}`
      await adminQuery(postgres!, `CREATE DATABASE ${name}`)
      const url = databaseUrl(postgres!, name)
      try {
        const refused = await run([SAMPLE], { DATABASE_URL: url })
        expect(refused.code).toBe(2)
        expect(refused.first).toBe(`Database: ${withoutPassword(url)} (PostgreSQL)`)
        expect(refused.stderr).toContain('pass --create to make a new one')

        const dry = await run([SAMPLE, '--dry-run', '--create'], { DATABASE_URL: url })
        expect(dry.code, dry.stderr).toBe(0)
        const tables = await openDatabase({ databaseUrl: url, poolSize: 1 })
        try {
          const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`.execute(tables.db)
          expect(rows[0]!.n).toBe(0)
        } finally {
          await tables.close()
        }

        const made = await run([SAMPLE, '--create'], { DATABASE_URL: url })
        expect(made.code, made.stderr).toBe(0)
        expect(made.stdout).toContain(`Imported into ${withoutPassword(url)} (PostgreSQL).`)
      } finally {
        await adminQuery(postgres!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      }
    },
    180_000,
  )
})
