import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminQuery, databaseUrl } from '../test/global-setup'
import { startTestApp, TEST_ERP_KEY, type TestContext } from '../test/helpers'

const cli = fileURLToPath(new URL('./erp-import.ts', import.meta.url))
const SAMPLE = fileURLToPath(new URL('../../../examples/erp', import.meta.url))
const BROKEN = join(SAMPLE, 'broken')

interface Outcome {
  code: number
  stdout: string
  stderr: string
}

function erpImport(args: string[], env: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', cli, ...args], { env: { ...process.env, LOG_LEVEL: 'silent', ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    )
  })
}

describe('npm run erp:import', () => {
  const parent = mkdtempSync(join(tmpdir(), 'portal-erp-import-'))
  const target: Record<string, string> = { DATABASE_URL: '', DATA_DIR: join(parent, 'data'), ERP_API_KEY: '' }
  const url = process.env.TEST_DATABASE_URL
  const name = `portal_cli_${randomBytes(6).toString('hex')}`
  beforeAll(async () => {
    if (url) {
      await adminQuery(url, `CREATE DATABASE ${name}`)
      target.DATABASE_URL = databaseUrl(url, name)
    }
  })
  afterAll(async () => {
    rmSync(parent, { recursive: true, force: true })
    if (url) await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  })

  it('exits 2 on wrong usage', async () => {
    expect((await erpImport([], target)).code).toBe(2)
    expect((await erpImport([SAMPLE, '--fast'], target)).code).toBe(2)
    expect((await erpImport([join(parent, 'no-such-folder')], target)).code).toBe(2)
    const invite = await erpImport([SAMPLE, '--invite', 'everyone'], target)
    expect(invite.code).toBe(2)
    expect(invite.stderr).toContain('--invite must be none, new or all (got "everyone")')
  }, 180_000)

  it('exits 1 on a broken export, listing every problem, and writes nothing; 0 on the sample; 0 changed the second time', async () => {
    // A new database is made only when asked; a dry run checks against an empty one in memory.
    const refused = await erpImport([SAMPLE], target)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('pass --create to make a new one')

    const dry = await erpImport([SAMPLE, '--dry-run', '--create'], target)
    expect(dry.code, dry.stderr).toBe(0)
    expect(dry.stdout).toMatch(/products\.csv\s+200\s+0\s+0\s+0/)
    expect(dry.stdout).toContain('Nothing was written (--dry-run)')
    // Into a portal without users, the default invites no one, and says what --invite would send.
    expect(dry.stdout).toContain('Invitations: 0 would be sent (--invite none, the default into a portal without users); --invite new would send 28.')

    const first = await erpImport([SAMPLE, '--create'], target)
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout.split('\n')[0]).toMatch(/^Database: \S+ \((embedded PGlite|PostgreSQL)\)$/)
    expect(first.stdout).not.toContain('The portal shows it now')
    expect(first.stdout).toMatch(/products\.csv\s+200\s+0\s+0\s+0/)
    expect(first.stdout).toContain('  checked products.csv')
    expect(first.stdout).toContain('Invitations: 0 sent (--invite none, the default into a portal without users); --invite new would send 28.')

    const broken = await erpImport([BROKEN], target)
    expect(broken.code).toBe(1)
    expect(broken.stderr).toContain('products.csv:5 Price "abc": not an amount in dollars with up to 2 decimals')
    expect(broken.stderr).toContain('nothing was written')

    // The users the first import left waiting are invited when asked for, once.
    const second = await erpImport([SAMPLE, '--full', '--invite', 'all'], target)
    expect(second.code, second.stderr).toBe(0)
    expect(second.stdout).toMatch(/products\.csv\s+0\s+0\s+0\s+0/)
    expect(second.stdout).toContain('Invitations: 28 sent (--invite all).')
  }, 300_000)
})

describe('npm run erp:import with the embedded database held by a running portal', () => {
  let t: TestContext
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-erp-held-'))
  beforeAll(async () => {
    t = await startTestApp()
    await t.app.listen({ host: '127.0.0.1', port: 0 })
    // This test process stands for the portal holding the data directory.
    writeFileSync(join(dataDir, 'portal.pid'), String(process.pid))
  })
  afterAll(async () => {
    await t?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('sends the files to the portal API with the ERP key and reports its answer', async () => {
    const port = (t.app.server.address() as AddressInfo).port
    const env = { DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), ERP_API_KEY: TEST_ERP_KEY }
    const res = await erpImport([SAMPLE, '--invite', 'none'], env)
    expect(res.code, res.stderr).toBe(0)
    expect(res.stdout.split('\n')[0]).toBe(`Database: ${dataDir} (embedded PGlite), held by the running portal (pid ${process.pid})`)
    expect(res.stdout).toContain(`Sending the files to the running portal at http://127.0.0.1:${port}/api/erp/import`)
    expect(res.stdout).toContain(`Imported through the running portal into ${dataDir} (embedded PGlite); the portal shows it now.`)
    // The choice travels to the portal as its import route's invite=none: the sample's users get no e-mail.
    expect(res.stdout).toMatch(/Invitations: 0 sent \(--invite none\); --invite new would send \d+/)
    expect(await t.db.selectFrom('email_outbox').select('id').where('to_address', '=', 'it@riverinarural.example').execute()).toEqual([])
    expect(res.stdout).toMatch(/products\.csv\s+200\s+0\s+0\s+0/)
    const imported = await t.db.selectFrom('products').select('product_code').where('product_code', '=', 'ONEC-1000').executeTakeFirst()
    expect(imported).toBeDefined()

    const refused = await erpImport([BROKEN], env)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('stock.csv:2 LocationID "NOWHERE": unknown branch')

    const keyless = await erpImport([SAMPLE], { ...env, ERP_API_KEY: '', DEMO_MODE: 'false' })
    expect(keyless.code).toBe(2)
    expect(keyless.stderr).toContain('stop the portal')
  }, 180_000)
})
