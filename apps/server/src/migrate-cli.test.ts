import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { migrations } from './db/migrate'

const run = promisify(execFile)
const cli = fileURLToPath(new URL('./migrate-cli.ts', import.meta.url))

describe('npm run migrate -- --check', () => {
  const parent = mkdtempSync(join(tmpdir(), 'portal-migrate-check-'))
  afterAll(() => rmSync(parent, { recursive: true, force: true }))

  it('lists every migration as pending for a database not created yet, and creates no directory', async () => {
    const dataDir = join(parent, 'data')
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }
    const outcome = await run(process.execPath, ['--import', 'tsx', cli, '--check'], { env }).then(
      (r) => ({ code: 0, stdout: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
    )
    expect(outcome.code).toBe(1)
    expect(outcome.stdout).toContain(`There is no embedded database in ${dataDir} yet`)
    for (const m of migrations) expect(outcome.stdout).toContain(m.version)
    expect(existsSync(dataDir)).toBe(false)
  }, 60_000)
})
