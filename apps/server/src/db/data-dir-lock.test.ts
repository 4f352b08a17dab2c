import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { lockDataDir } from './data-dir-lock'

const dirs: string[] = []
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-lock-'))
  dirs.push(dir)
  return dir
}
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

describe('the embedded database directory lock', () => {
  it('keeps a second portal process out while the first runs', () => {
    const dir = newDir()
    writeFileSync(join(dir, 'portal.pid'), String(process.ppid))
    expect(() => lockDataDir(dir)).toThrow(/in use by another portal process/)
  })

  it('takes over the lock of a process that is gone, and gives it back', () => {
    const dir = newDir()
    writeFileSync(join(dir, 'portal.pid'), '999999999')
    const unlock = lockDataDir(dir)
    expect(readFileSync(join(dir, 'portal.pid'), 'utf8')).toBe(String(process.pid))
    unlock()
    expect(() => readFileSync(join(dir, 'portal.pid'))).toThrow()
  })
})
