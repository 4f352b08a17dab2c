import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * PGlite is one process's database: a second portal on the same DATA_DIR would corrupt it.
 * A lock file with our pid keeps a second start out, and is taken over when its process is gone.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'portal.pid')
  const holder = Number.parseInt(readFileSafe(file), 10)
  if (Number.isInteger(holder) && holder !== process.pid && alive(holder)) {
    throw new Error(`The database in ${dataDir} is in use by another portal process (pid ${holder}). Stop it, or set DATA_DIR to another directory.`)
  }
  writeFileSync(file, String(process.pid))
  return () => {
    if (readFileSafe(file) === String(process.pid)) rmSync(file, { force: true })
  }
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    return ''
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}
