import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
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

/** The live process holding the data directory (the running portal), or null; reads only. */
export function dataDirHolder(dataDir: string): number | null {
  const holder = Number.parseInt(readFileSafe(join(dataDir, 'portal.pid')), 10)
  return Number.isInteger(holder) && holder !== process.pid && alive(holder) ? holder : null
}

/** Whether the directory holds an embedded database (PostgreSQL's PG_VERSION is the first file it writes). */
export const holdsDatabase = (dataDir: string): boolean => existsSync(join(dataDir, 'PG_VERSION'))
